"""Every Stephenson's Rocket FAQ ruling (SR-*) as executable Gherkin (features/rocket)."""

from pathlib import Path

from pytest_bdd import scenarios

from steps.common import *  # noqa: F403
from steps.rocket import *  # noqa: F403

# An absolute path: pytest-xdist workers started from another directory may not
# find the ini file that sets bdd_features_base_dir.
scenarios(str(Path(__file__).resolve().parents[1] / "features" / "rocket"))

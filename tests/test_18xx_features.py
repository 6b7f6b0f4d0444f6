"""Every 18xx teleporting-private ruling (TP-*) as executable Gherkin (features/18xx)."""

from pathlib import Path

from pytest_bdd import scenarios

from steps.common import *  # noqa: F403
from steps.eighteen import *  # noqa: F403

# An absolute path: pytest-xdist workers started from another directory may not
# find the ini file that sets bdd_features_base_dir.
scenarios(str(Path(__file__).resolve().parents[1] / "features" / "18xx"))

"""Every Stephenson's Rocket FAQ ruling (SR-*) as executable Gherkin (features/rocket)."""

from pytest_bdd import scenarios

from steps.common import *  # noqa: F403
from steps.rocket import *  # noqa: F403

scenarios("rocket")

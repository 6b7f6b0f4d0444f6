"""Every registered game's scenarios, for the plain test run (the front door is
``steps/suite.py``, which ``railrules certify`` runs)."""

from steps.suite import *  # noqa: F403

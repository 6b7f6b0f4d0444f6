"""The 18xx step module (the game record's ``steps``): the operating-turn steps
(``eighteen_base``), the 1870 destinations and connection runs (DS-*) and the 1825
single-track variant (ST-*). Each part imports only ``eighteen_base`` and the world,
never this module, so any of them may be imported first without a cycle."""

from __future__ import annotations

from steps.eighteen_base import *  # noqa: F403
from steps.eighteen_destinations import *  # noqa: F403
from steps.eighteen_single_track import *  # noqa: F403

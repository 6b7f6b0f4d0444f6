"""Every 18xx mutant, the list the game's registry record names (``oracle/eighteen/
module.py``): the private powers and base turn rules (``eighteen.py``), 1870's
destinations and connection runs (DS-*: ``eighteen_destinations.py``,
``eighteen_destination_tokens.py``) and 1825's single-track variant (ST-*:
``eighteen_single_track.py``, ``eighteen_single_track_runs.py``).
"""

from __future__ import annotations

from oracle.harness.mutants import Mutant
from oracle.harness.mutants.eighteen import MUTANTS as BASE
from oracle.harness.mutants.eighteen_destination_tokens import MUTANTS as DESTINATION_TOKENS
from oracle.harness.mutants.eighteen_destinations import MUTANTS as DESTINATIONS
from oracle.harness.mutants.eighteen_single_track import MUTANTS as SINGLE_TRACK
from oracle.harness.mutants.eighteen_single_track_runs import MUTANTS as SINGLE_TRACK_RUNS

MUTANTS: list[Mutant] = [*BASE, *DESTINATIONS, *DESTINATION_TOKENS, *SINGLE_TRACK,
                         *SINGLE_TRACK_RUNS]

"""Instruction counts under callgrind, which a busy machine does not drift.

``python -m oracle.harness.instructions`` runs each fixed workload twice under
``valgrind --tool=callgrind`` (N units, then none: the difference drops start-up and
imports) and prints one JSON object of instructions per unit:

* ``rocket_instructions_per_game``: a complete random game on the default board on the
  playout kernel (oracle/rocket/fastplay; the ``rocket_games_per_s`` workload of
  ``railrules bench``);
* ``rocket_decode_instructions``: one ``codec.from_json`` of a mid-game position (the
  schema check, the decode and ``check_consistent``), what every protocol request with a
  position costs the oracle before it answers;
* ``fuzz_instructions_per_action``: one lockstep step of ``railrules fuzz``, oracle against
  oracle in one process (legal actions, scores, game over and the action, both sides);
* ``fuzz_game_instructions_per_action``: the same, over 250 steps of that game (294
  long) rather than its first 40: the later steps list more actions (more stations
  placed, more of them movable), as the bench's whole games do;
* ``fuzz_campaign_instructions_per_action``: the same, over 5,000 steps of whole games
  (the bench's: seed 1, two to four players, played to the end) after
  ``CAMPAIGN_WARM_GAMES`` games: a long campaign's step, its tables filled, where the
  first two count a process's first game;
* ``fuzz_protocol_campaign_instructions_per_action`` (and its ``_server_`` share):
  the campaign workload against ``railrules serve``, 1,000 steps after its warm games;
* ``fuzz_protocol_instructions_per_action``: the same step with side B behind
  ``railrules serve`` (the ``fuzz_games_per_s`` workload), both processes counted
  (callgrind follows the served child); ``fuzz_protocol_server_instructions_per_action``
  is the served process's share.

``python -m oracle.harness.instructions WORKLOAD N`` runs one workload alone (what
callgrind is pointed at). Needs valgrind (``apt-get install valgrind``). docs/fuzz.md,
"Speed", gives the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

#: workload -> (units for the difference, what one unit is)
WORKLOADS: dict[str, tuple[int, str]] = {
    "rocket": (10, "rocket_instructions_per_game"),
    "decode": (200, "rocket_decode_instructions"),
    "fuzz": (40, "fuzz_instructions_per_action"),
    "fuzzgame": (250, "fuzz_game_instructions_per_action"),
    "campaign": (5000, "fuzz_campaign_instructions_per_action"),
    "wire": (40, "fuzz_protocol_instructions_per_action"),
    "wirecampaign": (1000, "fuzz_protocol_campaign_instructions_per_action"),
}
#: games a ``campaign`` workload plays before its units (counted in both its runs)
CAMPAIGN_WARM_GAMES: Final = 2
#: the served process's share of a workload, where it has one
SERVER_SHARE: dict[str, str] = {
    "wire": "fuzz_protocol_server_instructions_per_action",
    "wirecampaign": "fuzz_protocol_campaign_server_instructions_per_action"}


def _rocket(units: int) -> None:
    from oracle.rocket.notation import default_board
    from oracle.rocket.playout import random_game
    from oracle.rocket.rules import Rules
    from oracle.rocket.setup import initial_state

    rules = Rules()
    start = initial_state(["p1", "p2", "p3"], None, default_board())
    rng = random.Random(1)
    random_game(rules, start, rng)  # the board's derived tables, as the bench warms them
    for _ in range(units):
        random_game(rules, start, rng)


def _decode(units: int) -> None:
    from oracle.rocket import codec
    from oracle.rocket.notation import default_board
    from oracle.rocket.playout import random_trace
    from oracle.rocket.rules import Rules
    from oracle.rocket.setup import initial_state

    trace = random_trace(Rules(), initial_state(["p1", "p2", "p3"], None, default_board()),
                         random.Random(1))
    position = codec.to_json(trace[len(trace) // 2][0])
    codec.from_json(position)  # the compiled schema, built once per process
    for _ in range(units):
        codec.from_json(position)


def _fuzz(units: int) -> None:
    from oracle.harness.fuzz_campaign import Campaign, implementation, play_one
    from oracle.harness.lockstep import Lockstep

    campaign = Campaign(impl="oracle", against="oracle", game="rocket", seed=1, players=3,
                        max_actions=1)
    lock = Lockstep(implementation("oracle"), implementation("oracle"), "rocket")
    play_one(lock, campaign, 0)  # warm: schemas compiled, tables built
    if units:
        played = play_one(lock, Campaign(**{**campaign.to_json(), "max_actions": units}), 1)
        assert len(played.actions) == units, "the game ended before the workload did"


def _campaign(units: int, served: bool = False) -> None:
    from oracle.harness.fuzz_bench import SERVE
    from oracle.harness.fuzz_campaign import Campaign, implementation, play_one
    from oracle.harness.lockstep import Lockstep

    campaign = Campaign(impl="oracle", against=SERVE if served else "oracle",
                        game="rocket", seed=1, max_actions=400)
    lock = Lockstep(implementation("oracle"),
                    _served() if served else implementation("oracle"), "rocket")
    try:
        for index in range(CAMPAIGN_WARM_GAMES):  # warm: the tables a campaign filled
            play_one(lock, campaign, index)
        index, left = CAMPAIGN_WARM_GAMES, units
        while left > 0:  # whole games, the bench's, the last cut where the units end
            played = play_one(lock, replace(campaign, max_actions=min(400, left)), index)
            assert played.divergence is None, played.divergence
            left -= len(played.actions)
            index += 1
    finally:
        lock.b.close()


def _served() -> Any:
    from oracle.harness.fuzz_bench import SERVE
    from oracle.protocol.client import ProtocolClient

    # callgrind slows both processes fifty-fold: the time limits must not fire, and the
    # served process must be let exit on its own (killed, it writes no count)
    # unisolated: our own oracle, and callgrind writes its count file outside a sandbox
    return ProtocolClient(SERVE, timeout=3600.0, start_timeout=3600.0, max_restarts=0,
                          exit_grace=3600.0, isolate="no")


def _wire(units: int) -> None:
    from oracle.harness.fuzz_bench import SERVE
    from oracle.harness.fuzz_campaign import Campaign, implementation, play_one
    from oracle.harness.lockstep import Lockstep

    campaign = Campaign(impl="oracle", against=SERVE, game="rocket", seed=1, players=3,
                        max_actions=1)
    served = _served()
    lock = Lockstep(implementation("oracle"), served, "rocket")
    try:
        play_one(lock, campaign, 0)  # warm: both processes' schemas compiled, tables built
        if units:
            played = play_one(lock, Campaign(**{**campaign.to_json(), "max_actions": units}),
                              1)
            assert played.divergence is None, played.divergence
            assert len(played.actions) == units, "the game ended before the workload did"
    finally:
        served.close()


RUN: dict[str, Callable[[int], None]] = {
    "rocket": _rocket, "decode": _decode, "fuzz": _fuzz, "fuzzgame": _fuzz,
    "campaign": _campaign, "wire": _wire,
    "wirecampaign": lambda units: _campaign(units, served=True)}


def count(workload: str, units: int) -> tuple[int, int]:
    """Instructions callgrind collects for ``python -m oracle.harness.instructions``:
    (every process, the processes it started). Children are followed, so a served
    implementation (and the shell that starts it) is counted too."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--trace-children=yes",
             f"--callgrind-out-file={Path(tmp) / 'out.%p'}",
             sys.executable, "-m", "oracle.harness.instructions", workload, str(units)],
            capture_output=True, text=True, check=True,
            # a fixed string hash: set order, and so the random games, the same every run
            env={**os.environ, "PYTHONHASHSEED": "0"})
        # one file per process (a child's own messages go to its stderr, which an adapter's
        # is a temporary file): its "cmd:" line names it, its "totals:" line counts it
        total = children = 0
        for out in Path(tmp).glob("out.*"):
            text = out.read_text(errors="replace")
            found = re.search(r"^totals:\s*(\d+)", text, re.MULTILINE)
            if found is None:
                raise SystemExit(f"callgrind wrote no total to {out.name}:\n{done.stderr[-2000:]}")
            total += int(found.group(1))
            if not re.search(r"^cmd:.*oracle\.harness\.instructions", text, re.MULTILINE):
                children += int(found.group(1))
    if total == 0:
        raise SystemExit(f"callgrind wrote no counts:\n{done.stderr[-2000:]}")
    return total, children


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m oracle.harness.instructions",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("workload", nargs="?", choices=sorted(RUN))
    parser.add_argument("units", nargs="?", type=int, default=0)
    parser.add_argument("--only", action="append", choices=sorted(RUN),
                        help="count this workload only (repeatable; default: all)")
    args = parser.parse_args(argv)
    if args.workload is not None:  # one run, under callgrind or not
        RUN[args.workload](args.units)
        return 0
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    figures: dict[str, int] = {}
    for workload, (units, name) in WORKLOADS.items():
        if args.only and workload not in args.only:
            continue
        (full, full_children), (empty, empty_children) = (count(workload, units),
                                                          count(workload, 0))
        figures[name] = round((full - empty) / units)
        if workload in SERVER_SHARE:
            figures[SERVER_SHARE[workload]] = round((full_children - empty_children) / units)
    print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())

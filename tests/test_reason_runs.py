"""The registry holds every code met in play: the game's scenarios run against the
in-process oracle, then against a sample of served mutants, with every refusal
made or answered written down (tests/reason_recorder.py), and each is registered
with the ruling it cited. The static view (tests/test_reason_sources.py) covers all
of the source; this one checks it against what actually runs."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from oracle.core import reasons
from oracle.harness.mutants import all_mutants
from oracle.harness.suite_info import front_door
from tests.reason_sites import KNOWN_INVENTED

ROOT = Path(__file__).resolve().parents[1]
#: mutants that make refusals of their own (each raises IllegalAction in
#: oracle/harness/mutants), served as an outside engine is
MUTANT_SAMPLE: dict[str, tuple[str, ...]] = {
    "rocket": ("mover_cannot_call", "isolated_line_cannot_move", "defence_must_top",
               "supplementary_cannot_bid", "six_stations", "negative_bid_accepted"),
    "18xx": ("18xx_ds_no_runs_first_code", "18xx_ds_every_train_to_destination",
             "18xx_st_single_never_upgraded", "18xx_st_halt_track_not_kept"),
}
#: pytest's statuses for "ran" (some scenarios may fail: other tests judge those)
RAN = (0, 1)


def record(tmp_path: Path, game: str, extra: Sequence[str]) -> dict[str, list[list[str]]]:
    """Run ``game``'s scenarios in a pytest subprocess with the recorder; its log."""
    log = tmp_path / f"{game}.json"
    cmd = [sys.executable, "-m", "pytest", str(front_door()), "--railrules-game", game,
           "-p", "tests.reason_recorder", "--reason-log", str(log), "-q", "--no-header",
           "--tb=no", "-p", "no:xdist", "-p", "no:randomly", *extra]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)
    assert proc.returncode in RAN, proc.stdout[-2000:] + proc.stderr[-2000:]
    table: dict[str, list[list[str]]] = json.loads(log.read_text(encoding="utf-8"))
    if not table.get("raised") or not table.get("answered"):  # say why, not only "0 >= 10"
        table["output"] = [[proc.stdout[-3000:], proc.stderr[-2000:]]]
    return table


def unregistered(game: str, seen: list[list[str]]) -> list[str]:
    """Each (code, ruling) the registry does not hold, as text."""
    out = []
    for code, ruling in seen:
        if code not in reasons.codes(game):
            out.append(f"{code} (unregistered)")
        elif ruling and ruling not in reasons.rulings(game, code):
            out.append(f"{code} cited with {ruling}, registered {reasons.rulings(game, code)}")
    return out


@pytest.mark.parametrize("game", reasons.games())
def test_the_oracle_raises_only_registered_codes_in_play(tmp_path: Path, game: str) -> None:
    table = record(tmp_path, game, ["--impl", "oracle"])
    # raised: also the refusals legal_actions makes and drops, which no scenario sees
    assert len(table["raised"]) >= 10 and len(table["answered"]) >= 10, table.get("output")
    assert unregistered(game, table["raised"] + table["answered"]) == []


@pytest.mark.parametrize("game", reasons.games())
def test_sampled_mutants_answer_only_registered_codes(tmp_path: Path, game: str) -> None:
    mutants = all_mutants()
    sample = MUTANT_SAMPLE[game]
    assert all(mutants[name].game == game for name in sample)
    assert set(KNOWN_INVENTED[game].values()) <= set(sample)
    rulings = sorted({r for name in sample for r in mutants[name].rulings})
    extra = [arg for name in sample for arg in ("--impl-each", f"mutant:{name}")]
    extra += [arg for r in rulings for arg in ("--railrules-ruling", r)]
    answered = {code for code, _ in record(tmp_path, game, extra)["answered"]}
    # the invented codes' mutants are in the sample: seeing them shows the served
    # mutants' answers are recorded at all
    assert set(KNOWN_INVENTED[game]) <= answered
    # a mutant's rulings are its bug's business; its codes must be the oracle's
    assert sorted(answered - reasons.codes(game) - set(KNOWN_INVENTED[game])) == []

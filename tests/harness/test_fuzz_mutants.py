"""``railrules fuzz`` finds served mutants and shrinks them to a handful of actions; the
trace replays, the draft runs through the suite's steps and tells the two apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.harness.cli import main
from tests.drafts import run_draft

#: Rocket mutants whose bug shows in ordinary play: a move polls at once, a placed
#: station may never move, the mover may not ask for a veto round
MUTANTS = ("veto_poll_automatic", "stations_never_move", "mover_cannot_call")
HANDFUL = 3


def fuzz(out: Path, *argv: str) -> int:
    return main(["fuzz", "--out", str(out), "--progress", "no", *argv])


@pytest.fixture(scope="module")
def campaigns(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One campaign per mutant, run when a test first asks for it."""
    return {}


def campaign(campaigns: dict[str, Path], factory: pytest.TempPathFactory, mutant: str) -> Path:
    if mutant not in campaigns:
        out = factory.mktemp(mutant)
        code = fuzz(out, "--impl", f"mutant:{mutant}", "--games", "5", "--max-actions", "40")
        assert code == 1
        campaigns[mutant] = out
    return campaigns[mutant]


@pytest.mark.parametrize("mutant", MUTANTS)
def test_mutant_found_shrunk_and_replayed(campaigns: dict[str, Path],
                                          tmp_path_factory: pytest.TempPathFactory,
                                          mutant: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    tmp_path = campaign(campaigns, tmp_path_factory, mutant)
    finding = json.loads((tmp_path / "summary.json").read_text())["finding"]
    assert finding["shrunk_actions"] <= min(HANDFUL, finding["actions"])
    trace = json.loads((tmp_path / "trace.json").read_text())
    assert len(trace["actions"]) == finding["shrunk_actions"]
    assert trace["impl"] == f"mutant:{mutant}" and trace["against"] == "oracle"
    draft = (tmp_path / "draft.feature").read_text()
    assert draft.startswith("@found-by:fuzz @unruled\n")
    assert "Given a new " in draft and "# no step sends" not in draft
    assert "step" in (tmp_path / "divide.txt").read_text()
    capsys.readouterr()
    trace_path = str(tmp_path / "trace.json")
    assert main(["replay", trace_path, "--impl", f"mutant:{mutant}"]) == 1
    assert "differ:" in capsys.readouterr().out
    assert main(["replay", trace_path, "--impl", "oracle", "--no-divide"]) == 0
    assert "agree on every step" in capsys.readouterr().out


def test_draft_replays_through_the_suite_steps(campaigns: dict[str, Path],
                                               tmp_path_factory: pytest.TempPathFactory) -> None:
    """The draft passes against the oracle's reading and fails against the mutant."""
    tmp_path = campaign(campaigns, tmp_path_factory, "mover_cannot_call")
    draft = (tmp_path / "draft.feature").read_text()
    assert "Then the action is accepted" in draft
    outcomes = {}
    for impl in ("oracle", "mutant:mover_cannot_call"):
        outcomes[impl] = run_draft(tmp_path, impl).returncode
    assert outcomes == {"oracle": 0, "mutant:mover_cannot_call": 1}


#: 18xx mutants whose bug shows from the openings: a token costs nothing, track needs
#: no connection to the company's stations
MUTANTS_18XX = ("18xx_tokens_free", "18xx_no_connection_check")


@pytest.mark.parametrize("mutant", MUTANTS_18XX)
def test_18xx_mutant_found_from_an_opening(tmp_path: Path, mutant: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """18xx games start from openings (a scenario's Given position): the trace keeps
    the opening, the draft starts from it, and the trace replays from it."""
    assert fuzz(tmp_path, "--impl", f"mutant:{mutant}", "--game", "18xx", "--games", "20",
                "--max-actions", "30") == 1
    finding = json.loads((tmp_path / "summary.json").read_text())["finding"]
    assert finding["shrunk_actions"] <= min(HANDFUL, finding["actions"])
    trace = json.loads((tmp_path / "trace.json").read_text())
    assert trace["start"]["game"] == "18xx" and trace["players"] == [
        p["id"] for p in trace["start"]["players"]]
    draft = (tmp_path / "draft.feature").read_text()
    assert "    Given this 18xx position:\n" in draft and "@option:" not in draft
    assert "# no step sends" not in draft
    capsys.readouterr()
    trace_path = str(tmp_path / "trace.json")
    assert main(["replay", trace_path, "--impl", f"mutant:{mutant}"]) == 1
    assert main(["replay", trace_path, "--impl", "oracle", "--no-divide"]) == 0
    assert "agree on every step" in capsys.readouterr().out
    run = run_draft(tmp_path, "oracle")
    assert run.returncode == 0, run.stdout[-2000:]

"""What an adapter hands back passes the game's own checks (docs/protocol.md,
"Validation"): the schema liar (fakes/schema_liar.py), right in every verdict but
wrong in the shape of its positions and actions, is graded ``fail`` (``setup-error``
in a Given), never certified; the honest adapter still is."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from harness_paths import FAKE, HERE, ROOT
from toygame import TOY

from oracle.games import PLUGINS_ENV
from oracle.harness import certify
from oracle.harness.lockstep import Lockstep, index_chooser
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import InvalidReply
from oracle.protocol.inprocess import InProcess
from oracle.protocol.reply_checks import reply_checks

LIAR = f"{sys.executable} {HERE / 'fakes' / 'schema_liar.py'}"

#: one more toy scenario: the toy's own start from positions they load, so none asks
#: the engine for a new game
NEW_GAME_FEATURE = """\
@source:toy
Feature: A toy game from the engine's own new game (a fixture of test_validated_replies)

  @id:TOY-01-n @ruling:TOY-01
  Scenario: A new game takes an addition
    Given a new 2-player toy game
    When the player adds 2
    Then the action is accepted
    And the total is 2
"""

PLUGIN = """\
import dataclasses
from pathlib import Path

from toygame import TOY_MODULE

TOY_PLUS = dataclasses.replace(
    TOY_MODULE, features=str(Path(__file__).resolve().parent / "features"))
"""

POSITION: dict[str, Any] = {"game": "toy", "version": 1, "options": {"step_max": 2},
                            "players": ["a", "b"], "total": 0, "limit": 10, "turn": 0}


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the toy game with one more scenario, which starts from
    ``new_game``: one per run, as the plug-in module is imported once per process."""
    folder = tmp_path_factory.mktemp("toyplus")
    (folder / "features").mkdir()
    shutil.copy(HERE / "fixtures" / "toy" / "toy.feature", folder / "features")
    (folder / "features" / "new_game.feature").write_text(NEW_GAME_FEATURE)
    (folder / "toyplus.py").write_text(PLUGIN)
    return folder


@pytest.fixture
def toy_plus(plugin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """That toy game registered as an outside game, here and in certify's processes;
    the reports folder."""
    monkeypatch.syspath_prepend(str(plugin))
    monkeypatch.setenv(PLUGINS_ENV, "toyplus:TOY_PLUS")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(plugin), str(HERE)]))
    return tmp_path / "reports"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game registered in this process (the reply checks need the game)."""
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")


def certify_toy(out: Path, impl: str) -> tuple[int, dict[str, Any]]:
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    args = parser.parse_args(["--impl", impl, "--root", str(ROOT), "--game", "toy",
                              "--out", str(out), "--name", "toy", "--timeout", "5",
                              "--restarts", "1", "--progress", "no", "--quiet"])
    code = certify.run(args)
    report: dict[str, Any] = json.loads((out / "toy" / "report.json").read_text())
    return code, report


def results(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {str(r["id"]): r for r in report["results"]}


@pytest.mark.parametrize("impl", [f"{FAKE} good", f"{LIAR} good"])
def test_the_honest_adapter_is_still_certified(toy_plus: Path, impl: str) -> None:
    code, report = certify_toy(toy_plus, impl)
    assert code == 0 and report["certified"] is True
    assert len(report["results"]) == 14  # the toy's 13 and the one from a new game
    assert {r["outcome"] for r in report["results"]} == {"pass"}


#: liar mode -> (scenario, its outcome, the failed step's type, what ``observed`` names)
LIES = {
    "new_game": ("TOY-01-n", "setup-error", "given", "new_game handed back a position "
                 "the game's load refuses: at cheat"),
    "apply": ("TOY-01-a", "fail", "when", "apply handed back a position the game's load "
              "refuses: at cheat"),
    "apply_extra": ("TOY-01-c", "fail", "when", "at cheat: schema: Additional properties"),
    "apply_type": ("TOY-01-a", "fail", "when", "at total: schema: '8' is not of type"),
    "legal_actions": ("TOY-02-b", "fail", "then", "legal_actions handed back an action the "
                      "game refuses: at actions.0.cheat"),
}


@pytest.mark.parametrize("mode", list(LIES))
def test_a_schema_liar_fails_and_the_field_is_named(toy_plus: Path, mode: str) -> None:
    code, report = certify_toy(toy_plus, f"{LIAR} {mode}")
    assert code == 1 and report["certified"] is False
    scenario, outcome, step, named = LIES[mode]
    record = results(report)[scenario]
    assert record["outcome"] == outcome
    assert record["failed_step"]["type"] == step
    assert named in str(record["observed"])
    assert "InvalidReply" in record["message"] and named in record["message"]
    # only the lie is graded: an adapter right in every verdict fails nothing else's way
    outcomes = {str(r["outcome"]) for r in report["results"]}
    assert outcomes <= {"pass", outcome}


def test_an_action_of_the_wrong_shape_is_an_invalid_reply(toy: None) -> None:
    client = ProtocolClient(f"{LIAR} legal_actions", timeout=5.0)
    try:
        with pytest.raises(InvalidReply) as raised:
            client.legal_actions("toy", POSITION)
        err = raised.value
        assert isinstance(err, AssertionError)  # a wrong answer: fail, not crash
        assert err.command == "legal_actions" and err.field == "actions.0.cheat"
        assert "legal_actions handed back an action the game refuses: at actions.0.cheat" \
            in str(err)
        assert err.observed["value"] == {"type": "add", "n": "1", "cheat": True}
        # the reply was read whole: the adapter stays in step and is not restarted
        assert client.apply("toy", POSITION, {"type": "add", "n": 1}).accepted
        assert client.starts == 1
        client.check_replies = False  # switched off on this instance: handed back as is
        assert client.legal_actions("toy", POSITION)[0]["cheat"] is True
    finally:
        client.close()


def test_the_apply_part_of_an_inspect_is_checked(toy: None) -> None:
    client = ProtocolClient(f"{LIAR} batch_apply_type", timeout=5.0)
    try:
        assert client.batches()
        with pytest.raises(InvalidReply, match=r"inspect \(apply\) handed back a position "
                                               r"the game's load refuses: at total"):
            client.start_inspect("toy", POSITION, ["legal_actions"], {"type": "add", "n": 1})()
    finally:
        client.close()


def test_an_unregistered_game_is_not_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PLUGINS_ENV, raising=False)
    assert reply_checks("toy") is None
    client = ProtocolClient(f"{LIAR} new_game", timeout=5.0)
    try:
        assert "cheat" in client.new_game("toy", ["a", "b"], {})
    finally:
        client.close()


@pytest.mark.parametrize(("mode", "reference", "kind"), [
    ("apply", True, "invalid"), ("batch_apply", True, "invalid"),
    ("new_game", True, "invalid"), ("legal_actions", False, "invalid"),
    ("batch_legal_actions", False, "invalid"),
    # against the reference oracle legal actions are compared exactly instead
    ("legal_actions", True, "legal_actions"),
])
def test_the_lockstep_reports_an_invalid_reply_as_a_divergence(
        toy: None, mode: str, reference: bool, kind: str) -> None:
    """fuzz: the lie is a finding (kind ``invalid``), with the action that made it in the
    trace so a replay reaches it; the run goes on."""
    liar = ProtocolClient(f"{LIAR} {mode}", timeout=5.0)
    try:
        other = InProcess() if reference else InProcess(overrides={"toy": TOY})
        lock = Lockstep(other, liar, "toy")
        assert liar.check_actions is not reference
        played = lock.play(["a", "b"], {}, index_chooser([0, 0, 0]), 3)
        assert played.divergence is not None and played.divergence.kind == kind
        assert "cheat" in json.dumps(played.divergence.detail)
        assert played.divergence.step == (1 if mode.endswith("apply") else 0)
        assert len(played.actions) == played.divergence.step
        again = lock.play(["a", "b"], {}, index_chooser(played.choices), len(played.choices))
        assert again.divergence == played.divergence
    finally:
        liar.close()


def test_the_games_own_action_checks_are_found() -> None:
    """rocket and 18xx: their ``action_from_json`` (18xx's checks action.schema.json)."""
    rocket = reply_checks("rocket")
    eighteen = reply_checks("18xx")
    assert rocket is not None and eighteen is not None
    with pytest.raises(InvalidReply, match=r"at actions\.0\.cheat"):
        rocket.actions("legal_actions", [{"type": "pass", "player": "p1", "cheat": 1}])
    with pytest.raises(InvalidReply, match=r"at actions\.1"):
        eighteen.actions("legal_actions", [{"type": "pass", "company": "PRR"},
                                           {"type": "pass", "company": 7}])
    with pytest.raises(InvalidReply, match=r"at cheat: schema"):
        rocket.position("position", {**InProcess().new_game("rocket", ["p1", "p2"], {}),
                                     "cheat": 1})

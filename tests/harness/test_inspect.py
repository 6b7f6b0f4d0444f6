"""The optional ``inspect`` command (docs/protocol.md): declared in the handshake, sent
only to an adapter that declares it, answered by the served oracle part for part as the
single commands answer, and used by the lockstep without changing what it finds."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from harness_paths import FAKE
from toygame import TOY, ToyGame
from toymutants import MUTANTS

from oracle.core.game import GameAPI
from oracle.harness.fuzz_bench import SERVE
from oracle.harness.lockstep import Chooser, Lockstep, Played, index_chooser, replay_chooser
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import (
    INSPECT_QUESTIONS,
    JSON,
    Crashed,
    Errored,
    Unsupported,
)
from oracle.protocol.inprocess import InProcess
from oracle.protocol.messages import reply_problem
from oracle.protocol.server import answer

ASK = list(INSPECT_QUESTIONS)
TOY_IMPL = InProcess(overrides={"toy": TOY}, games=["toy"])
START = TOY.new_game(["a", "b"], {})


def ask(request: JSON, impl: InProcess = TOY_IMPL, check: bool = True) -> JSON:
    reply = answer(impl, json.dumps({"seq": 1, **request}), check)
    assert reply_problem(str(request["cmd"]), reply) is None, reply
    return reply


def single(cmd: str, position: JSON, impl: InProcess = TOY_IMPL, game: str = "toy",
           **more: Any) -> JSON:
    """The single command's reply without its seq: what an inspect part must equal."""
    reply = ask({"cmd": cmd, "game": game, "position": position, **more}, impl)
    del reply["seq"]
    return reply


class Recorded(ProtocolClient):
    """A client noting the commands it sends."""

    def __init__(self, command: str) -> None:
        super().__init__(command, timeout=5.0, start_timeout=15.0, max_restarts=0)
        self.sent: list[str] = []

    def _post(self, proc: Any, request: JSON, timeout: float,
              digests: bool = False) -> Callable[[], JSON]:
        self.sent.append(str(request["cmd"]))
        return super()._post(proc, request, timeout, digests)


class Unbatched(ProtocolClient):
    """A client that does not use inspect even where the adapter declares it."""

    def batches(self) -> bool:
        return False


# -- the command -------------------------------------------------------------------------

def test_the_served_oracle_declares_inspect() -> None:
    result = ask({"cmd": "hello", "protocol": 1})["result"]
    assert result["features"] == ["inspect", "digests", "position_refs", "pipelining"]


def test_parts_equal_the_single_commands_on_the_toy() -> None:
    position = {**START, "total": 9}
    parts = ask({"cmd": "inspect", "game": "toy", "position": position, "ask": ASK})["result"]
    assert parts == {q: single(q, position) for q in ASK}
    action = {"type": "add", "n": 1}
    parts = ask({"cmd": "inspect", "game": "toy", "position": position, "ask": ASK,
                 "action": action})["result"]
    applied = single("apply", position, action=action)
    after = applied["result"]["position"]
    assert parts == {"apply": applied, **{q: single(q, after) for q in ASK}}
    assert parts["game_over"] == {"result": {"over": True}}


def test_a_refused_action_leaves_the_questions_out() -> None:
    parts = ask({"cmd": "inspect", "game": "toy", "position": {**START, "total": 9},
                 "ask": ASK, "action": {"type": "add", "n": 2}})["result"]
    assert parts == {"apply": {"result": {"accepted": False, "code": "add/past_limit",
                                          "ruling": "TOY-01",
                                          "reason": "the total would pass the limit"}}}


def test_each_part_stands_alone() -> None:
    """A question the engine declines is declined in its part; the others answer."""

    class NoScores(ToyGame):
        def scores(self, position: JSON) -> JSON:
            raise Unsupported("no scores here", "scores")

    impl = InProcess(overrides={"toy": NoScores()}, games=["toy"])
    parts = ask({"cmd": "inspect", "game": "toy", "position": START, "ask": ASK}, impl)["result"]
    assert parts["scores"] == {"unsupported": {"feature": "scores", "reason": "no scores here"}}
    assert parts["legal_actions"] == single("legal_actions", START)
    bad = ask({"cmd": "inspect", "game": "toy", "position": {**START, "total": "x"},
               "ask": ["scores", "legal_actions"]})["result"]
    assert set(bad) == {"scores", "legal_actions"}
    assert bad["legal_actions"] == single("legal_actions", {**START, "total": "x"})


@pytest.mark.parametrize(("asked", "says"), [
    (["bogus"], "at ask/0"),
    ([], "at ask"),
    (["scores", "scores"], "at ask"),
    ("scores", "at ask"),
])
def test_a_malformed_ask_is_refused_naming_it(asked: Any, says: str) -> None:
    reply = ask({"cmd": "inspect", "game": "toy", "position": START, "ask": asked})
    message = reply["errored"]["message"]
    assert message.startswith("malformed request: inspect.request.json: ") and says in message


def test_an_unknown_question_is_named_without_the_schema_check() -> None:
    reply = ask({"cmd": "inspect", "game": "toy", "position": START, "ask": ["bogus"]},
                check=False)
    assert "inspect: ask ['bogus']" in reply["errored"]["message"]


def test_a_part_breaking_its_command_schema_is_a_protocol_breach() -> None:
    reply = {"seq": 1, "result": {"scores": {"result": {"scores": "none"}}}}
    assert "inspect part scores: scores.result.json" in str(reply_problem("inspect", reply))
    both = {"seq": 1, "result": {"scores": {"result": {"scores": {}}, "errored": {
        "message": "x"}}}}
    assert reply_problem("inspect", both) is not None


def test_served_rocket_parts_equal_the_single_commands() -> None:
    """Through ``railrules serve``: the answers of one inspect equal the answers of the
    single commands, along a random rocket game."""
    served = Recorded(SERVE)
    try:
        assert served.batches()
        rng = random.Random(5)
        position = served.new_game("rocket", ["p1", "p2", "p3"], {})
        for _ in range(12):
            whole = served.start_inspect("rocket", position, ASK)()
            assert whole == {"legal_actions": served.legal_actions("rocket", position),
                             "scores": served.scores("rocket", position),
                             "game_over": served.game_over("rocket", position)}
            action = rng.choice(sorted(whole["legal_actions"], key=json.dumps))
            stepped = served.start_inspect("rocket", position, ASK, action)()
            verdict = served.apply("rocket", position, action)
            assert stepped["apply"] == verdict and verdict.position is not None
            position = verdict.position
            assert stepped["legal_actions"] == served.legal_actions("rocket", position)
        assert served.sent.count("inspect") == 24
    finally:
        served.close()


# -- declared or not ---------------------------------------------------------------------

def test_an_adapter_that_does_not_declare_it_never_receives_it() -> None:
    plain, batch = Recorded(f"{FAKE} good"), Recorded(f"{FAKE} batch_good")
    try:
        assert not plain.batches() and batch.batches()
        for b in (plain, batch):
            played = Lockstep(InProcess(overrides={"toy": TOY}, games=["toy"]), b, "toy").play(
                ["a", "b"], {}, index_chooser([1] * 9), 9)
            assert played.divergence is None and played.over
        assert "inspect" not in plain.sent
        # five additions of 2 reach the limit: five applies, six positions asked about
        assert plain.sent.count("apply") == 5 and plain.sent.count("scores") == 6
        # one request a step, and one for the starting position
        assert batch.sent == ["hello", "new_game"] + ["inspect"] * 6
        # start_inspect still answers, one request per question
        assert plain.start_inspect("toy", START, ASK)() == batch.start_inspect(
            "toy", START, ASK)()
        assert plain.sent[-3:] == ASK
    finally:
        plain.close()
        batch.close()


def test_a_reply_leaving_out_a_part_is_a_crash_not_a_kill() -> None:
    c = ProtocolClient(f"{FAKE} batch_missing_part", timeout=5.0, max_restarts=0)
    try:
        with pytest.raises(Crashed, match="expected"):
            c.start_inspect("toy", START, ASK)()
        assert c.legal_actions("toy", START) == TOY.legal_actions(START)
        assert c.starts == 1
    finally:
        c.close()


# -- the lockstep finds the same divergences -----------------------------------------------

class ScoresToLoser(ToyGame):
    """Gives the point to the player who did not make the last addition."""

    def scores(self, position: JSON) -> JSON:
        return {p: 1 - v for p, v in super().scores(position).items()} \
            if position["total"] == position["limit"] else super().scores(position)


class Exploding(InProcess):
    """The toy, erroring on every scores question from the given step on."""

    def __init__(self, after: int) -> None:
        super().__init__(overrides={"toy": TOY}, games=["toy"])
        self.after, self.asked = after, 0

    def scores(self, game: str, position: JSON) -> JSON:
        self.asked += 1
        if self.asked > self.after:
            raise Errored("scores exploded")
        return super().scores(game, position)


def _outcome(played: Played) -> Any:
    d = played.divergence
    return (played.actions, played.gaps, played.over,
            None if d is None else (d.step, d.kind, d.detail))


def _play(a: GameAPI | InProcess, b_mode: str | ProtocolClient, choose: Chooser,
          options: JSON | None = None) -> Any:
    """A against a served B (started here from its fake mode, or given)."""
    impl_a = a if isinstance(a, InProcess) else InProcess(overrides={"toy": a}, games=["toy"])
    b = b_mode if isinstance(b_mode, ProtocolClient) else ProtocolClient(
        f"{FAKE} {b_mode}", timeout=5.0, max_restarts=0)
    try:
        return _outcome(Lockstep(impl_a, b, "toy").play(["a", "b"], options or {}, choose, 12))
    finally:
        if b is not b_mode:
            b.close()


CHOOSERS: list[tuple[str, Callable[[], Chooser]]] = [
    ("ones", lambda: index_chooser([0] * 12)),
    ("twos", lambda: index_chooser([1] * 12)),
    ("mixed", lambda: index_chooser([1, 0, 1, 1, 0, 1, 1, 0])),
    ("past_limit", lambda: replay_chooser([{"type": "add", "n": n} for n in (2, 2, 2, 2, 1, 2)])),
    ("three", lambda: replay_chooser([{"type": "add", "n": 3}] * 3)),
]
OPTIONS: list[JSON] = [{}, {"step_max": 3}]
ENGINES: list[tuple[str, GameAPI]] = [(m.name, m.make()) for m in MUTANTS] + [
    ("toy", TOY), ("scores_to_loser", ScoresToLoser())]


@pytest.mark.parametrize(("engine", "a"), ENGINES, ids=[n for n, _ in ENGINES])
def test_every_divergence_is_found_alike(engine: str, a: GameAPI) -> None:
    """Each mutant as A against the served toy, with and without inspect: the same
    actions, the same step, kind and detail of the first divergence."""
    kinds = set()
    plain, batch = (ProtocolClient(f"{FAKE} {mode}", timeout=5.0, max_restarts=0)
                    for mode in ("good", "batch_good"))
    try:
        for options in OPTIONS:
            for _, make in CHOOSERS:
                unbatched = _play(a, plain, make(), options)
                assert _play(a, batch, make(), options) == unbatched
                kinds.add(None if unbatched[3] is None else unbatched[3][1])
    finally:
        plain.close()
        batch.close()
    if engine != "toy":
        assert kinds - {None}, f"{engine} never diverged: the comparison proves nothing"


def test_errors_gaps_and_crashes_come_out_alike() -> None:
    # B's part errored (inspect) as B's single reply errored: the same step, kind, message
    errored = _play(TOY, "batch_errored_scores", index_chooser([0] * 12))
    assert errored[3] == (0, "error", {"outcome": "error", "message": "scores exploded"})
    ours = Lockstep(InProcess(overrides={"toy": TOY}, games=["toy"]), Exploding(0), "toy")
    assert _outcome(ours.play(["a", "b"], {}, index_chooser([0] * 12), 12)) == errored
    # B declines the action: it is handed A's position, the gap counted, alike
    assert _play(TOY, "batch_unsupported_apply", index_chooser([1] * 12)) == _play(
        TOY, "unsupported_apply", index_chooser([1] * 12))
    # B dies when asked to apply: a crash before the first action, either way
    crashed = [_play(TOY, mode, index_chooser([0] * 12)) for mode in ("crash", "batch_crash")]
    assert [c[3][:2] for c in crashed] == [(0, "error")] * 2
    assert [c[3][2]["outcome"] for c in crashed] == ["crash"] * 2
    # B hangs when asked to apply: a timeout before the first action, either way
    for mode in ("hang", "batch_hang"):
        b = ProtocolClient(f"{FAKE} {mode}", timeout=1.0, max_restarts=0)
        try:
            hung = _play(TOY, b, index_chooser([0] * 12))
        finally:
            b.close()
        assert hung[3][:2] == (0, "error") and hung[3][2]["outcome"] == "timeout"
    # A fails first: A's failure is the one reported, as without inspect
    assert _play(Exploding(2), "batch_good", index_chooser([0] * 12)) == _play(
        Exploding(2), "good", index_chooser([0] * 12))


@pytest.mark.parametrize("mutant", ["mover_cannot_call"])
def test_a_served_rocket_mutant_diverges_alike(mutant: str) -> None:
    from oracle.harness.serve_mutant import command
    outcomes = []
    for client in (ProtocolClient, Unbatched):
        b = client(command(mutant), timeout=10.0, max_restarts=0)
        try:
            assert b.batches() is (client is ProtocolClient)
            outcomes.append([_outcome(Lockstep(InProcess(), b, "rocket").play(
                ["p1", "p2", "p3"], {}, index_chooser(random.Random(s).choices(
                    range(40), k=60)), 60)) for s in range(3)])
        finally:
            b.close()
    assert outcomes[0] == outcomes[1]
    assert any(o[3] is not None for o in outcomes[0]), "the mutant was never found"


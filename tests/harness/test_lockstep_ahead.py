"""The lockstep starts each step before it reads a served B's reply about the one
before (oracle/harness/lockstep.py, ``_ahead``), so B works on the next step while
the harness compares this one: sent ahead (``sends_ahead``), before that reply has
come, or overlapping (``overlaps``, the default), once it has come in full (the
client's ``collect``) but before it is parsed, checked and compared, and before A is
asked about the step (the two sides work on one step at once). Nothing else
changes: against the served oracle the same requests go in the same order, the games
are the same games; against served mutants every finding is the same finding; and the
client keeps the replies of requests sent ahead in order (oracle/protocol/client.py),
reads and throws away the reply of a step it drops, and starts afresh, without using a
restart, an adapter that died on such a request (``ProtocolClient.abandon``); a
failure met collecting a reply is graded where the reply is read, as before; and a
request written while the reply before is awaited (``hold``) goes only once that
reply has come (``release``), or never (``discard``), and fails, where an adapter died
or spoke unasked meanwhile, as it would have failed being sent."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness_paths import FAKE
from lockstep_findings import findings
from toygame import TOY

from oracle.harness.cli import main
from oracle.harness.fuzz_campaign import (
    SETTINGS,
    STREAM,
    Campaign,
    play_one,
    read_stream,
)
from oracle.harness.lockstep import Lockstep, Played
from oracle.harness.serve_mutant import command
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import (
    INSPECT_QUESTIONS,
    JSON,
    Crashed,
    ImplementationOutcome,
)
from oracle.protocol.inprocess import InProcess
from oracle.protocol.messages import request_problem
from oracle.protocol.position_refs import KEPT, PIPELINING_FEATURE
from oracle.protocol.server import answer, hello_result

SERVE = f"{sys.executable} -m oracle.harness.cli serve"
KEEPER = f"{sys.executable} {Path(__file__).parent / 'fakes' / 'ref_keeper.py'}"
CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=5, games=2,
                    max_actions=50)


class Noting(ProtocolClient):
    """A client noting each request it sends (without its ``seq``) and, in order, when
    each is sent and when its reply is read."""

    def __init__(self, command: str, max_restarts: int = 0) -> None:
        super().__init__(command, timeout=10.0, max_restarts=max_restarts, isolate="no")
        self.requests: list[JSON] = []
        #: how each request names its position (the field), "" where it names none
        self.named: list[str] = []
        self.events: list[tuple[str, int]] = []

    def _receive(self, proc: Any, seq: int, timeout: float) -> bytes:
        raw = super()._receive(proc, seq, timeout)
        self.events.append(("came", seq))
        return raw

    def _post(self, proc: Any, request: JSON, timeout: float,
              digests: bool = False) -> Callable[[], JSON]:
        seq = self._seq
        self.requests.append(request if request["cmd"] != "inspect" or "position" not in
                             request else {**request, "position": "(whole)"})
        self.named.append(next((k for k in ("position", "position_ref", "position_of")
                                if k in request), ""))
        held = self._held is not None
        self.events.append(("held" if held else "sent", seq))
        read = super()._post(proc, request, timeout, digests)

        def noted() -> JSON:
            self.events.append(("read", seq))
            return read()
        return noted

    def release(self) -> None:
        self.events += [("sent", seq) for _, seq, _, _ in self._held or []]
        super().release()


#: how the lockstep starts each step: after this reply is read, once it has come
#: (the default), before it has come
MODES = ("plain", "overlap", "ahead")


def _played(mode: str | bool, b: ProtocolClient | InProcess,
            games: int = CAMPAIGN.games) -> list[Played]:
    """``mode``: one of ``MODES`` (True: ``ahead``; False: the default)."""
    mode = {True: "ahead", False: "overlap"}.get(mode, mode) if isinstance(mode, bool) \
        else mode
    lock = Lockstep(InProcess(), b, "rocket")
    lock.sends_ahead = mode == "ahead"
    lock.overlaps = mode != "plain"
    return [play_one(lock, CAMPAIGN, index) for index in range(games)]


def _unnamed(request: JSON) -> JSON:
    return {k: v for k, v in request.items()
            if k not in ("position", "position_ref", "position_of")}


def _runs() -> dict[str, tuple[list[Played], Noting]]:
    runs = {}
    for mode in MODES:
        b = Noting(SERVE)
        try:
            runs[mode] = (_played(mode, b), b)
        finally:
            b.close()
    return runs


def _sent_before(client: Noting, event: str) -> list[int]:
    """The requests sent before the reply to the one before ``event`` (came, read)."""
    at: dict[tuple[str, int], int] = {}
    for k, noted in enumerate(client.events):
        at.setdefault(noted, k)  # the first time (a reply collected is read off it later)
    return [seq for (what, seq), k in at.items()
            if what == "sent" and at.get((event, seq - 1), -1) > k]


def _named(client: Noting, seqs: list[int]) -> set[str]:
    return {client.named[seq - client.events[0][1]] for seq in seqs}


def test_the_next_step_is_sent_before_this_reply_is_read_and_nothing_else_changes() -> None:
    runs = _runs()
    plain_played, plain_b = runs["plain"]
    for mode in ("overlap", "ahead"):
        played, b = runs[mode]
        for one, other in zip(played, plain_played, strict=True):
            assert one.divergence is None and other.divergence is None
            assert one.actions == other.actions and one.choices == other.choices
            assert len(one.actions) == CAMPAIGN.max_actions
        # the same requests, in the same order, but for how each names its position
        assert list(map(_unnamed, b.requests)) == list(map(_unnamed, plain_b.requests))
        assert b.restarts == plain_b.restarts == 0
    assert "position_of" not in plain_b.named
    assert _sent_before(plain_b, "read") == []
    # every step but each game's first two and its last; sent ahead, not every
    # one whose position goes whole either (position_refs.goes_whole)
    steps = CAMPAIGN.games * (CAMPAIGN.max_actions - 3)
    ahead_b = runs["ahead"][1]
    sent_ahead = _sent_before(ahead_b, "read")
    assert len(sent_ahead) >= steps * 7 // 8 - 2
    # each names its position as the one B's own last apply made: never by A's digest,
    # never whole (B would learn A's answers before its own reply about them is read)
    assert _named(ahead_b, sent_ahead) == {"position_of"}
    assert _sent_before(ahead_b, "came")
    # overlapping, each goes once the reply before has come, never before: by the
    # position B's own apply made, or whole (B has answered: it learns nothing in time)
    overlap_b = runs["overlap"][1]
    overlapped = _sent_before(overlap_b, "read")
    assert len(overlapped) >= steps - 2
    assert _sent_before(overlap_b, "came") == []
    assert _named(overlap_b, overlapped) == {"position_of", "position"}


def _findings(mutant: str, mode: str) -> tuple[list[Any], int]:
    b = ProtocolClient(command(mutant), timeout=10.0, max_restarts=0, isolate="no")

    def ways(lock: Lockstep) -> None:
        lock.sends_ahead, lock.overlaps = mode == "ahead", mode != "plain"
    return findings(b, 4, ways), b.restarts


# found deep in the game, by kind: a verdict, a position, a listing; each game after
# a finding is played on the same client, which read and dropped the step sent ahead
@pytest.mark.parametrize("mutant", ["mover_cannot_call", "no_city_scoring",
                                    "stations_never_move"])
def test_a_served_mutant_is_found_alike_sending_ahead_or_not(mutant: str) -> None:
    plain = _findings(mutant, "plain")
    for mode in ("overlap", "ahead"):
        assert _findings(mutant, mode) == plain
    assert any(game[3] is not None for game in plain[0]), "the mutant was never found"
    assert plain[1] == 0


# -- the client: replies read out of order, dropped, and the free start --------------

def _client(mode: str) -> ProtocolClient:
    return ProtocolClient(f"{FAKE} {mode}", timeout=5.0, start_timeout=15.0,
                          max_restarts=0, isolate="no")


def test_replies_read_out_of_order_are_each_their_own_request_s() -> None:
    c = _client("good")
    try:
        start = c.new_game("toy", ["a", "b"], {})
        action = TOY.legal_actions(start)[0]
        listed = c.start("legal_actions", "toy", start)
        applied = c.start("apply", "toy", start, action)
        scored = c.start("scores", "toy", start)
        assert c.start("game_over", "toy", start)() is TOY.game_over(start)
        assert scored() == TOY.scores(start)
        assert listed() == TOY.legal_actions(start)
        assert applied().position == TOY.apply(start, action)
        assert c.restarts == 0
    finally:
        c.close()


def test_an_abandoned_reply_is_read_and_dropped_before_the_next_request() -> None:
    c = _client("good")
    try:
        start = c.new_game("toy", ["a", "b"], {})
        c.start("apply", "toy", start, TOY.legal_actions(start)[0])
        c.start("scores", "toy", start)
        c.abandon()
        assert c.legal_actions("toy", start) == TOY.legal_actions(start)
        assert c.starts == 1
    finally:
        c.close()


def test_an_adapter_that_dies_on_an_abandoned_request_starts_afresh_for_free() -> None:
    c = _client("crash")  # dies when asked to apply
    try:
        start = c.new_game("toy", ["a", "b"], {})
        c.start("apply", "toy", start, TOY.legal_actions(start)[0])
        c.abandon()
        # no restarts allowed, yet the next request is answered by a new process
        assert c.legal_actions("toy", start) == TOY.legal_actions(start)
        assert c.starts == 2
        with pytest.raises(Crashed):  # dying on a request it is asked: graded, as ever
            c.apply("toy", start, TOY.legal_actions(start)[0])
        with pytest.raises(Crashed, match="gave up"):
            c.legal_actions("toy", start)
    finally:
        c.close()


# -- the served side: ``position_of`` (the feature ``pipelining``) ---------------------

def _inspect(impl: InProcess, seq: int, action: JSON, **where: Any) -> JSON:
    request = {"cmd": "inspect", "seq": seq, "game": "rocket", "action": action,
               "ask": ["legal_actions", "scores", "game_over"], "digests": True, **where}
    return answer(impl, json.dumps(request))


def test_a_position_named_by_the_inspect_that_made_it_is_answered_as_sent_whole() -> None:
    served, plain = InProcess(games=["rocket"]), InProcess(games=["rocket"])
    assert PIPELINING_FEATURE in hello_result(served)["features"]
    start = plain.new_game("rocket", ["p1", "p2", "p3"], {})
    first = plain.legal_actions("rocket", start)[0]
    made = _inspect(served, 7, first, position=start)
    after = plain.apply("rocket", start, first).position
    assert after is not None
    action = plain.legal_actions("rocket", after)[3]
    ahead = _inspect(served, 8, action, position_of=7)
    assert ahead["result"] == _inspect(plain, 8, action, position=after)["result"]
    assert made["result"]["apply"]["result"]["accepted"] is True
    # an inspect that made no position kept, or none at all: the harness sends it whole
    for seq in (3, 8 + KEPT + 1):
        refused = _inspect(served, 9, action, position_of=seq)
        assert refused["unsupported"]["feature"] == "position_ref"


@pytest.mark.parametrize(("request_", "says"), [
    ({"position": {}, "position_of": 3}, "False schema"),
    ({"position_ref": "0" * 64, "position_of": 3}, "False schema"),
    ({"position_of": -1}, "at position_of"),
    ({"position_of": "3"}, "at position_of"),
    ({"position_of": 3, "digests": False}, "at digests"),
])
def test_the_request_schema_takes_position_of_alone_and_with_digests(request_: JSON,
                                                                    says: str) -> None:
    base = {"cmd": "inspect", "seq": 1, "game": "rocket", "ask": ["scores"],
            "digests": True}
    bad = request_problem({**base, **request_})
    assert bad is not None and says in bad, bad
    assert request_problem({**base, "position_of": 3}) is None


@pytest.mark.parametrize(("mode", "outcome"), [("forget", None), ("garbage", "crash"),
                                               ("errored", "error")])
def test_an_answer_to_a_step_sent_ahead_is_graded_as_any(mode: str,
                                                         outcome: str | None) -> None:
    """An adapter that holds no position by ``position_of`` is sent the step again
    whole, once the reply before is read, and agrees; one answering it with anything
    else than that ``unsupported`` is graded as any bad reply."""
    b = Noting(f"{KEEPER} {mode}")
    try:
        played = _played(True, b)
    finally:
        b.close()
    if outcome is None:
        assert [p.divergence for p in played] == [None] * CAMPAIGN.games
        assert [p.actions for p in played] == [p.actions for p in _played(True, InProcess())]
        assert b.refs.forgotten > 0 and "position_of" in b.named
        return
    first = played[0].divergence
    assert first is not None and first.kind == "error" and \
        first.detail["outcome"] == outcome, first


def test_the_campaign_flag_sends_ahead_and_plays_the_same_games(tmp_path: Path) -> None:
    streams = []
    for flag in ((), ("--send-ahead",)):
        out = tmp_path / ("ahead" if flag else "plain")
        assert main(["fuzz", "--out", str(out), "--progress", "no", "--impl", "oracle",
                     "--against", SERVE, "--games", "2", "--max-actions", "20",
                     *flag]) == 0
        settings = json.loads((out / SETTINGS).read_text(encoding="utf-8"))
        assert settings["send_ahead"] is bool(flag)
        streams.append([{k: v for k, v in game.items() if k != "seconds"}
                        for game in read_stream(out / STREAM).values()])
    assert streams[0] == streams[1]
    assert {game["outcome"] for game in streams[0]} == {"capped"}


def _inspected(mode: str, early: bool) -> tuple[Any, ...]:
    """An inspect applying an action, its reply collected first (``early``) or not;
    what reading it gives, then what the client does next."""
    c = ProtocolClient(f"{FAKE} batch_{mode}", timeout=1.0, start_timeout=15.0,
                       max_restarts=0, isolate="no")
    try:
        start = c.new_game("toy", ["a", "b"], {})
        read = c.start_inspect("toy", start, INSPECT_QUESTIONS, TOY.legal_actions(start)[0])
        assert c.last_inspect is not None
        if early:
            assert c.collect(c.last_inspect) is (mode == "good")
            assert c.collect(c.last_inspect) is (mode == "good")  # (once is enough)
        began = time.monotonic()
        try:
            got: Any = read()["apply"].position
        except ImplementationOutcome as err:
            got = (type(err).__name__, err.outcome)
        waited = time.monotonic() - began
        try:
            after: Any = c.legal_actions("toy", start)
        except ImplementationOutcome as err:
            after = (type(err).__name__, err.message)
        return got, after, c.starts, waited
    finally:
        c.close()


@pytest.mark.parametrize("mode", ["good", "crash", "hang"])
def test_a_reply_collected_early_is_read_and_graded_as_before(mode: str) -> None:
    """An adapter that dies or hangs on a request whose reply is collected early is
    graded where the reply is read, as it would have been (no second wait for a reply
    that timed out, no free start)."""
    early, plain = _inspected(mode, True), _inspected(mode, False)
    assert early[:3] == plain[:3]
    assert early[3] < 0.5  # read at once: collected, or its failure met collecting
    expected = {"good": None, "crash": ("Crashed", "crash"),
                "hang": ("TimedOut", "timeout")}[mode]
    if expected is None:
        assert early[0] == TOY.apply(TOY.new_game(["a", "b"], {}),
                                     TOY.legal_actions(TOY.new_game(["a", "b"], {}))[0])
        assert early[2] == 1
    else:
        assert early[0] == expected and "gave up" in early[1][1]


def _held(mode: str, how: str) -> tuple[Any, ...]:
    """An inspect applying an action, then the next one written while the first's reply
    is awaited (``hold``), and sent (``release``) or dropped (``discard``) once that
    reply has come; what reading each gives, and the client's starts."""
    c = ProtocolClient(f"{FAKE} batch_{mode}", timeout=1.0, start_timeout=15.0,
                       max_restarts=0, isolate="no")
    try:
        start = c.new_game("toy", ["a", "b"], {})
        first = c.start_inspect("toy", start, INSPECT_QUESTIONS, TOY.legal_actions(start)[0])
        sent = c.last_inspect
        assert sent is not None
        c.hold()
        second = c.start_inspect("toy", start, INSPECT_QUESTIONS)
        assert not c.collect(sent + 1)  # (written, not sent: no reply to wait for)
        came = c.collect(sent)
        getattr(c, how)()
        out: list[Any] = [came]
        for read in (first, second) if how == "release" else (first,):
            try:
                out.append(sorted(read()))
            except ImplementationOutcome as err:
                out.append((type(err).__name__, err.message[:40]))
        if how == "discard":
            out.append(sorted(c.start_inspect("toy", start, INSPECT_QUESTIONS)()))
        return (*out, c.starts)
    finally:
        c.close()


def test_overlapping_a_works_out_a_step_while_b_does() -> None:
    """Overlapping, B's request about a step goes, once B's reply about the step before
    has come, before A is asked about that step: the two sides work on one step at
    once (a step long to answer is long for both together, not for each in turn)."""
    b = Noting(SERVE)
    a = InProcess()  # (its type unchanged: A in process lists texts, so steps overlap)
    start_inspect = a.start_inspect

    def noting_a(game: str, position: JSON, ask: Any, action: JSON | None = None) -> Any:
        if action is not None:
            b.events.append(("A asked", -1))
        return start_inspect(game, position, ask, action)
    a.start_inspect = noting_a  # type: ignore[method-assign]
    try:
        lock = Lockstep(a, b, "rocket")
        for index in range(CAMPAIGN.games):
            play_one(lock, CAMPAIGN, index)
    finally:
        b.close()
    events = b.events
    held = [(k, seq) for k, (what, seq) in enumerate(events) if what == "held"]
    assert len(held) > 40
    for k, seq in held:
        asked = next(j for j in range(k, len(events)) if events[j][0] == "A asked")
        assert events.index(("sent", seq), k) < asked, events[k:asked + 1]


def test_a_request_held_goes_at_release_after_the_reply_before_has_come() -> None:
    assert _held("good", "release") == (
        True, ["apply", "game_over", "legal_actions", "scores"],
        ["game_over", "legal_actions", "scores"], 1)


def test_a_request_held_and_discarded_never_goes() -> None:
    assert _held("good", "discard") == (
        True, ["apply", "game_over", "legal_actions", "scores"],
        ["game_over", "legal_actions", "scores"], 1)


@pytest.mark.parametrize(("mode", "second"), [
    ("crash", ("the adapter ",)),
    # (the second answer is found before the request goes, or, where it comes later,
    # read as the reply to it: a crash either way, as without holding)
    ("chatty", ("unsolicited output before 'inspect'", "reply to 'inspect' has seq"))])
def test_a_request_held_fails_as_it_would_have_been_sent(mode: str,
                                                         second: tuple[str, ...]) -> None:
    """An adapter that died on the request before, or answered it twice: the request
    held is graded a crash where its reply is read (the one before as ever)."""
    came, first, got, _ = _held(mode, "release")
    assert got[0] == "Crashed" and got[1].startswith(second), got
    if mode == "crash":
        assert not came and first[0] == "Crashed"
    else:  # (its first answer breaks the protocol too: a refusal where parts are owed)
        assert came and first[0] == "Crashed"


@pytest.mark.parametrize("mode", ["crash", "chatty"])
def test_an_adapter_that_dies_or_speaks_unasked_is_found_alike_overlapping_or_not(
        mode: str) -> None:
    """Where B dies on a request, or sends a reply twice, the finding is the same
    whether the next request goes after the reply is read or once it has come, and so
    are the adapter's starts."""
    found = {}
    for how in ("plain", "overlap"):
        b = Noting(f"{KEEPER} {mode}")
        try:
            played = _played(how, b, games=1)[0]
        finally:
            b.close()
        d = played.divergence
        assert d is not None
        found[how] = (d.step, d.kind, d.detail.get("outcome"), played.actions, b.starts)
    assert found["overlap"] == found["plain"], found
    assert found["plain"][2] == "crash"

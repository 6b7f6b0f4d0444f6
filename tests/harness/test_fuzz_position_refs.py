"""The protocol's optional ``position_refs`` (oracle/protocol/position_refs.py,
docs/protocol.md): a served B that declares it is sent, instead of the whole position,
the digest it answered for the position its last accepted apply made, where that digest
was A's. The served oracle so agrees as it does whole, sent refs most steps and the
whole position every ``WHOLE_EVERY``-th; an adapter that forgets is sent the whole
position and still agrees; a served mutant is found alike with and without refs; an
adapter answering a ref with anything but an inspect reply or the documented
``unsupported`` is graded as any bad reply, never a pass; the request schema refuses a
request with both forms or a malformed ref; the server keeps each implementation's own
positions, and reads a kept one from its state (no ``marshal`` key); a position sent
whole goes as its canonical text, the same JSON value."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from oracle.core.made import Made
from oracle.core.wire_json import Written, dumps_with
from oracle.harness.fuzz_campaign import Campaign, play_one
from oracle.harness.lockstep import Lockstep, Played, index_chooser
from oracle.harness.serve_mutant import command
from oracle.protocol.client import ProtocolClient
from oracle.protocol.digests import position_digest
from oracle.protocol.implementation import JSON
from oracle.protocol.inprocess import InProcess
from oracle.protocol.messages import request_problem
from oracle.protocol.position_refs import (
    KEPT,
    WHOLE_EARLY,
    WHOLE_EVERY,
    WHOLE_LATER,
    _whole,
    goes_whole,
    remembered,
)
from oracle.protocol.server import answer

HERE = Path(__file__).parent
KEEPER = f"{sys.executable} {HERE / 'fakes' / 'ref_keeper.py'}"
SERVE = f"{sys.executable} -m oracle.harness.cli serve"
CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=3, games=2,
                    max_actions=100)


class Recorded(ProtocolClient):
    """A client noting each inspect it sends: by reference (True) or whole (False). Its
    adapter is taken as declaring ``position_refs`` (where ``refs``) but not
    ``pipelining``: every position is named by reference or sent whole, none by the
    inspect that made it (``position_of``: test_lockstep_ahead.py)."""

    def __init__(self, command: str, refs: bool = True) -> None:
        super().__init__(command, timeout=10.0, max_restarts=0, isolate="no")
        self.inspects: list[bool] = []
        self.with_refs = refs

    def _ensure(self) -> Any:
        proc = super()._ensure()
        self.refs.pipelines = False
        if not self.with_refs:  # as an adapter that does not declare the feature
            self.refs.declared = False
        return proc

    def _post(self, proc: Any, request: JSON, timeout: float,
              digests: bool = False) -> Callable[[], JSON]:
        if request["cmd"] == "inspect":
            assert ("position" in request) != ("position_ref" in request)
            self.inspects.append("position_ref" in request)
        return super()._post(proc, request, timeout, digests)


def _games(b: Recorded) -> tuple[list[Played], list[list[bool]]]:
    """The campaign's games against ``b``, and each game's inspects (by ref or not)."""
    lock = Lockstep(InProcess(), b, "rocket")
    played, sent = [], []
    try:
        for index in range(CAMPAIGN.games):
            b.inspects = []
            played.append(play_one(lock, CAMPAIGN, index))
            sent.append(b.inspects)
    finally:
        b.close()
    return played, sent


def _in_process() -> list[Played]:
    lock = Lockstep(InProcess(), InProcess(), "rocket")
    return [play_one(lock, CAMPAIGN, index) for index in range(CAMPAIGN.games)]


def _same_games(played: list[Played], whole: list[Played]) -> None:
    for ours, theirs in zip(played, whole, strict=True):
        assert ours.divergence is None and ours.gaps == theirs.gaps == 0 and not ours.declined
        assert ours.actions == theirs.actions and ours.choices == theirs.choices


def test_the_served_oracle_agrees_by_reference_sent_whole_every_nth() -> None:
    b = Recorded(SERVE)
    played, sent = _games(b)
    _same_games(played, _in_process())
    assert b.refs.forgotten == 0
    for inspects in sent:
        # the start, the first action (on a new game's position, never referred) and
        # every WHOLE_EVERY-th inspect whole, every WHOLE_LATER-th once WHOLE_EARLY have
        # gone; every other one by reference
        assert len(inspects) == CAMPAIGN.max_actions + 1 > WHOLE_EARLY + WHOLE_LATER
        assert [k for k, by_ref in enumerate(inspects) if not by_ref] == [
            0, 1, *range(WHOLE_EVERY, WHOLE_EARLY, WHOLE_EVERY),
            *range(WHOLE_EARLY, len(inspects), WHOLE_LATER)]
    assert b.refs.sent == sum(map(sum, sent)) > 0.8 * sum(map(len, sent))


def test_an_adapter_that_forgets_gets_the_whole_position_and_agrees() -> None:
    b = Recorded(f"{KEEPER} forget")
    played, sent = _games(b)
    _same_games(played, _in_process())
    steps = sum(map(len, sent)) - b.refs.forgotten  # each step's first inspect
    assert b.refs.sent == b.refs.forgotten == sum(map(sum, sent)) > 0.8 * steps
    for inspects in sent:  # each inspect by reference sent again whole, at once: next,
        # or after the next step's, sent ahead before this reply was read (lockstep.py)
        for k, by_ref in enumerate(inspects):
            assert not by_ref or False in inspects[k + 1:k + 3]


def _outcome(played: Played) -> Any:
    d = played.divergence
    return (played.actions, played.gaps, None if d is None else (d.step, d.kind, d.detail))


# found deep in the game, by kind: a verdict, a position, a listing
@pytest.mark.parametrize("mutant", ["mover_cannot_call", "no_city_scoring",
                                    "stations_never_move"])
def test_a_served_mutant_is_found_alike_with_and_without_refs(mutant: str) -> None:
    outcomes, sent = [], []
    for refs in (True, False):
        b = Recorded(command(mutant), refs)
        try:
            outcomes.append([_outcome(Lockstep(InProcess(), b, "rocket").play(
                ["p1", "p2", "p3"], {}, index_chooser(random.Random(s).choices(
                    range(40), k=80)), 80)) for s in range(3)])
        finally:
            b.close()
        sent.append(b.refs.sent)
    assert outcomes[0] == outcomes[1]
    assert sent[0] > 20 and sent[1] == 0, sent
    assert any(o[2] is not None for o in outcomes[0]), "the mutant was never found"


@pytest.mark.parametrize(("mode", "kinds"), [
    ("garbage", {"error"}), ("errored", {"error"}), ("stale", {"invalid", "verdict"})])
def test_a_bad_answer_to_a_ref_is_graded_as_any_bad_reply(mode: str,
                                                          kinds: set[str]) -> None:
    b = Recorded(f"{KEEPER} {mode}")
    played, sent = _games(b)
    first = played[0].divergence
    assert first is not None and first.kind in kinds, first
    # found where an inspect by reference was answered so: garbage and errors at the
    # first one (the second action's, step 1), a stale position a step later
    assert first.step == 1 if mode != "stale" else first.step in (2, 3), first
    assert sent[0][2] is True  # (inspect k is about action k - 1)
    if mode == "garbage":
        assert first.detail["outcome"] == "crash" and "breaks the protocol" in \
            first.detail["message"]


def test_another_unsupported_answer_to_a_ref_is_a_gap_as_always() -> None:
    b = Recorded(f"{KEEPER} other_gap")
    played, _ = _games(b)
    assert played[0].gaps > 0 and played[0].declined, "an undeclared gap is counted"
    assert b.refs.forgotten == 0


# -- the request schema --------------------------------------------------------------

REF = "0123456789abcdef" * 4
BASE: JSON = {"cmd": "inspect", "seq": 1, "game": "rocket", "ask": ["scores"],
              "digests": True}


@pytest.mark.parametrize(("request_", "says"), [
    ({**BASE, "position": {}, "position_ref": REF}, "False schema"),
    ({**BASE}, "'position' is a required property"),
    ({**BASE, "position_ref": REF.upper()}, "at position_ref"),
    ({**BASE, "position_ref": REF[:-1]}, "at position_ref"),
    ({**BASE, "position_ref": REF + "0"}, "at position_ref"),
    ({**BASE, "position_ref": REF + "\n"}, "at position_ref"),
    ({**BASE, "position_ref": 7}, "at position_ref"),
    ({**BASE, "position_ref": REF, "digests": False}, "at digests"),
    ({k: v for k, v in BASE.items() if k != "digests"} | {"position_ref": REF},
     "'digests' is a required property"),
    ({"cmd": "apply", "seq": 1, "game": "rocket", "position": {}, "action": {},
      "position_ref": REF}, "apply.request.json"),
    ({"cmd": "legal_actions", "seq": 1, "game": "rocket", "position_ref": REF},
     "legal_actions.request.json"),
])
def test_the_request_schema_refuses_both_forms_and_malformed_refs(request_: JSON,
                                                                  says: str) -> None:
    bad = request_problem(request_)
    assert bad is not None and says in bad, bad
    reply = answer(InProcess(games=["rocket"]), json.dumps(request_))
    assert reply["errored"]["message"].startswith("malformed request: ")


def test_the_request_schema_takes_either_form() -> None:
    assert request_problem({**BASE, "position": {}}) is None
    assert request_problem({**BASE, "position_ref": REF}) is None


# -- the server's memory ---------------------------------------------------------------

def _step(impl: InProcess, action: JSON, **where: Any) -> JSON:
    """An inspect asked with digests: ``action`` applied, every question asked, about
    ``position`` or ``position_ref`` (``where``)."""
    request = {"cmd": "inspect", "seq": 1, "game": "rocket", "action": action,
               "ask": ["legal_actions", "scores", "game_over"], "digests": True, **where}
    return answer(impl, json.dumps(request))


def _after(impl: InProcess, position: JSON, action: JSON) -> JSON:
    """The position ``action`` makes (accepted)."""
    made = impl.apply("rocket", position, action).position
    assert made is not None
    return made


def _digest(reply: JSON) -> str:
    """The digest an inspect's accepted apply answered."""
    digest: str = reply["result"]["apply"]["result"]["digest"]
    return digest


def test_a_ref_is_answered_as_the_whole_position_is() -> None:
    served, plain = InProcess(games=["rocket"]), InProcess(games=["rocket"])
    start = plain.new_game("rocket", ["p1", "p2", "p3"], {})
    first = plain.legal_actions("rocket", start)[0]
    made = _digest(_step(served, first, position=start))
    after = _after(plain, start, first)
    assert made == position_digest(after)
    action = plain.legal_actions("rocket", after)[3]
    by_ref = _step(served, action, position_ref=made)
    assert by_ref == _step(plain, action, position=after)
    assert by_ref["result"]["apply"]["result"]["accepted"] is True


def test_a_position_not_kept_is_answered_unsupported_position_ref() -> None:
    reply = _step(InProcess(games=["rocket"]), {"type": "pass", "player": "p1"},
                  position_ref=REF)
    assert reply["unsupported"]["feature"] == "position_ref"
    assert set(reply) == {"seq", "unsupported"}


def test_each_implementation_keeps_its_own_last_positions() -> None:
    oracle, other = InProcess(games=["rocket"]), InProcess(games=["rocket"])
    position = oracle.new_game("rocket", ["p1", "p2"], {})
    digests = []
    for _ in range(KEPT + 1):
        action = oracle.legal_actions("rocket", position)[0]
        digests.append(_digest(_step(oracle, action, position=position)))
        position = _after(oracle, position, action)
    kept = remembered(oracle)
    assert kept.get("rocket", digests[0]) is None  # the oldest beyond KEPT dropped
    assert all(kept.get("rocket", d) is not None for d in digests[1:])
    assert remembered(other).get("rocket", digests[-1]) is None  # never another's
    assert kept.get("18xx", digests[-1]) is None


def test_a_kept_position_is_read_from_its_state_unkeyed(monkeypatch: Any) -> None:
    """The speed path: a ref request's position is pinned, so the Rocket API neither
    keys it (``_text``, the ``marshal`` of the whole position) to find its state; a
    whole request keys it, unless it is the last position kept. The position an apply
    makes is never keyed: answered by its digest, it is kept as what the engine made
    (a ``Made``), no JSON written."""
    import oracle.rocket.api as rocket_api
    keyed: list[int] = []
    real = rocket_api._text

    def counting(position: JSON) -> bytes:
        keyed.append(1)
        return real(position)
    monkeypatch.setattr(rocket_api, "_text", counting)
    impl = InProcess(games=["rocket"])
    start = impl.new_game("rocket", ["p1", "p2", "p3"], {})
    action = impl.legal_actions("rocket", start)[0]
    keyed.clear()
    made = _digest(_step(impl, action, position=json.loads(json.dumps(start))))
    assert len(keyed) == 1  # the request's position found by its key, the new one not
    after = _after(impl, start, action)
    action = impl.legal_actions("rocket", after)[0]
    keyed.clear()
    by_ref = _step(impl, action, position_ref=made)
    assert keyed == []
    # sent whole, a position equal to the last one made (exactly: a parsed copy) is
    # read as that object too, answered alike; one that differs in a type is not
    last = _digest(by_ref)
    again = _after(impl, after, action)
    assert position_digest(again) == last
    action = impl.legal_actions("rocket", again)[0]
    keyed.clear()
    whole = _step(impl, action, position=json.loads(json.dumps(again)))
    assert keyed == []
    assert whole == _step(InProcess(games=["rocket"]), action, position=again)
    retyped = json.loads(json.dumps(again))
    retyped["turn"]["actions_taken"] = float(retyped["turn"]["actions_taken"])
    keyed.clear()
    _step(impl, action, position=retyped)
    assert keyed, "a position of other types is no position kept"


def test_a_whole_position_goes_as_its_canonical_text_or_else_its_json() -> None:
    """A's ``Made`` sent whole (``position_refs._whole``) goes as its canonical text
    where that is ASCII (every Rocket position), the very JSON value of it; else as
    its JSON."""
    api = InProcess()._game("rocket")
    rng = random.Random(7)
    position: Any = api.new_game(["p1", "p2", "p3"], {})
    for _ in range(40):
        made = api.apply_made(position, rng.choice(api.legal_actions(position)))
        request = _whole({"cmd": "inspect"}, made)
        written = request["position"]
        assert isinstance(written, Written) and written.text == made.canonical()
        line = dumps_with({"cmd": "inspect"}, "position", written)
        assert json.loads(line)["position"] == made.json()
        position = made

    class _Wide:  # a maker whose canonical text is not ASCII
        def position_canonical(self, state: Any) -> bytes:
            return json.dumps({"name": "Zürich"}, ensure_ascii=False).encode()

        def position_json(self, state: Any) -> JSON:
            return {"name": "Zürich"}
    wide: Any = Made(_Wide(), None)
    assert _whole({}, wide)["position"] == {"name": "Zürich"}


def test_a_game_goes_whole_every_eighth_inspect_then_every_thirty_second() -> None:
    whole = [k for k in range(300) if goes_whole(k)]
    assert whole == [*range(0, 64, 8), *range(64, 300, 32)]
    assert (WHOLE_EVERY, WHOLE_EARLY, WHOLE_LATER) == (8, 64, 32)

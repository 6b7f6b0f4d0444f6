"""``railrules serve`` answering an inspect asked with digests keeps what its engine
made (a ``Made``: oracle.core.made) and digests it from the state it holds
(oracle/rocket/digested.py): the replies are byte for byte those of a server whose
engine hands back JSON, over whole games sent whole and by reference, refusals and
failures included, for the oracle and for a served mutant."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import pytest

from oracle.core import wire_json
from oracle.core.made import Made
from oracle.harness.lockstep import Lockstep, index_chooser
from oracle.harness.mutants import mutant_implementation
from oracle.harness.serve_mutant import command
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import JSON
from oracle.protocol.inprocess import InProcess
from oracle.protocol.position_refs import goes_whole, remembered
from oracle.protocol.server import _is_kept, answer
from oracle.rocket.api import RocketAPI

_ASK = ["legal_actions", "scores", "game_over"]


class _Plain(InProcess):
    """The same engine, but a subclass: ``making`` changes nothing, so its apply
    answers JSON, as every served apply did before."""


def _plain_like(impl: InProcess) -> InProcess:
    plain = _Plain(games=["rocket"])
    plain._overrides = dict(impl._overrides)
    return plain


def _replies(impl: InProcess, requests: list[JSON]) -> list[bytes]:
    return [wire_json.dumps(answer(impl, json.dumps(r))) for r in requests]


def _game(impl: InProcess, seed: int, steps: int) -> list[JSON]:
    """The requests of a game played by ``impl``'s own answers: an inspect a step,
    by reference but where ``goes_whole`` sends it whole, with an action of the opening
    (refused, mostly) and a malformed one asked on the way (each answered, the game goes
    on)."""
    rng = random.Random(seed)
    plain = _plain_like(impl)
    position = plain.new_game("rocket", ["p1", "p2", "p3"], {})
    opening = plain.legal_actions("rocket", position)[0]  # refused later in the game
    requests: list[JSON] = []
    ref: str | None = None
    for step in range(steps):
        legal = plain.legal_actions("rocket", position)
        if not legal:
            break
        action = rng.choice(legal)
        where: JSON = {"position": position} if ref is None or goes_whole(step) \
            else {"position_ref": ref}
        base = {"cmd": "inspect", "seq": step, "game": "rocket", "ask": _ASK,
                "digests": True, **where}
        if step % 5 == 2:
            requests.append({**base, "action": opening})
        if step % 7 == 3:
            requests.append({**base, "action": {"type": "no such action"}})
        requests.append({**base, "action": action})
        reply = answer(plain, json.dumps(requests[-1]))["result"]["apply"]
        if "digest" not in reply.get("result", {}):  # a mutant refusing what it lists
            break
        ref = reply["result"]["digest"]  # the digest it answers
        made = plain.apply("rocket", position, action).position
        assert made is not None
        position = made
    requests.append({"cmd": "inspect", "seq": -1, "game": "rocket", "ask": _ASK,
                     "digests": True, "position_ref": ref})
    return requests


@pytest.mark.parametrize("seed", [1, 2])
def test_the_served_oracle_answers_as_with_json(seed: int) -> None:
    served = InProcess(games=["rocket"])
    requests = _game(served, seed, 60)
    assert _replies(served, requests) == _replies(_plain_like(served), requests)
    last = remembered(served).last("rocket")
    assert type(last) is Made  # kept as what the engine made, not as JSON
    assert served.made is False  # only while an apply answered by digest lasts


def test_without_digests_the_apply_answers_json() -> None:
    served = InProcess(games=["rocket"])
    start = served.new_game("rocket", ["p1", "p2"], {})
    action = served.legal_actions("rocket", start)[0]
    request = {"cmd": "inspect", "seq": 1, "game": "rocket", "ask": _ASK, "action": action,
               "position": start}
    reply = answer(served, json.dumps(request))
    assert reply["result"]["apply"]["result"]["position"] == \
        served.apply("rocket", start, action).position
    assert remembered(served).last("rocket") is None


@pytest.mark.parametrize("mutant", ["mover_cannot_call", "no_city_scoring"])
def test_a_served_mutant_answers_as_with_json(mutant: str) -> None:
    served: Any = mutant_implementation(mutant)
    requests = _game(served, 3, 60)
    assert _replies(served, requests) == _replies(_plain_like(served), requests)


# -- the harness side: A (in process) makes a ``Made`` against a served B with digests

def _outcomes(b_command: str) -> list[Any]:
    b = ProtocolClient(b_command, timeout=10.0, max_restarts=0, isolate="no")
    try:
        lock = Lockstep(InProcess(), b, "rocket")
        out = []
        for seed in range(3):
            played = lock.play(["p1", "p2", "p3"], {}, index_chooser(
                random.Random(seed).choices(range(40), k=80)), 80)
            d = played.divergence
            out.append((played.actions, played.choices, played.gaps,
                        None if d is None else (d.step, d.kind, d.detail)))
        return out
    finally:
        b.close()


# found deep in the game, by kind: a verdict, a position, a listing; and the oracle
@pytest.mark.parametrize("b_command", [
    command("mover_cannot_call"), command("no_city_scoring"), command("stations_never_move"),
    f"{sys.executable} -m oracle.harness.cli serve"])
def test_a_served_side_is_found_alike_whether_a_makes_json_or_not(
        b_command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    digested: list[int] = []
    real = RocketAPI.made_digest

    def counting(self: RocketAPI, made: Made[Any]) -> str | None:
        digested.append(1)
        return real(self, made)
    monkeypatch.setattr(RocketAPI, "made_digest", counting)
    with_made = _outcomes(b_command)
    assert len(digested) > 20  # A's positions digested from their parts
    monkeypatch.setattr(RocketAPI, "apply_made", lambda self, position, action: None)
    digested.clear()
    as_before = _outcomes(b_command)  # A answers JSON, as it did
    assert digested == []
    assert with_made == as_before
    if "serve_mutant" in b_command:
        assert any(o[3] is not None for o in with_made), "the mutant was never found"
    else:
        assert all(o[3] is None for o in with_made)


def test_a_whole_position_is_read_as_the_one_kept_only_where_it_is_that_one() -> None:
    """A whole position equal to the one kept last, types exact (keys in any order), is
    read as that object (``server._is_kept``); another kept one, or a twin of another
    type (a float for an integer, NaN for null), is read as sent."""
    served = InProcess(games=["rocket"])
    plain = _plain_like(served)
    made = [plain.new_game("rocket", ["p1", "p2", "p3"], {})]
    for seq in range(2):
        action = plain.legal_actions("rocket", made[-1])[0]
        request = {"cmd": "inspect", "seq": seq, "game": "rocket", "ask": _ASK,
                   "digests": True, "position": made[-1], "action": action}
        assert "digest" in answer(served, json.dumps(request))["result"]["apply"]["result"]
        after = plain.apply("rocket", made[-1], action).position
        assert after is not None
        made.append(after)
    kept = remembered(served)
    last, position = kept.last("rocket"), made[-1]

    def read(text: str) -> bool:
        return _is_kept(kept, "rocket", last, wire_json.loads(text))
    assert read(json.dumps(position))
    assert read(json.dumps(dict(reversed(list(position.items())))))
    assert not read(json.dumps(made[-2]))  # kept, but not last
    money = position["holdings"]["p1"]["money"]
    assert not read(json.dumps(position).replace(f'"money": {money}', f'"money": {money}.0',
                                                 1))
    assert '"end_reason": null' in json.dumps(position)
    assert not read(json.dumps(position).replace('"end_reason": null', '"end_reason": NaN'))


def test_the_oracle_answers_an_inspect_with_digests_at_once_as_the_generic_way() -> None:
    """``InProcess.inspect_digests`` (the server's fast way) gives the parts the generic
    way writes, for every action of a whole game to its end and a refusal on the way;
    None for a malformed action (answered the generic way, in its own part) and for a
    subclass (a mutant's)."""
    served, plain = InProcess(games=["rocket"]), _plain_like(InProcess(games=["rocket"]))
    rng = random.Random(4)
    position = plain.new_game("rocket", ["p1", "p2", "p3"], {})
    first = plain.legal_actions("rocket", position)[0]
    assert served.inspect_digests("rocket", position, {"type": "no such action"},
                                  _ASK) is None
    assert plain.inspect_digests("rocket", position, first, _ASK) is None
    answered: list[Any] = []
    while not plain.game_over("rocket", position):
        legal = plain.legal_actions("rocket", position)
        for action in (first, rng.choice(legal)):  # the opening: refused, but first
            request = {"cmd": "inspect", "seq": 1, "game": "rocket", "ask": _ASK,
                       "digests": True, "position": position, "action": action}
            fast = served.inspect_digests("rocket", position, action, _ASK)
            assert fast is not None
            assert fast[0] == answer(plain, json.dumps(request))["result"]
            answered.append(fast[0])
        made = plain.apply("rocket", position, action).position
        assert made is not None
        position = made
    assert answered[-1]["game_over"]["result"]["over"] is True
    assert any(not a["apply"]["result"]["accepted"] for a in answered)
    # a game not offered: refused part by part, as the generic way refuses it
    request = {"cmd": "inspect", "seq": 2, "game": "18xx", "ask": _ASK, "digests": True,
               "position": {"game": "18xx"}, "action": first}
    assert served.inspect_digests("18xx", request["position"], first, _ASK) is None
    assert answer(served, json.dumps(request)) == answer(plain, json.dumps(request))
    assert "result" in answer(served, json.dumps(request))

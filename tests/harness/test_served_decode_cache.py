"""The served oracle decodes a position it produced itself no more: what ``new_game``
and ``apply`` return is remembered by its exact form, and a lockstep step's questions
about it (legal actions, scores, game over, the next action) come back over the wire
as equal values, so they hit (oracle/rocket/api.py, docs/fuzz.md "Speed")."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core import wire_json
from oracle.core.errors import MalformedInput
from oracle.protocol.inprocess import InProcess
from oracle.protocol.server import answer
from oracle.rocket import api as rocket_api
from oracle.rocket import codec


def test_positions_the_server_returned_are_not_decoded_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    decoded: list[int] = []
    real = codec.from_json

    def counting(position: Any) -> Any:
        decoded.append(1)
        return real(position)

    monkeypatch.setattr(rocket_api.codec, "from_json", counting)
    impl = InProcess(overrides={"rocket": rocket_api.RocketAPI()})

    def ask(cmd: str, **fields: Any) -> Any:  # through the wire's text, both ways
        line = wire_json.dumps({"cmd": cmd, "seq": 1, "game": "rocket", **fields})
        reply = wire_json.loads(wire_json.dumps(answer(impl, line)))
        return reply["result"]

    position = ask("new_game", players=["p1", "p2", "p3"], options={})["position"]
    for _ in range(6):
        actions = ask("legal_actions", position=position)["actions"]
        ask("scores", position=position)
        ask("game_over", position=position)
        position = ask("apply", position=position, action=actions[-1])["position"]
    assert decoded == []
    # a position it did not produce is decoded (and checked) once, then remembered
    other = wire_json.loads(wire_json.dumps(codec.to_json(real(position))))
    other["turn"] = dict(reversed(list(other["turn"].items())))  # same value, new key order
    ask("scores", position=other)
    ask("game_over", position=other)
    assert len(decoded) == 1


def test_the_key_tells_nan_from_null_and_one_from_one_point_zero() -> None:
    """orjson would write NaN as null and the standard module 1.0 as 1.0: the key is
    marshal's, exact on every type, so neither twin is answered from memory."""
    api = rocket_api.RocketAPI()
    position = api.new_game(["p1", "p2", "p3"], {})
    assert position["pending"] is None
    api.scores(position)  # remembered, with pending null
    twin = {**position, "pending": float("nan")}
    with pytest.raises(MalformedInput) as err:
        api.scores(twin)
    assert err.value.field == "pending"
    for a, b in ((None, float("nan")), (1, 1.0), (1, True), (0, False), (0.0, -0.0)):
        assert rocket_api._text({"x": a}) != rocket_api._text({"x": b})
    # built anew (as parsed off the wire), the same value has the same key
    assert rocket_api._text(wire_json.loads(wire_json.dumps(position))) == \
        rocket_api._text(position)

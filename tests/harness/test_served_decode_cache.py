"""The served oracle decodes a position it produced itself no more: what ``new_game``
and ``apply`` return is remembered by its exact form, and a lockstep step's questions
about it (legal actions, scores, game over, the next action) come back over the wire
as equal values, so they hit (oracle/rocket/api.py, docs/fuzz.md "Speed")."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core import wire_json
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

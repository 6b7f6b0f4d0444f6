"""The JavaScript example adapter, graded through the protocol against the oracle."""

from __future__ import annotations

import shutil

import pytest
from harness_paths import ROOT

from oracle.games import get_game
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import Unsupported

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture
def js() -> ProtocolClient:
    client = ProtocolClient(f"{NODE} {ROOT / 'examples' / 'js-rocket' / 'adapter.mjs'}",
                            timeout=2.0, max_restarts=0)
    yield client  # type: ignore[misc]
    client.close()


def test_handshake_declares_rocket_defaults_only(js: ProtocolClient) -> None:
    hello = js.hello()
    assert hello["language"] == "javascript" and hello["games"][0]["game"] == "rocket"
    with pytest.raises(Unsupported, match="not declared"):
        js.check_position("rocket", {"options": {"edition": "2018"}})


def test_it_agrees_with_the_oracle_where_it_answers(js: ProtocolClient) -> None:
    rocket = get_game("rocket")
    position = rocket.new_game(["p1", "p2", "p3"], {})
    assert js.check_position("rocket", position) is None
    bad = js.check_position("rocket", {k: v for k, v in position.items() if k != "supply"})
    assert bad is not None and bad.field == "supply"
    assert js.scores("rocket", position) == rocket.scores(position)
    assert js.game_over("rocket", position) is False
    assert js.canonical("rocket", position) == position
    out_of_turn = {**next(a for a in rocket.legal_actions(position)), "player": "p2"}
    verdict = js.apply("rocket", position, out_of_turn)
    assert not verdict.accepted and verdict.code == "turn/not_your_turn"
    try:
        rocket.apply(position, out_of_turn)
    except Exception as err:  # the oracle refuses with the same code
        assert getattr(err, "code", None) == verdict.code
    else:
        pytest.fail("the oracle accepted a move out of turn")


def test_the_rest_is_declared_unsupported(js: ProtocolClient) -> None:
    rocket = get_game("rocket")
    position = rocket.new_game(["p1", "p2"], {})
    with pytest.raises(Unsupported):
        js.legal_actions("rocket", position)
    with pytest.raises(Unsupported):
        js.apply("rocket", position, rocket.legal_actions(position)[0])

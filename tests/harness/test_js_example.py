"""The JavaScript example adapter, graded through the protocol against the oracle."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness_paths import ROOT

from oracle.core.errors import IllegalAction
from oracle.games import get_game
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import Unsupported
from oracle.rocket import codec
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.setup import initial_state

NODE = shutil.which("node")
ADAPTER = f"{NODE} {ROOT / 'examples' / 'js-rocket' / 'adapter.mjs'}"
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture
def js() -> Iterator[ProtocolClient]:
    client = ProtocolClient(ADAPTER, timeout=5.0, max_restarts=0)
    yield client
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
    # a station action: moves are a gap the adapter declares, so never sent
    out_of_turn = {**next(a for a in rocket.legal_actions(position)
                          if a["type"] == "place_station"), "player": "p2"}
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
    with pytest.raises(Unsupported):
        js.apply("rocket", position, {"type": "pass", "player": "p1"})


def test_an_action_that_would_end_the_game_is_unsupported(js: ProtocolClient) -> None:
    rocket = get_game("rocket")
    position = rocket.new_game(["p1", "p2"], {})
    position["supply"].update(tiles_left=0, tiles_elsewhere=60)
    assert js.check_position("rocket", position) is None
    city, left = next(iter(position["city_tokens"].items()))
    take = {"type": "take_token", "player": "p1", "city": city, "industry": left[0]}
    assert rocket.apply(position, take)["phase"] == "over"
    with pytest.raises(Unsupported):
        js.apply("rocket", position, take)


def _station_and_token_actions(rules: Rules, position: Any,
                               rng: random.Random) -> list[dict[str, Any]]:
    """Some legal and many illegal station and token actions in one position."""
    state = codec.from_json(position)
    legal = [a.to_json() for a in rules.legal_station_actions(state)]
    legal += [a.to_json() for a in rules.legal_tokens(state)]
    spaces = [*sorted(state.board.land | state.board.water), "Z1"]
    near = sorted({n for s in [*state.loco_at, *state.station_owner]
                   for n in state.board.neighbours.get(s, {}).values()})
    out = rng.sample(legal, min(2, len(legal)))
    for _ in range(4):
        player = rng.choice(state.players)
        to = rng.choice(near if near and rng.random() < 0.5 else spaces)
        own = position["holdings"][player]["stations"]
        source = rng.choice(own or spaces)
        city = rng.choice(state.board.cities)
        out += [{"type": "place_station", "player": player, "to": to},
                {"type": "move_station", "player": player, "from": source, "to": to},
                {"type": "take_token", "player": player, "city": city,
                 "industry": rng.choice(["brewing", "leather", "steel", "textiles"])}]
    return out


def test_it_agrees_with_the_oracle_on_station_and_token_actions(js: ProtocolClient) -> None:
    """Differential: positions from a random game, station and token actions; where
    the adapter answers, it answers as the oracle does."""
    rules = Rules()
    rocket = get_game("rocket")
    rng = random.Random(2024)
    trace = random_trace(rules, initial_state(["p1", "p2", "p3"], {}), rng)
    answered = 0
    for state, _ in rng.sample(list(trace), min(12, len(trace))):
        position = codec.to_json(state)
        for action in _station_and_token_actions(rules, position, rng):
            try:
                want: tuple[str, Any] = ("accepted", rocket.apply(position, action))
            except IllegalAction as err:
                want = ("refused", err.code)
            try:
                verdict = js.apply("rocket", position, action)
            except Unsupported:
                assert want[0] == "accepted" and want[1]["phase"] == "over", action
                continue
            got = ("accepted", verdict.position) if verdict.accepted else ("refused", verdict.code)
            assert got == want, f"{action} in phase {position['phase']}"
            answered += 1
    assert answered > 100


def test_it_passes_the_station_scenarios(tmp_path: Path) -> None:
    """Graded through pytest --impl: the station scenarios and the place-kind check
    pass, and nothing fails."""
    results = tmp_path / "results.jsonl"
    cmd = [sys.executable, "-m", "pytest", "steps/suite.py", "--railrules-game", "rocket",
           "--impl", ADAPTER,
           "-k", "station or seven or malformed", "-q", "-p", "no:randomly", "--no-header",
           "--railrules-results", str(results)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=False)
    outcomes: dict[str, str] = {}
    for line in results.read_text("utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "result":
            outcomes[record["id"]] = record["outcome"]
    # every gap it has is declared in its handshake: no undeclared-gap, no error
    wrong = {sid: o for sid, o in outcomes.items() if o not in ("pass", "unsupported")}
    assert not wrong, proc.stdout[-3000:]
    passed = {sid for sid, o in outcomes.items() if o == "pass"}
    assert {"sta-open-station-moves", "sta-track-station-fixed", "sta-loco-station-fixed",
            "sta-eighth-refused", "sta-others-unaffected",
            "twn-kind-fixed-in-position"} <= passed, outcomes

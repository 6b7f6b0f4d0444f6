"""``steps.eighteen.action_step`` writes, for every 18xx action, the text of a When
step that sends exactly that action: ``railrules fuzz`` drafts replay a shrunk trace
with these texts, so one the steps cannot send would leave the draft short of the
trace (issue 13, item 2)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import parsers

from oracle.eighteen.api import EighteenAPI
from oracle.eighteen.openings import openings
from oracle.harness.fuzz_draft import draft_runner
from steps import eighteen_actions as acts
from steps import eighteen_base as base
from steps import eighteen_destinations as destinations
from steps import eighteen_single_track as single_track
from steps.eighteen import action_step
from tests.drafts import run_draft

JSON = dict[str, Any]

#: every When step that sends an action, with its parser, as the step modules declare
SENDERS: list[tuple[parsers.StepParser, Callable[..., None]]] = [
    (parsers.parse('"{company}" lays tile "{tile}" on "{hex_id}" with rotation {rotation:d}'),
     base.lay_tile),
    (parsers.parse('"{company}" lays tile "{tile}" on "{hex_id}" with rotation {rotation:d} '
                   'using "{private}"'), base.lay_special_tile),
    (parsers.parse('"{company}" places a token on "{hex_id}"'), base.place_token),
    (parsers.parse('"{company}" places a token on "{hex_id}" city {city:d}'),
     base.place_token_city),
    (parsers.parse('"{company}" places a token on "{hex_id}" using "{private}"'),
     base.place_special_token),
    (parsers.parse('"{company}" places a token on "{hex_id}" city {city:d} using "{private}"'),
     base.place_special_token_city),
    (parsers.parse('"{company}" passes'), base.pass_step),
    (parsers.parse('"{company}" declares a "{kind}" dividend'), destinations.declare),
    (parsers.parse('"{company}" buys a "{train}" train'), destinations.buy),
    (parsers.parse(acts.ONE_RUN), single_track.run_train),
    (parsers.parse(acts.NO_RUN), acts.run_no_train),
    (parsers.re(acts.RUNS_RE), acts.run_trains_over),
    (parsers.parse(acts.DISCARD), acts.discard_train),
    (parsers.parse(acts.FROM_POOL), acts.buy_from_pool),
    (parsers.parse(acts.FROM_COMPANY), acts.buy_from_company),
]

ACTIONS: list[JSON] = [
    {"type": "lay_tile", "company": "PRR", "hex": "F16", "tile": "57", "rotation": 2},
    {"type": "lay_tile", "company": "PRR", "hex": "F16", "tile": "57", "rotation": 0,
     "private": "DH"},
    {"type": "place_token", "company": "PRR", "hex": "F16", "city": 0},
    {"type": "place_token", "company": "PRR", "hex": "F16", "city": 1},
    {"type": "place_token", "company": "PRR", "hex": "F16", "city": 0, "private": "DH"},
    {"type": "place_token", "company": "PRR", "hex": "F16", "city": 1, "private": "DH"},
    {"type": "pass", "company": "PRR"},
    {"type": "dividend", "company": "PRR", "kind": "withhold"},
    {"type": "buy_train", "company": "PRR", "train": "4"},
    {"type": "buy_train", "company": "PRR", "train": "4", "from": "pool"},
    {"type": "buy_train", "company": "PRR", "train": "4", "from": "NYC", "price": 1},
    {"type": "discard_train", "company": "NYC", "train": "3"},
    {"type": "run_routes", "company": "PRR", "routes": []},
    {"type": "run_routes", "company": "PRR",
     "routes": [{"train": "3", "path": ["E19.s0", "E17.e4", "E17.e0", "F16.s0"]}]},
    {"type": "run_routes", "company": "PRR",
     "routes": [{"train": "3", "path": ["E19.s0", "E17.e4", "E17.e0", "F16.s0"]},
                {"train": "2+2", "path": ["F16.s0", "F16.e1", "G15.s1"]}]},
]


class _Recorder:
    """The little of the world the When steps use: the position, and what is sent."""

    def __init__(self) -> None:
        self.position: JSON = {"game": "18xx"}
        self.notes: dict[str, object] = {}
        self.sent: list[JSON] = []

    def need_position(self) -> JSON:
        return self.position

    def send(self, action: JSON) -> None:
        self.sent.append(action)


def _registered() -> list[str]:
    """The When steps' fixture names in the order pytest-bdd registers them (the order
    of ``steps.eighteen``'s names: the order of its imports)."""
    import steps.eighteen as module

    return [name for name in vars(module) if name.startswith("pytestbdd_stepdef_when_")]


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
def test_each_action_has_a_step_that_sends_it(action: JSON) -> None:
    """Where two patterns match a text (``{hex_id}`` also matches ``F16" city 1``),
    pytest-bdd takes the one registered last; that one must send the action."""
    text = action_step(action)
    assert text is not None
    order = _registered()
    matching = [(p, f) for p, f in SENDERS if p.is_matching(text)]
    assert matching, text
    parser, step = max(matching, key=lambda m: order.index(f"pytestbdd_stepdef_when_{m[0].name}"))
    arguments = parser.parse_arguments(text)
    assert arguments is not None
    world = _Recorder()
    step(world, **arguments)
    assert world.sent == [action]


def test_every_sender_is_a_registered_step() -> None:
    """SENDERS lists the steps as their modules declare them (a changed pattern there
    shows here)."""
    registered = set(_registered())
    for parser, _ in SENDERS:
        assert f"pytestbdd_stepdef_when_{parser.name}" in registered, parser.name


def test_actions_no_step_sends_are_left_to_a_comment() -> None:
    assert action_step({"type": "buy_train", "company": "PRR", "train": "4",
                        "from": "NYC"}) is None
    assert action_step({"type": "run_routes", "company": "PRR",
                        "routes": [{"train": "3", "path": [], "extra": 1}]}) is None
    with pytest.raises(AssertionError, match="not routes"):
        acts.parse_routes('"3" over "A1.s0", junk')


def _route_runs() -> dict[int, tuple[JSON, JSON]]:
    """Positions reached by random play from the 18xx openings (seeded) where the
    oracle lists a run of no, one and two trains: number of trains -> (position, run)."""
    api = EighteenAPI()
    rng = random.Random(0)
    found: dict[int, tuple[JSON, JSON]] = {}
    starts = openings({})
    for game in range(len(starts) * 2):
        position: JSON = starts[game % len(starts)]["position"]
        for _ in range(40):
            legal = api.legal_actions(position)
            if not legal:
                break
            for action in legal:
                if action["type"] == "run_routes" and len(action["routes"]) <= 2:
                    found.setdefault(len(action["routes"]), (position, action))
            if len(found) == 3:
                return found
            position = api.apply(position, rng.choice(legal))
    raise AssertionError(f"route runs of {sorted(found)} trains only")


def test_route_runs_replay_through_the_suite(tmp_path: Path) -> None:
    """A draft's route runs are sent by the suite's own steps and accepted by the
    oracle: runs of no, one and two trains, each from a position where it is legal."""
    lines = ["Feature: route runs as fuzz drafts write them", ""]
    for n, (position, run) in sorted(_route_runs().items()):
        body = json.dumps(position, indent=2, sort_keys=True)
        lines += [f"  Scenario: a run of {n} trains",
                  "    Given this 18xx position:", '      """',
                  *[f"      {line}" for line in body.splitlines()], '      """',
                  f"    When {action_step(run)}",
                  "    Then the action is accepted", ""]
    (tmp_path / "draft.feature").write_text("\n".join(lines), encoding="utf-8")
    (tmp_path / "test_draft.py").write_text(draft_runner("18xx"), encoding="utf-8")
    done = run_draft(tmp_path, "oracle")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "3 passed" in done.stdout

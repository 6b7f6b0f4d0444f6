"""The route search always ends: over its budget it refuses (``SearchTooLarge``,
code ``route/search_too_large``) instead of running on, and the protocol reports
the refusal for the ``routes`` query and for ``legal_actions`` in the route step."""

from __future__ import annotations

import json
import random
import time

import pytest

from oracle.eighteen.api import API
from oracle.eighteen.load.generated import DenseSpec, dense_state
from oracle.eighteen.routes import search as route_search
from oracle.eighteen.routes.route import RouteContext, StopTable
from oracle.eighteen.routes.search import SearchTooLarge, best_run
from oracle.eighteen.titles import TITLES
from oracle.protocol.inprocess import InProcess
from oracle.protocol.server import answer
from tests.eighteen.test_operating import act, with_trains

#: a dense late-game 1870 position (generated, seed 8) whose exact search takes
#: seconds: a tangle of plain track between few stops. (Seed 5 ran for minutes while
#: routes could reverse at junctions; without reversals it takes a few milliseconds.)
PATHOLOGICAL_SEED = 8


def pathological() -> StopTable:
    title = TITLES["1870"]
    rng = random.Random(PATHOLOGICAL_SEED)
    state = dense_state(title.map, rng, spec=DenseSpec(tiles=80, company_tokens=5))
    return StopTable(title.map, state, "CO", RouteContext({t.name: t for t in title.trains}))


def test_a_work_budget_ends_the_search() -> None:
    table = pathological()
    t0 = time.process_time()
    with pytest.raises(SearchTooLarge) as err:
        best_run(table, ("3", "4", "5", "6"), 20_000)
    assert time.process_time() - t0 < 10
    assert str(err.value).startswith("route/search_too_large")


def test_a_time_budget_ends_the_search() -> None:
    table = pathological()
    t0 = time.process_time()
    with pytest.raises(SearchTooLarge):
        best_run(table, ("3", "4", "5", "6"), seconds=0.5)
    assert time.process_time() - t0 < 5


def test_within_budget_the_answer_is_the_same() -> None:
    p = act(with_trains(), type="pass")
    assert API.query(p, "routes", {"company": "PRR"})["total"] == 60


def test_the_protocol_reports_a_search_over_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(route_search, "DEFAULT_WORK", 3)
    p = act(with_trains(), type="pass")
    request = {"cmd": "query", "seq": 1, "game": "18xx", "position": p, "name": "routes",
               "args": {"company": "PRR"}}
    reply = answer(InProcess(), json.dumps(request))
    assert "route/search_too_large" in reply["errored"]["message"]
    assert "traceback" not in reply["errored"]
    listing = answer(InProcess(), json.dumps({"cmd": "legal_actions", "seq": 2,
                                              "game": "18xx", "position": p}))
    assert "route/search_too_large" in listing["errored"]["message"]

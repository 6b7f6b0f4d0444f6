"""The ``routes`` and ``revenue`` queries, in process and through the protocol."""

from __future__ import annotations

import json
from typing import Any

from oracle.eighteen.api import API
from oracle.protocol.inprocess import InProcess
from oracle.protocol.messages import reply_problem, request_problem
from oracle.protocol.server import answer
from tests.eighteen.positions import position

JSON = dict[str, Any]


def scranton_line() -> JSON:
    """1830: Albany (E19, PRR) - Scranton (F16) - Lancaster (H16, NYC), yellow cities."""
    p = position("1830", "3", presidents={"PRR": ("P1", 500), "NYC": ("P2", 500)},
                 tiles=[("E19", "57", 1), ("E17", "8", 4), ("F16", "57", 0), ("G15", "8", 3),
                        ("H16", "57", 2)],
                 tokens=[("E19", 0, "PRR"), ("H16", 0, "NYC")], turn=("PRR", "track"),
                 order=["PRR", "NYC"])
    for c in p["companies"]:
        if c["id"] in ("PRR", "NYC"):
            c["trains"] = ["2", "3"]
    return p


def test_routes_finds_the_best_run() -> None:
    found = API.query(scranton_line(), "routes", {"company": "PRR"})
    assert found["total"] == 60
    assert found["routes"] == [{"train": "3", "path": [
        "E19.s0", "E17.e4", "E17.e0", "F16.s0", "F16.e0", "G15.e5", "H16.s0"]}]


def test_revenue_checks_given_routes() -> None:
    p = scranton_line()
    best = API.query(p, "routes", {"company": "PRR"})
    assert API.query(p, "revenue", {"company": "PRR", "routes": best["routes"]}) == {
        "legal": True, "revenues": [60], "total": 60}
    path = best["routes"][0]["path"]
    twice = [best["routes"][0], {"train": "2", "path": path[:4]}]
    assert API.query(p, "revenue", {"company": "PRR", "routes": twice})["code"] == \
        "route/reused_track"
    nyc = API.query(p, "routes", {"company": "NYC"})
    assert nyc["total"] == 60


def test_queries_cross_the_protocol() -> None:
    request = {"cmd": "query", "seq": 3, "game": "18xx", "position": scranton_line(),
               "name": "routes", "args": {"company": "PRR"}}
    assert request_problem(request) is None
    reply = answer(InProcess(), json.dumps(request))
    assert reply_problem("query", reply) is None
    assert reply["result"]["answer"]["total"] == 60
    unknown = answer(InProcess(), json.dumps({**request, "game": "rocket",
                                             "position": {}, "name": "routes"}))
    assert "unsupported" in unknown or "errored" in unknown

"""Queries are part of every game's API (``GameAPI.queries``/``query``): a game that
does not list a query name gets an unsupported reply, never an attribute lookup."""

from __future__ import annotations

import pytest

from oracle.protocol.implementation import Unsupported
from oracle.protocol.inprocess import InProcess


def test_the_18xx_queries_are_listed_and_answered() -> None:
    impl = InProcess()
    position = impl.new_game("18xx", ["P1", "P2", "P3"], {"title": "1830"})
    answer = impl.query("18xx", position, "routes", {"company": "PRR"})
    assert answer["total"] == 0 and answer["routes"] == []


def test_a_query_a_game_does_not_list_is_unsupported() -> None:
    impl = InProcess()
    position = impl.new_game("rocket", ["p1", "p2", "p3"], {})  # rocket IDs: lower case
    with pytest.raises(Unsupported):
        impl.query("rocket", position, "routes", {})
    eighteen = impl.new_game("18xx", ["P1", "P2", "P3"], {"title": "1830"})
    with pytest.raises(Unsupported):
        impl.query("18xx", eighteen, "weather", {})

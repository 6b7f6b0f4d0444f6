"""The certificate tally of a whole record (every par, buy, sale, presidency change and
C&A's PRR share, followed along the record without an engine) against the share
holdings of each real-turns start position in the same game: equal, up to the order of
the players. (The corpus numbers players in the recording engine's order of the moment,
which the platform rotates each stock round to start with the priority holder, so its
``P1`` is not always the first listed player; the holdings pin the rotation.)

1870 is left out: its companies buy their own shares back (not translated yet)."""

from __future__ import annotations

import contextlib
import itertools
import json
from typing import Any

import pytest

from oracle.records.translate import Translator, Untranslatable
from tests.harness.requires import needs_shared
from tests.records.corpus import game, turn_files

pytestmark = [needs_shared("real-turns"), needs_shared("real-games")]

JSON = dict[str, Any]
FOLDERS = ["1830/26855", "1830/29133", "1870/mississippi-river-madness"]


def renamed(start: JSON, order: tuple[int, ...]) -> JSON:
    """The start position with its players renamed: its ``P{i+1}`` is ``P{order[i]+1}``."""
    names = {f"P{i + 1}": f"P{j + 1}" for i, j in enumerate(order)}
    out: JSON = json.loads(json.dumps(start))
    for company in out["companies"]:
        company["shares"] = {names.get(h, h): n for h, n in company.get("shares", {}).items()}
        company["president"] = names.get(company["president"], company["president"])
    return out


def disagreements(t: Translator, start: JSON) -> list[str]:
    """The fewest differences over the player orders (none when one order fits)."""
    best: list[str] | None = None
    for order in itertools.permutations(range(len(t.record.players))):
        position = renamed(start, order)
        wrong = t.certs.differences(position) + [
            f"{c['id']} president: record {t.certs.president(c['id'])} vs {c['president']}"
            for c in position["companies"]
            if c["president"] and t.certs.president(c["id"]) != c["president"]]
        if best is None or len(wrong) < len(best):
            best = wrong
    return best or []


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_tally_holds_every_start_positions_shares(folder: str) -> None:
    g = game(folder)
    t, done, wrong = Translator(g.translator.record), 0, []
    for path in turn_files(folder):
        data = json.loads(path.read_text("utf-8"))
        turn = g.turns[data["turn"]]
        for p in g.played[done:turn.start]:
            with contextlib.suppress(Untranslatable):
                t.translate(p, None)
        done = turn.start
        wrong += [f"{path.name}: {w}" for w in disagreements(t, data["start"])]
    assert not wrong, "\n".join(wrong)

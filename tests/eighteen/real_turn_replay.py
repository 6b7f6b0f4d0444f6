"""Replaying a recorded real turn (``../shared/real-turns``) under chosen options.

A small check for the option tests: load a turn file, set options in its ``start``,
apply its ``actions`` one by one through the API, and compare chosen fields with the
recording engine's ``expected`` (the real-turns README says what each field is).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from oracle.eighteen.api import API
from tests.harness.requires import SHARED

JSON = dict[str, Any]
REAL_TURNS = SHARED / "real-turns"


def turn_file(relative: str) -> JSON:
    """A turn file by its path under ``real-turns`` (``1870/<game>/turn-NNN.json``)."""
    data: JSON = json.loads((REAL_TURNS / relative).read_text(encoding="utf-8"))
    return data


def noted(title: str, note: str) -> list[str]:
    """The turn files of ``title`` whose notes name ``note`` (R1, R2, ...), sorted."""
    found = []
    for path in sorted((REAL_TURNS / title).glob("*/turn-*.json")):
        if note in json.loads(path.read_text(encoding="utf-8")).get("notes", []):
            found.append(str(path.relative_to(REAL_TURNS)))
    return found


def replay(turn: JSON, options: dict[str, str]) -> JSON:
    """The position after every action of the turn, from its start with ``options``
    set over the recorded ones (an IllegalAction propagates)."""
    position = copy.deepcopy(turn["start"])
    position["options"] = {**position["options"], **options}
    for action in turn["actions"]:
        position = API.apply(position, action)
    return position


def market_differences(turn: JSON, end: JSON) -> list[str]:
    """The listed companies whose market cell or share price differs from the recording
    (a cell is compared where both sides have one)."""
    ours = {c["id"]: c for c in end["companies"]}
    out = []
    for want in turn["expected"]["companies"]:
        have = ours[want["id"]]
        if have["share_price"] != want["share_price"]:
            out.append(f"{want['id']}.share_price {have['share_price']} vs {want['share_price']}")
        cell = have.get("market")
        if cell is not None and want.get("market") is not None and list(cell) != want["market"]:
            out.append(f"{want['id']}.market {list(cell)} vs {want['market']}")
    return out


def token_differences(turn: JSON, end: JSON) -> list[str]:
    """Tokens (hex, city, company) on one side only."""
    def key(t: JSON) -> tuple[str, int, str]:
        return (t["hex"], t["city"], t["company"])
    ours = {key(t) for t in end["tokens"]}
    theirs = {key(t) for t in turn["expected"]["tokens"]}
    return [f"ours only {t}" for t in sorted(ours - theirs)] + \
        [f"recorded only {t}" for t in sorted(theirs - ours)]

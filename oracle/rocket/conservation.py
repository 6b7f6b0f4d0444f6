"""Conservation invariants, checked on canonical JSON so they grade any engine.

Shares, tiles, stations, tokens and money are never created or lost: after every
action each total still adds up, and what only ever grows (money, laid tiles,
stations on the board) has not shrunk.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from oracle.rocket.state import PASSENGERS, SHARES_PER_LINE, STATIONS_PER_PLAYER, TILES

JSON = dict[str, Any]


def totals(position: JSON) -> list[str]:
    """Violations within one position."""
    out: list[str] = []
    holdings = position["holdings"]
    for lid, ln in position["lines"].items():
        held = sum(h["shares"].get(lid, {}).get("real", 0) for h in holdings.values())
        if ln["pile"] + held + ln["discarded"] != SHARES_PER_LINE:
            out.append(f"{lid}: pile {ln['pile']} + held {held} + discarded "
                       f"{ln['discarded']} != {SHARES_PER_LINE} real shares")
    supp = sum(s["supplementary"] for h in holdings.values() for s in h["shares"].values())
    if supp != position["supply"]["supplementary_issued"]:
        out.append(f"supplementary shares held {supp} != issued "
                   f"{position['supply']['supplementary_issued']}")
    laid = sum(len(ln["track"]) for ln in position["lines"].values())
    supply = position["supply"]
    elsewhere = supply["tiles_elsewhere"]
    if laid + elsewhere + supply["tiles_left"] != TILES + supply["imaginary_tiles"]:
        out.append(f"tiles laid {laid} + elsewhere {elsewhere} + left "
                   f"{supply['tiles_left']} != {TILES}")
    for player, h in holdings.items():
        if len(h["stations"]) > STATIONS_PER_PLAYER:
            out.append(f"{player} has {len(h['stations'])} stations on the board")
    passengers = supply["passengers"] + sum(h["passengers"] for h in holdings.values())
    if passengers != PASSENGERS:
        out.append(f"{passengers} passenger tokens, not {PASSENGERS}")
    for city, industries in position["board"]["industries"].items():
        have: Counter[str] = Counter(position["city_tokens"].get(city, []))
        for h in holdings.values():
            have.update(h["tokens"].get(city, {}))
        if have != Counter(industries):
            out.append(f"{city}: tokens {dict(have)} != {industries}")
    money = sum(h["money"] for h in holdings.values())
    if money != supply["bank_paid"]:
        out.append(f"players hold {money} but the bank paid {supply['bank_paid']}")
    return out


def violations(before: JSON, after: JSON) -> list[str]:
    """Violations within ``after`` and between the two positions."""
    try:
        out = totals(after)
        if after["supply"]["tiles_left"] > before["supply"]["tiles_left"]:
            out.append("tiles came back to the supply")
        if after["supply"]["tiles_elsewhere"] != before["supply"]["tiles_elsewhere"]:
            out.append("tiles laid off the drawn board changed")
        for player, h in after["holdings"].items():
            old = before["holdings"].get(player)
            if old is None:
                out.append(f"player {player} appeared")
                continue
            if h["money"] < old["money"]:
                out.append(f"{player} lost money")
            if len(h["stations"]) < len(old["stations"]):
                out.append(f"{player}'s station left the board")
        if set(after["holdings"]) != set(before["holdings"]):
            out.append("the players changed")
        return out
    except (KeyError, TypeError, AttributeError) as err:
        return [f"position lacks a field the invariants need: {err!r}"]

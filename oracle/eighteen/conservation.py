"""What every 18xx action conserves, checked on canonical JSON so it grades any engine
(docs/18xx.md, "Conservation"): money, tiles, station tokens, trains (which leave the
game by rusting but never appear), privates, bonus tokens and each company's shares.

Each problem is named by its kind (``money:``, ``tiles:``, ``tokens:``, ``trains:``, ...)
and says who holds the amount that moved: the player, the company's treasury or
charter, the bank, the depot, so a sum that does not add up points at its holder
(``money: 12000 before, 12500 after (P2 has 3000 more: 800 before, 3800 after; PRR's
treasury has 2500 less: ...)``), not only at the totals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

JSON = dict[str, Any]

#: how a message names the bank (the rest of the money: neither a player's nor a treasury)
BANK = "the bank"


def conservation(before: JSON, after: JSON) -> list[str]:
    """Money, tiles, station tokens and privates are conserved by every action; a
    private changes hands only from a player to a company."""
    problems: list[str] = []
    was, now = money_held(before), money_held(after)
    if sum(was.values()) != sum(now.values()):
        problems.append(f"money: {sum(was.values())} before, {sum(now.values())} after"
                        f"{moved(was, now, 'more', 'less')}")
    if tiles(before) != tiles(after):
        problems.append("tiles: supply plus laid tiles changed"
                        f"{moved(tiles(before), tiles(after), 'more', 'fewer', 'tile ')}")
    was_tokens, now_tokens = _in_both(tokens(before), tokens(after))
    if was_tokens != now_tokens:
        problems.append("tokens: charter plus map tokens changed"
                        f"{moved(was_tokens, now_tokens, 'more', 'fewer')}")
    problems += _companies(before, after)
    problems += _trains_from_nowhere(before, after)
    problems += _shares(before, after)
    closed_before = {p["id"] for p in before["privates"] if p["closed"]}
    closed_after = {p["id"] for p in after["privates"] if p["closed"]}
    if not closed_before <= closed_after:
        problems.append("privates: a closed private reopened "
                        f"({', '.join(sorted(closed_before - closed_after))})")
    if {p["id"] for p in before["privates"]} != {p["id"] for p in after["privates"]}:
        problems.append("privates: the set of privates changed")
    problems += _private_owners(before, after)
    staying = {c["id"] for c in after["companies"]}
    gone = ({_bonus_key(b) for b in before["bonus_tokens"] if b["company"] in staying}
            - {_bonus_key(b) for b in after["bonus_tokens"]})
    if gone:
        problems.append("bonus tokens: a bonus token vanished ("
                        + ", ".join(f"{p}'s on {h} for {c}" for h, p, c in sorted(gone)) + ")")
    return problems


def money_held(p: JSON) -> dict[str, int]:
    """Who holds the position's money: each player (by ID), each company's treasury
    and the bank (a broken bank's negative cash counted as it is)."""
    held = {str(x["id"]): int(x["cash"]) for x in p["players"]}
    held.update({f"{c['id']}'s treasury": int(c["treasury"]) for c in p["companies"]})
    held[BANK] = int(p["bank"])
    return held


def tiles(p: JSON) -> Counter[str]:
    """Each tile's count: in the supply plus laid on the map."""
    count: Counter[str] = Counter(p["supply"])
    count.update(t["tile"] for t in p["tiles"])
    return +count


def tokens(p: JSON) -> dict[str, int]:
    """Each company's station tokens: on its charter plus on the map (less those a
    national forming is to give up: 1856's CGR, ``game_round.formation``)."""
    # a connection run adds one token to the company (1870, DS-11)
    out = {c["id"]: c["tokens_left"] - (1 if "destination" in c else 0)
           for c in p["companies"]}
    for t in p["tokens"]:
        out[t["company"]] = out.get(t["company"], 0) + 1
    formation = (p.get("game_round") or {}).get("formation") or {}
    if formation.get("national") in out:
        out[formation["national"]] -= len(formation.get("removing", ())) + \
            int(formation.get("excess", 0))
    return out


def _in_both(was: dict[str, int], now: dict[str, int]) -> tuple[dict[str, int],
                                                                 dict[str, int]]:
    """The counts of the companies in both positions: a company that leaves the game
    (merged into 1856's CGR) takes its tokens with it, one that joins (the CGR) brings
    its own."""
    return ({k: v for k, v in was.items() if k in now},
            {k: v for k, v in now.items() if k in was})


def moved(was: Mapping[str, int], now: Mapping[str, int], more: str, less: str,
          prefix: str = "") -> str:
    """`` (P2 has 3000 more: 800 before, 3800 after; ...)``: every holder whose amount
    changed (one missing on a side holds 0 there), or nothing when none did."""
    changed = [f"{prefix}{who} has {abs(now.get(who, 0) - was.get(who, 0))} "
               f"{more if now.get(who, 0) > was.get(who, 0) else less}: "
               f"{was.get(who, 0)} before, {now.get(who, 0)} after"
               for who in [*was, *(k for k in now if k not in was)]
               if was.get(who, 0) != now.get(who, 0)]
    return f" ({'; '.join(changed)})" if changed else ""


def _companies(before: JSON, after: JSON) -> list[str]:
    """Companies leave the game only as another forms from them, and one forms only from
    those that leave (1856's CGR: the companies merged into it)."""
    was = {c["id"] for c in before["companies"]}
    now = {c["id"] for c in after["companies"]}
    if (was - now) and not (now - was):
        return [f"companies: {', '.join(sorted(was - now))} left the game, and no company "
                "formed from them"]
    if (now - was) and not (was - now):
        return [f"companies: {', '.join(sorted(now - was))} joined the game, formed from "
                "no company"]
    return []


def _trains_from_nowhere(before: JSON, after: JSON) -> list[str]:
    """Trains leave the game (rusting) but never appear: of each type with a counted
    depot, depot plus companies' plus open-market trains never grows. The message names
    who holds more of that type than before."""
    def count(p: JSON) -> dict[str, Counter[str]]:
        """Type -> holder -> how many."""
        out: dict[str, Counter[str]] = {}
        for c in p["companies"]:
            for train in c.get("trains", ()):
                out.setdefault(train, Counter())[c["id"]] += 1
        for train in p.get("pool_trains", ()):
            out.setdefault(train, Counter())["the open market"] += 1
        for name, left in (p.get("depot") or {}).items():
            out.setdefault(name, Counter())["the depot"] += left or 0
        return out

    unlimited = {n for n, left in (before.get("depot") or {}).items() if left is None}
    was, now = count(before), count(after)
    grown = sorted(n for n in now if n not in unlimited
                   and sum(now[n].values()) > sum(was.get(n, Counter()).values()))
    return [f"trains: more {n} trains after than before"
            f"{moved(was.get(n, Counter()), now[n], 'more', 'fewer')}" for n in grown]


def _shares(before: JSON, after: JSON) -> list[str]:
    """A company's shares change hands (a sale to the pool, a private exchanged for a
    share: private_exchange.py) but never appear or go: where both positions say who
    holds them, the count is the same (but for 1856's CGR president's certificate made
    whole again: one share more, ``finance.owes_share``)."""
    was = {c["id"]: c.get("shares") or {} for c in before["companies"]}
    owed = {c["id"] for c in before["companies"] if (c.get("finance") or {}).get("owes_share")}
    out = []
    for c in after["companies"]:
        old, new = was.get(c["id"], {}), c.get("shares") or {}
        # 1856's CGR: the president's certificate at half is whole again, a share more
        whole_again = c["id"] in owed and not (c.get("finance") or {}).get("owes_share")
        if old and new and sum(old.values()) + whole_again != sum(new.values()):
            out.append(f"shares: {c['id']} has {sum(old.values())} shares before, "
                       f"{sum(new.values())} after{moved(old, new, 'more', 'fewer')}")
    return out


def _private_owners(before: JSON, after: JSON) -> list[str]:
    """A private passes only from a player to a company (a company buying it,
    private_sale.py): one owned never returns to the bank, and a company's stays its.
    A private that closes (train_events.py, the B&O's own train, an exchange for a
    share: private_exchange.py) leaves its owner."""
    companies = {c["id"] for c in before["companies"]}
    owner_after = {p["id"]: p["owner"] for p in after["privates"]}
    closed_after = {p["id"] for p in after["privates"] if p.get("closed")}
    out = []
    for p in before["privates"]:
        was, now = p["owner"], owner_after.get(p["id"], p["owner"])
        if p["id"] in closed_after and now is None:
            continue
        if was is not None and now != was and (now is None or was in companies
                                               or now not in companies):
            out.append(f"privates: {p['id']} passed from {was} to {now or 'the bank'}")
    return out


def _bonus_key(b: JSON) -> tuple[str, str, str]:
    return b["hex"], b["private"], b["company"]

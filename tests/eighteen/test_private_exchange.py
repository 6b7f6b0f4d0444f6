"""Issue 30: 1830's Mohawk & Hudson, exchanged by the player who owns it for a 10% NYC
share from the IPO or the pool (``exchange_private``, private_exchange.py): the
exchange, each refusal, the legal listing at every step, the action's JSON and what
conservation says."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.conservation import conservation
from oracle.eighteen.model.actions import ExchangePrivate, action_from_json
from oracle.eighteen.model.state import State
from oracle.eighteen.private_sale import pay_revenue
from oracle.eighteen.titles import TITLES
from tests.eighteen.test_excess_trains import fours_on_sale
from tests.eighteen.test_operating import with_trains

JSON = dict[str, Any]

#: NYC's shares in the base position: P2 is president, P1 holds two
NYC_SHARES = {"P2": 4, "P1": 2, "ipo": 2, "pool": 2}


def company(p: JSON, cid: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


def private(p: JSON, pid: str) -> JSON:
    return next(x for x in p["privates"] if x["id"] == pid)


def mh(step: str = "track", owner: str | None = "P1",
       shares: dict[str, int] | None = None) -> JSON:
    """1830, PRR operating (``step``), NYC's shares as ``shares`` say, the M&H ``owner``'s."""
    p = with_trains(step)
    private(p, "MH")["owner"] = owner
    nyc = company(p, "NYC")
    nyc["shares"] = dict(NYC_SHARES if shares is None else shares)
    nyc["share_price"] = 67
    API.validate(p)
    return p


def exchange(source: str = "ipo", player: str = "P1", pid: str = "MH",
             of: str = "NYC") -> JSON:
    return {"type": "exchange_private", "player": player, "private": pid, "of": of,
            "from": source}


def done(p: JSON, **how: Any) -> JSON:
    after = API.apply(p, exchange(**how))
    assert API.conservation(p, after) == []
    return after


def refused(p: JSON, **how: Any) -> str:
    before = copy.deepcopy(p)
    with pytest.raises(IllegalAction) as err:
        API.apply(p, exchange(**how))
    assert p == before
    return err.value.code


def listed(p: JSON) -> list[JSON]:
    return [a for a in API.legal_actions(p) if a["type"] == "exchange_private"]


# -- the record -----------------------------------------------------------------------

def test_only_the_mohawk_and_hudson_carries_an_exchange_power() -> None:
    defs = {p.id: p for p in TITLES["1830"].privates}
    assert defs["MH"].to_json()["exchange"] == {"company": "NYC", "sources": ["ipo", "pool"],
                                                "max_percent": 60,
                                                "limit_lifted_in": ["orange", "brown"]}
    assert [pid for pid, d in defs.items() if d.exchange is not None] == ["MH"]
    assert all(p.exchange is None for t in TITLES.values() for p in t.privates
               if (t.id, p.id) != ("1830", "MH"))


# -- the exchange ---------------------------------------------------------------------

@pytest.mark.parametrize("source", ["ipo", "pool"])
def test_the_owner_exchanges_the_mh_for_an_nyc_share(source: str) -> None:
    p = mh()
    after = done(p, source=source)
    nyc = company(after, "NYC")
    assert nyc["shares"] == {**NYC_SHARES, "P1": 3, source: 1}
    assert private(after, "MH") == {**private(p, "MH"), "closed": True}
    # no purchase: no money moves, the price stays, the turn goes on
    assert after["players"] == p["players"] and after["bank"] == p["bank"]
    assert nyc["share_price"] == 67 and nyc["treasury"] == company(p, "NYC")["treasury"]
    assert nyc["president"] == "P2" and after["turn"] == p["turn"]
    assert API.canonical(after) == after


def test_the_last_share_of_a_source_empties_it() -> None:
    after = done(mh(shares={"P2": 4, "P1": 2, "ipo": 1, "pool": 3}))
    assert company(after, "NYC")["shares"] == {"P2": 4, "P1": 3, "pool": 3}


def test_a_closed_mh_pays_no_revenue_and_blocks_nothing() -> None:
    p = mh()
    after = done(p)
    before_pay = pay_revenue(API.rules, State.from_json(p))
    after_pay = pay_revenue(API.rules, State.from_json(after))
    p1 = lambda s: next(q.cash for q in s.players if q.id == "P1")  # noqa: E731
    assert p1(before_pay) - p1(State.from_json(p)) == 20
    assert p1(after_pay) == p1(State.from_json(after))
    assert API.rules.blocked_by(State.from_json(p), "D18") == "MH"
    assert API.rules.blocked_by(State.from_json(after), "D18") == ""


def test_holding_more_than_the_president_takes_the_presidency() -> None:
    after = done(mh(shares={"P2": 2, "P1": 2, "ipo": 4, "pool": 2}))
    assert company(after, "NYC")["president"] == "P1"
    level = done(mh(shares={"P2": 3, "P1": 2, "ipo": 3, "pool": 2}))
    assert company(level, "NYC")["president"] == "P2"  # a tie keeps the president


def test_up_to_sixty_percent_is_allowed() -> None:
    after = done(mh(shares={"P2": 2, "P1": 5, "ipo": 1, "pool": 2}), source="pool")
    assert company(after, "NYC")["shares"]["P1"] == 6


@pytest.mark.parametrize("step", ["track", "token", "route", "dividend", "buy_train"])
def test_any_step_of_the_operating_company_turn(step: str) -> None:
    p = mh(step)
    if step == "dividend":
        p["turn"]["revenue"] = 0
    after = done(p)
    assert private(after, "MH")["closed"] and after["turn"] == p["turn"]


def test_while_another_company_operates_and_in_its_home_step() -> None:
    p = mh()
    p["turn"]["company"] = "NYC"
    assert done(p)["turn"]["company"] == "NYC"
    home = mh()
    home["tokens"] = [t for t in home["tokens"] if t["company"] != "PRR"]
    company(home, "PRR")["tokens_left"] += 1
    home["turn"]["step"] = "home"
    assert done(home)["turn"]["step"] == "home"


def test_while_companies_discard_excess_trains() -> None:
    p = API.apply(fours_on_sale(["3", "3", "3", "3"]),
                  {"type": "buy_train", "company": "PRR", "train": "4"})
    assert p["turn"]["step"] == "discard_train"
    private(p, "MH")["owner"] = "P1"
    company(p, "NYC")["shares"] = dict(NYC_SHARES)
    assert listed(p) == [exchange("ipo"), exchange("pool")]
    after = done(p)
    assert after["turn"] == p["turn"]


# -- refusals -------------------------------------------------------------------------

def test_only_the_owning_player_exchanges() -> None:
    assert refused(mh(owner="P2")) == "private/exchange_not_owner"
    assert refused(mh(owner=None)) == "private/exchange_not_owner"
    assert company(done(mh(owner="P2"), player="P2"), "NYC")["shares"]["P2"] == 5


@pytest.mark.parametrize("owner", ["PRR", "NYC"])
def test_a_company_owning_the_mh_cannot_exchange_it(owner: str) -> None:
    p = mh(owner=owner)
    assert refused(p) == "private/exchange_company_owned"
    assert refused(p, player="P2") == "private/exchange_company_owned"  # NYC's president
    assert listed(p) == []


def test_a_closed_mh_is_not_exchanged_again() -> None:
    after = done(mh())
    assert refused(after) == "private/closed"
    assert refused(after, source="pool") == "private/closed"
    assert listed(after) == []


@pytest.mark.parametrize("source", ["ipo", "pool"])
def test_no_nyc_share_in_that_source(source: str) -> None:
    shares = {"P2": 4, "P1": 2, "ipo": 2, "pool": 2, source: 0}
    shares = {h: n for h, n in shares.items() if n}
    shares["P3"] = 2
    p = mh(shares=shares)
    assert refused(p, source=source) == "shares/none_available"
    other = "pool" if source == "ipo" else "ipo"
    assert listed(p) == [exchange(other)]


def test_no_share_where_the_position_does_not_say_who_holds_them() -> None:
    p = mh()
    del company(p, "NYC")["shares"]
    assert refused(p) == "shares/none_available"
    assert refused(p, source="pool") == "shares/none_available"
    assert listed(p) == []


def test_not_beyond_sixty_percent() -> None:
    p = mh(shares={"P2": 2, "P1": 6, "ipo": 1, "pool": 1})
    assert refused(p) == "shares/holding_limit"
    assert refused(p, source="pool") == "shares/holding_limit"
    assert listed(p) == []


@pytest.mark.parametrize(("cell", "price", "lifted"), [
    ((3, 0), 39, True),    # orange: shares may be held above 60%
    ((5, 0), 25, True),    # brown
    ((3, 1), 48, False),   # yellow: only the certificate limit is lifted
    ((0, 6), 100, False),  # par row, no zone
])
def test_the_limit_is_lifted_in_the_orange_and_brown_zones(
        cell: tuple[int, int], price: int, lifted: bool) -> None:
    p = mh(shares={"P2": 2, "P1": 6, "ipo": 1, "pool": 1})
    nyc = company(p, "NYC")
    nyc["market"], nyc["share_price"] = list(cell), price
    API.validate(p)
    if lifted:
        assert company(done(p), "NYC")["shares"]["P1"] == 7
        assert len(listed(p)) == 2
    else:
        assert refused(p) == "shares/holding_limit"
        assert listed(p) == []


def test_a_private_without_an_exchange_power() -> None:
    p = mh()
    private(p, "CA")["owner"] = "P1"
    assert refused(p, pid="CA") == "private/no_exchange_power"
    assert refused(p, pid="SV") == "private/no_exchange_power"


def test_only_for_an_nyc_share() -> None:
    p = mh()
    company(p, "PRR")["shares"] = {"P1": 6, "P2": 2, "ipo": 2}
    assert refused(p, of="PRR") == "private/exchange_terms"


def test_not_once_the_round_is_over_or_the_game_has_ended() -> None:
    p = mh()
    p["turn"] = {"company": None, "step": "done", "tile_lays": 0, "tokened": False,
                 "special_tiles": []}
    assert refused(p) == "turn/round_over"
    assert API.legal_actions(p) == []
    p["ended"] = "bankruptcy"
    assert refused(p) == "turn/round_over"


def test_malformed_exchanges() -> None:
    p = mh()
    with pytest.raises(MalformedInput):
        API.apply(p, exchange(player="P9"))
    with pytest.raises(MalformedInput):
        API.apply(p, {**exchange(), "from": "treasury"})
    with pytest.raises(MalformedInput):
        API.apply(p, {**exchange(), "company": "PRR"})
    no_mh = copy.deepcopy(p)
    no_mh["privates"] = [x for x in no_mh["privates"] if x["id"] != "MH"]
    with pytest.raises(MalformedInput):
        API.apply(no_mh, exchange())


# -- legal actions ----------------------------------------------------------------------

def test_legal_actions_list_one_exchange_per_source() -> None:
    p = mh()
    everything = API.legal_actions(p)
    assert listed(p) == [exchange("ipo"), exchange("pool")]
    others = [a for a in everything if a["type"] != "exchange_private"]
    without = copy.deepcopy(p)  # the same position with no NYC share to be had
    del company(without, "NYC")["shares"]
    assert API.legal_actions(without) == others


@pytest.mark.parametrize("step", ["token", "route", "dividend", "buy_train"])
def test_legal_actions_list_it_at_every_step(step: str) -> None:
    p = mh(step)
    if step == "dividend":
        p["turn"]["revenue"] = 0
    assert listed(p) == [exchange("ipo"), exchange("pool")]


def test_legal_actions_list_it_for_the_owner_whoever_operates() -> None:
    p = mh(owner="P3")
    p["turn"]["company"] = "NYC"
    assert listed(p) == [exchange("ipo", "P3"), exchange("pool", "P3")]


# -- JSON and conservation ----------------------------------------------------------------

@pytest.mark.parametrize("source", ["ipo", "pool"])
def test_the_action_round_trips_through_json(source: str) -> None:
    data = exchange(source)
    action = action_from_json(data)
    assert action == ExchangePrivate("P1", "MH", "NYC", source)
    assert action.to_json() == data
    API.validate_action(data)


def test_conservation_passes_an_exchange_and_catches_a_share_from_nowhere() -> None:
    p = mh()
    after = done(p)
    assert conservation(p, after) == []
    made_up = copy.deepcopy(after)
    company(made_up, "NYC")["shares"]["ipo"] = 2  # the IPO kept the share it gave
    problems = conservation(p, made_up)
    assert len(problems) == 1 and problems[0].startswith("shares: NYC has 10 shares before, "
                                                         "11 after")
    assert "ipo has 1 more" not in problems[0] and "P1 has 1 more" in problems[0]
    paid = copy.deepcopy(after)  # the private's face value paid from nowhere
    next(q for q in paid["players"] if q["id"] == "P1")["cash"] += 110
    assert [x.split(" (")[0] for x in conservation(p, paid)] == ["money: 12000 before, "
                                                                 "12110 after"]
    reopened = copy.deepcopy(after)
    private(reopened, "MH")["closed"] = False
    assert conservation(after, reopened) == ["privates: a closed private reopened (MH)"]
    given = copy.deepcopy(after)
    private(given, "MH")["owner"] = None
    assert conservation(p, given) == []  # a closed private leaves its owner

"""Record actions in railrules terms: IDs (players P1..Pn in the listed order,
companies without the ampersand), tile instances and the cities on them, the source of
a train and a share, optional rules through their table; a name the title does not have
is refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.records.reader import Played, Record, RecordError, parse_record
from oracle.records.titles import UnmodelledRule, game_options
from oracle.records.translate import Translator, Untranslatable

JSON = dict[str, Any]


def record(title: str = "1830", rules: tuple[str, ...] = ()) -> Record:
    return parse_record({"title": title, "players": [{"id": 5}, {"id": 3}],
                         "settings": {"optional_rules": list(rules)}, "actions": []})


def entry(kind: str, entity: Any = 5, **fields: Any) -> Played:
    etype = "player" if isinstance(entity, int) else "corporation"
    return Played(1, 0, {"id": 1, "type": kind, "entity": entity, "entity_type": etype,
                         **fields})


POSITION: JSON = {"turn": {"company": "BO", "step": "track"}, "tiles": [], "tokens": []}


def test_the_stock_round_vocabulary() -> None:
    t = Translator(record())
    assert t.translate(entry("bid", 3, company="CA", price=170), None) == [
        {"type": "bid", "player": "P2", "private": "CA", "price": 170}]
    assert t.translate(entry("par", corporation="B&O", share_price="100,0,6"), None) == [
        {"type": "par", "player": "P1", "company": "BO", "price": 100}]
    assert t.translate(entry("buy_shares", 3, shares=["B&O_2"], percent=10), None) == [
        {"type": "buy_shares", "player": "P2", "company": "BO", "from": "ipo"}]
    assert t.translate(entry("sell_shares", 3, shares=["B&O_2"], percent=10), None) == [
        {"type": "sell_shares", "player": "P2", "of": "BO", "count": 1}]
    assert t.translate(entry("buy_shares", 5, shares=["B&O_2"], percent=10), None) == [
        {"type": "buy_shares", "player": "P1", "company": "BO", "from": "pool"}]
    assert t.translate(entry("pass", 5), None) == [{"type": "pass", "player": "P1"}]


def test_a_sale_inside_a_company_turn_is_its_presidents_emergency_sale() -> None:
    """A player's sale the same company's act follows falls in that company's turn
    (``turns.py``); any other is the stock round's."""
    def act(i: int, kind: str, entity: Any, **fields: Any) -> JSON:
        etype = "player" if isinstance(entity, int) else "corporation"
        return {"id": i, "type": kind, "entity": entity, "entity_type": etype, **fields}
    r = parse_record({"title": "1830", "players": [{"id": 5}, {"id": 3}], "actions": [
        act(1, "pass", "B&O"), act(2, "sell_shares", 5, shares=["PRR_1"], percent=10),
        act(3, "buy_train", "B&O", train="2-0", price=80), act(4, "pass", "B&O"),
        act(5, "sell_shares", 5, shares=["PRR_3"], percent=10), act(6, "pass", 3)]})
    t = Translator(r)
    assert t.translate(Played(2, 0, r.entries[1]), None) == [
        {"type": "sell_shares", "company": "BO", "of": "PRR", "count": 1}]
    assert t.translate(Played(5, 0, r.entries[4]), None) == [
        {"type": "sell_shares", "player": "P1", "of": "PRR", "count": 1}]


def test_trains_come_from_the_depot_the_pool_or_a_company() -> None:
    t = Translator(record())
    buy = entry("buy_train", "PRR", train="2-1", price=80)
    assert t.translate(buy, None) == [{"type": "buy_train", "company": "PRR", "train": "2"}]
    assert t.translate(entry("buy_train", "B&O", train="2-1", price=1), None) == [
        {"type": "buy_train", "company": "BO", "train": "2", "from": "PRR", "price": 1}]
    assert t.translate(entry("discard_train", "B&O", train="2-1"), None) == [
        {"type": "discard_train", "company": "BO", "train": "2"}]
    assert t.translate(entry("buy_train", "NYNH", train="2-1", price=80), None) == [
        {"type": "buy_train", "company": "NYNH", "train": "2", "from": "pool"}]
    diesel = entry("buy_train", "NYC", train="D-0", price=800, exchange="4-1")
    assert t.translate(diesel, None) == [
        {"type": "buy_train", "company": "NYC", "train": "D", "trade_in": "4"}]


def test_a_city_is_named_by_the_tile_instance_laid_on_its_hex() -> None:
    t = Translator(record())
    lay = entry("lay_tile", "B&O", hex="I17", tile="57-1", rotation=1)
    assert t.translate(lay, POSITION) == [
        {"type": "lay_tile", "company": "BO", "hex": "I17", "tile": "57", "rotation": 1}]
    laid = {**POSITION, "tiles": [{"hex": "I17", "tile": "57", "rotation": 1}]}
    assert t.translate(entry("place_token", "B&O", city="57-1-0"), laid) == [
        {"type": "place_token", "company": "BO", "hex": "I17", "city": 0}]
    preprinted = entry("place_token", "B&O", city="D14-0-0")
    assert t.translate(preprinted, POSITION) == [
        {"type": "place_token", "company": "BO", "hex": "D14", "city": 0}]
    with pytest.raises(RecordError, match="tile 9-3 was never laid"):
        t.translate(entry("place_token", "B&O", city="9-3-0"), POSITION)


def test_a_company_buys_a_private() -> None:
    t = Translator(record())
    assert t.translate(entry("buy_company", "NYNH", company="CS", price=80), None) == [
        {"type": "buy_private", "company": "NYNH", "private": "CS", "price": 80}]


@pytest.mark.parametrize(("played", "message"), [
    (entry("par", corporation="XYZ", share_price="100,0,6"), "unknown company 'XYZ'"),
    (entry("pass", "Q&Q"), "unknown company 'Q&Q'"),
    (entry("bid", company="ZZ", price=5), "unknown private 'ZZ'"),
    (entry("pass", 77), "unknown player 77"),
    (entry("take_loan", "PRR"), "action type 'take_loan' is not translated for 1830"),
])
def test_a_name_the_title_does_not_have_is_refused_by_name(played: Played,
                                                            message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Translator(record()).check(played)


def test_an_optional_rule_maps_through_its_table_or_is_refused_by_name() -> None:
    # the platform's reading of the operating order comes with every 1830 record
    assert game_options(record()) == {"title": "1830", "operating_order": "each_turn"}
    assert game_options(record(rules=("multiple_brown_from_ipo",))) == {
        "title": "1830", "operating_order": "each_turn", "multiple_brown_from_ipo": "yes"}
    with pytest.raises(UnmodelledRule, match="optional rule first_edition_privates of "
                                             "1830 is not modelled"):
        game_options(record(rules=("first_edition_privates",)))


def test_a_title_we_do_not_replay_is_named() -> None:
    with pytest.raises(RecordError, match="title '1835': not replayed"):
        Translator(record("1835"))


def _mp(shares: dict[str, int], acting: str = "P1", **game: Any) -> JSON:
    """A stock-round position: MP's holdings (P1 its president), ``acting`` to act."""
    return {"game_round": {"kind": "stock", "acting": acting, **game},
            "companies": [{"id": "MP", "president": "P1", "shares": shares}]}


def test_a_company_buying_its_own_share_is_its_presidents_buy_back() -> None:
    """1870: from the pool while it has one of the company's shares (whichever
    certificate the record names), else from the player holding the one named."""
    t = Translator(record("1870"))
    t.translate(entry("buy_shares", 3, shares=["MP_1"], percent=10), None)
    assert t.translate(entry("buy_shares", "MP", shares=["MP_1"], percent=10),
                       _mp({"P1": 2, "P2": 1, "pool": 1})) == [
        {"type": "buy_back", "player": "P1", "company": "MP", "from": "pool"}]
    t.translate(entry("buy_shares", 3, shares=["MP_2"], percent=10), None)
    assert t.translate(entry("buy_shares", "MP", shares=["MP_2"], percent=10),
                       _mp({"P1": 2, "P2": 1})) == [
        {"type": "buy_back", "player": "P1", "company": "MP", "from": "P2"}]
    with pytest.raises(Untranslatable, match="only one share of its own"):
        t.translate(entry("buy_shares", "MP", shares=["MP_3", "MP_4"], percent=20), None)


def test_a_price_protection_takes_the_shares_sold_in_one_action() -> None:
    """1870: the president buying the shares just sold, while the position waits on his
    protection, is one ``buy_shares`` for all of them."""
    t = Translator(record("1870"))
    for cert in ("MP_1", "MP_2"):
        t.translate(entry("buy_shares", 3, shares=[cert], percent=10), None)
    t.translate(entry("sell_shares", 3, shares=["MP_1", "MP_2"], percent=20), None)
    waiting = _mp({"P1": 2, "pool": 2}, protection=[
        {"company": "MP", "count": 2, "price": 76, "seller": "P2", "president": "P1"}])
    assert t.translate(entry("buy_shares", 5, shares=["MP_1", "MP_2"], percent=20),
                       waiting) == [
        {"type": "buy_shares", "player": "P1", "company": "MP", "from": "pool"}]


def test_a_companys_sale_of_its_own_shares_is_its_presidents_reissue() -> None:
    """1870: a company's ``sell_shares`` of the shares it bought back is its
    president's ``reissue``; the certificates go back to its IPO, so a later purchase
    of one is from the IPO."""
    t = Translator(record("1870"))
    t.translate(entry("buy_shares", 3, shares=["MP_1"], percent=10), None)
    t.translate(entry("buy_shares", "MP", shares=["MP_1"], percent=10),
                _mp({"P1": 2, "P2": 1}))
    assert t.certs.at("MP_1") == "treasury"
    assert t.translate(entry("sell_shares", "MP", shares=["MP_1"], percent=10),
                       _mp({"P1": 2, "treasury": 1})) == [
        {"type": "reissue", "player": "P1", "company": "MP"}]
    assert t.translate(entry("buy_shares", 3, shares=["MP_1"], percent=10), None) == [
        {"type": "buy_shares", "player": "P2", "company": "MP", "from": "ipo"}]
    with pytest.raises(Untranslatable, match="only its own shares"):
        t.translate(entry("sell_shares", "MP", shares=["GMO_1"], percent=10), None)

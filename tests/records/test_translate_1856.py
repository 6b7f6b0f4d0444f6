"""The 1856 record vocabulary: loans, the bridge and tunnel rights, the platform's
names for the Waterloo & Saugeen and for the primed trains, and the CGR formation (a
merge, a president's pass that pays off the debt, the CGR's token removed); a rule the
table of the unmodelled names is named where the replay stops, not refused before it
starts."""

from __future__ import annotations

import pytest

from oracle.records import titles
from oracle.records.titles import game_options
from oracle.records.translate import Translator, Unmodelled, Untranslatable
from tests.records.test_translate import entry, record


def test_loans_and_rights() -> None:
    t = Translator(record("1856"))
    assert t.translate(entry("take_loan", "CA", loan=0), None) == [
        {"type": "take_loan", "company": "CA"}]
    assert t.translate(entry("payoff_loan", "CA", loan=0), None) == [
        {"type": "repay_loan", "company": "CA"}]
    assert t.translate(entry("special_buy", "WR", description="Bridge Token", cost=50),
                       None) == [{"type": "buy_right", "company": "WR", "private": "NFSBC"}]
    with pytest.raises(Untranslatable, match="special_buy 'Ferry'"):
        t.translate(entry("special_buy", "WR", description="Ferry"), None)


def test_loans_are_not_translated_for_a_title_without_them() -> None:
    with pytest.raises(Untranslatable, match="take_loan"):
        Translator(record("1870")).check(entry("take_loan", "MP", loan=0))


def test_the_platforms_names() -> None:
    t = Translator(record("1856"))
    assert t.translate(entry("bid", 5, company="WSRC", price=40), None)[0]["private"] == "WSR"
    assert [t.train(i) for i in ("2-4", "2-5", "3-4", "4-3", "5-2", "5-1")] == \
        ["2", "2'", "3'", "4'", "5'", "5"]


def test_the_cgr_formation() -> None:
    """``merge`` names the company; a pass of the company whose president decides now
    (the position's ``game_round.formation``) pays its debt off; the CGR's pass and
    token removal are its own."""
    t = Translator(record("1856"))
    deciding = {"game_round": {"kind": "operating", "formation": {
        "national": "CGR", "trigger": "P1", "deciding": ["TGB", "WR"], "merging": []}},
        "turn": {"company": "CPR", "step": "buy_train"}, "tiles": []}
    assert t.translate(entry("merge", "GT", corporation="GT"), deciding) == [
        {"type": "merge", "company": "GT"}]
    assert t.translate(entry("pass", "TGB"), deciding) == [
        {"type": "pay_off_loans", "company": "TGB"}]
    assert t.translate(entry("pass", "WR"), deciding) == [{"type": "pass", "company": "WR"}]
    assert t.translate(entry("pass", "CGR"), None) == [{"type": "pass", "company": "CGR"}]
    assert t.translate(entry("remove_token", "CGR", city="N11-0-1", slot=0), deciding) == [
        {"type": "remove_token", "company": "CGR", "hex": "N11", "city": 1}]


def test_an_unmodelled_rule_is_named_where_the_replay_reaches_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(titles.UNMODELLED, "1856", {"merge": "a rule not modelled"})
    t = Translator(record("1856"))
    merge = entry("merge", "GT", corporation="GT")
    t.check(merge)  # read: the replay plays up to it
    with pytest.raises(Unmodelled, match="a rule not modelled"):
        t.translate(merge, None)


def test_the_platforms_1856_readings() -> None:
    assert game_options(record("1856", rules=("alternate_destinations",))) == {
        "title": "1856", "operating_order": "each_turn", "first_priority": "next_in_turn",
        "alternate_destinations": "yes"}

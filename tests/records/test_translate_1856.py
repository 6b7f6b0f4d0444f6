"""The 1856 record vocabulary: loans, the bridge and tunnel rights, the platform's
names for the Waterloo & Saugeen and for the primed trains, and the CGR formation
(not modelled: named where the replay stops, not refused before it starts)."""

from __future__ import annotations

import pytest

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


def test_the_cgr_formation_is_named_where_the_replay_reaches_it() -> None:
    t = Translator(record("1856"))
    merge = entry("merge", "GT", corporation="GT")
    t.check(merge)  # read: the replay plays up to it
    with pytest.raises(Unmodelled, match="CGR formation"):
        t.translate(merge, None)
    with pytest.raises(Unmodelled, match="Canadian Government Railway"):
        t.translate(entry("pass", "CGR"), None)


def test_the_platforms_1856_readings() -> None:
    assert game_options(record("1856", rules=("alternate_destinations",))) == {
        "title": "1856", "operating_order": "each_turn", "first_priority": "next_in_turn",
        "alternate_destinations": "yes"}

"""1830's private auction (oracle/eighteen/whole/auction.py): purchases of the
cheapest, bids on the others, the bidders' auctions, the passes, the certificates that
come with privates; every refusal leaves the position as it was."""

from __future__ import annotations

from oracle.eighteen.api import API
from tests.eighteen.whole.play import (
    FACE_VALUE_AUCTION,
    act,
    bid,
    cash,
    company,
    new,
    owner,
    par,
    pass_,
    refused,
    run,
)


def test_a_new_game_opens_the_auction_with_the_first_player() -> None:
    p = new()
    assert p["game_round"] == {"kind": "auction", "stock_round": 0, "priority": "P1",
                               "acting": "P1", "passes": 0}
    assert p["turn"]["step"] == "auction" and p["turn"]["company"] is None
    assert all(c["shares"] == {"ipo": 10} for c in p["companies"])
    assert p["depot"] == {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2, "D": 20}
    assert p["bank"] == 12000 - 4 * 600 and {x["cash"] for x in p["players"]} == {600}


def test_the_legal_actions_are_the_cheapest_at_face_value_and_every_bid_in_steps() -> None:
    actions = API.legal_actions(new())
    assert actions[0] == pass_("P1") and bid("P1", "SV", 20) in actions
    assert not any(a["private"] == "SV" and a["price"] != 20 for a in actions[1:])
    cs = sorted(a["price"] for a in actions if a.get("private") == "CS")
    assert cs == list(range(45, 601, 5))  # face + 5 up to all his cash, in fives
    bo = sorted(a["price"] for a in actions if a.get("private") == "BO")
    assert bo == list(range(225, 601, 5))
    assert len(actions) == 1 + 1 + sum(len(range(v + 5, 601, 5)) for v in (40, 70, 110, 160, 220))


def test_the_waterfall_settles_each_private_once_the_cheapest_is_bought() -> None:
    """The first 27 acts of a recorded four-player game (18xx.games 26855)."""
    p = run(new(), [bid("P1", "CA", 165), bid("P2", "CS", 45), bid("P3", "CA", 170),
                    bid("P4", "MH", 115), bid("P1", "MH", 120)])
    p = act(p, bid("P2", "SV", 20))  # bought; the CS has one bid: P2 takes it at 45
    assert (owner(p, "SV"), owner(p, "CS"), cash(p, "P2")) == ("P2", "P2", 535)
    assert p["game_round"]["acting"] == "P3"
    p = act(p, bid("P3", "DH", 70))  # the M&H's two bidders auction it, the lower first
    assert p["game_round"]["auctioning"] == "MH" and p["game_round"]["acting"] == "P4"
    refused(p, bid("P4", "CA", 200), "auction/bidders_only")
    refused(p, bid("P1", "MH", 150), "turn/not_acting_player")
    refused(p, bid("P4", "MH", 120), "auction/bid_too_low")
    p = run(p, [bid("P4", "MH", 125), bid("P1", "MH", 130), bid("P4", "MH", 135),
                bid("P1", "MH", 140), bid("P4", "MH", 145), pass_("P1")])
    assert owner(p, "MH") == "P4" and cash(p, "P4") == 455
    assert p["game_round"]["auctioning"] == "CA" and p["game_round"]["acting"] == "P1"
    for price, who in zip(range(175, 216, 5), ["P1", "P3"] * 5, strict=False):
        p = act(p, bid(who, "CA", price))
    p = act(p, pass_("P3"))
    assert owner(p, "CA") == "P1" and cash(p, "P1") == 600 - 215
    assert company(p, "PRR")["shares"] == {"P1": 1, "ipo": 9}  # the C&A's PRR share
    assert p["game_round"]["acting"] == "P4"  # the turn goes on after the DH's buyer
    p = run(p, [pass_("P4"), pass_("P1"), bid("P2", "BO", 220)])
    assert p["game_round"]["par_due"] == "BO" and p["game_round"]["acting"] == "P2"
    assert company(p, "BO")["president"] == "P2" and company(p, "BO")["shares"] == {
        "P2": 2, "ipo": 8}
    assert [a["type"] for a in API.legal_actions(p)] == ["par"] * 6
    refused(p, pass_("P2"), "shares/par_due")
    refused(p, par("P2", "BO", 95), "shares/not_a_par_price")
    p = act(p, par("P2", "BO", 100))
    assert company(p, "BO")["par"] == 100 and company(p, "BO")["market"] == [0, 6]
    assert company(p, "BO")["treasury"] == 0  # not floated: 20% sold
    assert p["game_round"] == {"kind": "stock", "stock_round": 1, "priority": "P3",
                               "acting": "P3", "passes": 0}
    assert [cash(p, x) for x in ("P1", "P2", "P3", "P4")] == [385, 315, 530, 455]


def test_a_bid_is_a_multiple_of_five_within_the_cash_not_committed() -> None:
    p = new()
    refused(p, bid("P1", "CS", 47), "auction/bid_step")
    refused(p, bid("P1", "CS", 40), "auction/bid_too_low")
    refused(p, bid("P1", "SV", 25), "auction/cheapest_price")
    refused(p, bid("P2", "CS", 45), "turn/not_acting_player")
    p = act(p, bid("P1", "BO", 500))
    p = run(p, [pass_("P2"), pass_("P3"), pass_("P4")])
    refused(p, bid("P1", "CA", 165), "money/insufficient")  # 600 less 500 bid on the B&O
    p = act(p, bid("P1", "BO", 600))
    assert [b["price"] for b in p["game_round"]["bids"]] == [600]  # his bid raised


def test_while_the_sv_is_unsold_its_price_falls_until_someone_must_take_it() -> None:
    p = new()
    for round_ in range(1, 5):
        p = run(p, [pass_(x) for x in ("P1", "P2", "P3", "P4")])
        assert p["game_round"].get("discount", 0) == 5 * round_ or owner(p, "SV")
    assert owner(p, "SV") == "P1" and cash(p, "P1") == 600  # at nothing, P1 takes it
    assert p["game_round"]["acting"] == "P2"


def test_once_the_sv_is_sold_a_round_of_passes_pays_the_privates() -> None:
    p = run(new(), [bid("P1", "SV", 20)])
    p = run(p, [pass_(x) for x in ("P2", "P3", "P4", "P1")])
    assert cash(p, "P1") == 580 + 5 and p["game_round"]["passes"] == 0
    assert p["game_round"]["acting"] == "P2"


def test_the_face_value_auction_ends_with_the_bo_par_and_the_first_stock_round() -> None:
    p = run(new(), FACE_VALUE_AUCTION)
    assert [owner(p, x) for x in ("SV", "CS", "DH", "MH", "CA", "BO")] == [
        "P1", "P2", "P3", "P4", "P1", "P2"]
    assert p["game_round"]["kind"] == "stock" and p["game_round"]["acting"] == "P3"
    assert p["market_order"] == ["BO"]


def test_company_actions_wait_for_the_operating_rounds() -> None:
    refused(new(), {"type": "pass", "company": "PRR"}, "round/not_operating_round")

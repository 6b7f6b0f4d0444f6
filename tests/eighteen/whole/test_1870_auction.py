"""1870's private auction (docs/18xx.md, "Whole games", 1870): 1830's waterfall with
1870's numbers; the SLSF private is the SLSF's president's certificate, whose par
price its buyer sets at once (the auction then goes on) and which closes as he takes
it; the MKT private brings an MKT share; the GRSC's price falls while all pass; and
the option ``first_priority`` says who leads the first stock round."""

from __future__ import annotations

import pytest

from tests.eighteen.whole.play import bid, cash, owner, par, pass_, refused, run
from tests.eighteen.whole.play1870 import FACE_VALUE, company, new1870


def test_the_slsf_par_price_is_set_at_once_and_the_auction_goes_on() -> None:
    position = run(new1870(), FACE_VALUE[:5])
    assert position["game_round"]["par_due"] == "SLSF"
    assert position["game_round"]["acting"] == "P1"
    refused(position, bid("P2", "MKT", 160), "turn/not_acting_player")
    refused(position, bid("P1", "MKT", 160), "shares/par_due")
    refused(position, par("P1", "SLSF", 71), "shares/not_a_par_price")
    position = run(position, [par("P1", "SLSF", 100)])
    slsf = company(position, "SLSF")
    # 20% floats the SLSF: it receives ten times its par price
    assert slsf["shares"] == {"P1": 2, "ipo": 8} and slsf["treasury"] == 1000
    assert slsf["first_round"] is True
    game = position["game_round"]
    assert (game["kind"], game["acting"]) == ("auction", "P2") and "par_due" not in game


def test_the_slsf_private_closes_the_mkt_private_brings_a_share() -> None:
    position = run(new1870(), FACE_VALUE)
    slsf = next(p for p in position["privates"] if p["id"] == "SLSF")
    assert slsf["closed"] is True and slsf["owner"] == "P1"
    assert company(position, "MKT")["shares"] == {"P2": 1, "ipo": 9}
    assert owner(position, "MKT") == "P2"
    game = position["game_round"]
    assert (game["kind"], game["stock_round"], game["acting"]) == ("stock", 1, "P3")
    assert cash(position, "P1") == 525 - 20 - 140  # the certificate came with it


def test_the_grsc_price_falls_while_every_player_passes() -> None:
    position = run(new1870(), [pass_(p) for p in ("P1", "P2", "P3", "P4")])
    assert position["game_round"]["discount"] == 5
    refused(position, bid("P1", "GRSC", 20), "auction/cheapest_price")
    position = run(position, [bid("P1", "GRSC", 15)])
    assert owner(position, "GRSC") == "P1" and cash(position, "P1") == 510


#: two players: P1 bids on the MKT; the others go at face value in turn, P2 buying
#: the SLSF last (its par at once), which settles the MKT to P1
LAST_BY_BID = [bid("P1", "MKT", 165), bid("P2", "GRSC", 20), bid("P1", "MRBC", 40),
               bid("P2", "SCC", 50), bid("P1", "GSC", 80), bid("P2", "SLSF", 140),
               par("P2", "SLSF", 90)]


@pytest.mark.parametrize(("reading", "leader"), [("last_buyer", "P2"), ("next_in_turn", "P1")])
def test_who_leads_the_first_stock_round(reading: str, leader: str) -> None:
    """The last private (the MKT, settled to its bidder P1 after P2's purchase of the
    SLSF ended the auction): the player after its buyer (the rules) or the player next
    in the auction's turn order, after P2 (18xx.games)."""
    position = run(new1870(["P1", "P2"], first_priority=reading), LAST_BY_BID)
    assert owner(position, "MKT") == "P1"
    game = position["game_round"]
    assert (game["kind"], game["acting"], game["priority"]) == ("stock", leader, leader)


def test_first_priority_is_for_whole_game_titles() -> None:
    from oracle.core.errors import MalformedInput
    from oracle.eighteen.api import API
    with pytest.raises(MalformedInput, match="first_priority"):
        API.new_game(["P1", "P2"], {"title": "1835", "first_priority": "next_in_turn"})

"""Stephenson's Rocket mutants: the oracle with one FAQ ruling deliberately broken.

Each class overrides one hook of ``oracle.rocket.rules.Rules``. The features in
features/rocket must kill every one of them, and each SR ruling's and each
scenario's runs must kill at least one (tests/test_mutants.py,
``railrules mutants --json``). The classes live by rule area in this package.
"""

from __future__ import annotations

from oracle.harness.mutants import Mutant
from oracle.harness.mutants.rocket import (
    ending,
    isolation,
    liveness,
    places,
    shares,
    veto,
    veto_answer,
)
from oracle.rocket.api import RocketAPI
from oracle.rocket.rules import Rules


def _m(name: str, rulings: tuple[str, ...], rules: type[Rules]) -> Mutant:
    doc = " ".join((rules.__doc__ or name).split("(SR-")[0].split())
    return Mutant(name, "rocket", rulings, doc, lambda: RocketAPI(rules()))


MUTANTS: list[Mutant] = [
    _m("veto_poll_automatic", ("SR-VETO-01",), veto.VetoPollAutomatic),
    _m("bid_without_call", ("SR-VETO-01",), veto.BidWithoutCall),
    _m("asking_is_a_bid", ("SR-VETO-02",), veto.AskingIsABid),
    _m("defend_elsewhere", ("SR-VETO-03",), veto.DefendElsewhere),
    _m("defence_must_top", ("SR-VETO-04",), veto.DefenceMustTop),
    _m("defence_is_free", ("SR-VETO-04", "SR-VETO-07"), veto.DefenceIsFree),
    _m("zero_bid_counts", ("SR-VETO-05",), veto.ZeroBidCounts),
    _m("mover_cannot_call", ("SR-VETO-06",), veto.MoverCannotCall),
    _m("paid_shares_leave_game", ("SR-VETO-07",), veto.PaidSharesLeaveGame),
    _m("pay_supplementary_first", ("SR-SUP-02", "SR-VETO-07"), veto.PaySupplementaryFirst),
    _m("no_swap_before_paying", ("SR-VETO-08",), veto.NoSwapBeforePaying),
    _m("shortfall_reading_swapped", ("SR-VETO-08",), veto.ShortfallReadingSwapped),
    _m("tile_before_veto", ("SR-SEQ-01",), veto.TileBeforeVeto),
    _m("scores_before_veto", ("SR-SEQ-01",), veto.ScoresBeforeVeto),
    _m("share_after_veto", ("SR-SEQ-02",), veto.ShareAfterVeto),
    _m("poll_starts_with_asker", ("SR-VETO-01",), veto.PollStartsWithAsker),
    _m("asking_uses_asker_turn", ("SR-VETO-02",), veto.AskingUsesAskerTurn),
    _m("mover_bids_when_asking", ("SR-VETO-06",), veto.MoverBidsWhenAsking),
    _m("passed_round_reopens", ("SR-VETO-05",), veto.PassedRoundReopens),
    _m("negative_bid_accepted", ("SR-VETO-05",), veto.NegativeBidAccepted),
    _m("equal_bid_tops", ("SR-VETO-05",), veto.EqualBidTops),
    _m("topping_needs_two", ("SR-VETO-05",), veto.ToppingNeedsTwo),
    _m("shares_held_not_checked", ("SR-VETO-07",), veto.SharesHeldNotChecked),
    _m("defence_below_high_bid", ("SR-VETO-04",), veto_answer.DefenceBelowHighBid),
    _m("give_way_keeps_space", ("SR-VETO-03",), veto_answer.GiveWayKeepsSpace),
    _m("give_way_keeps_passenger", ("SR-VETO-04",), veto_answer.GiveWayKeepsPassenger),
    _m("act_during_defence", ("SR-VETO-03", "SR-SEQ-01"), veto_answer.ActDuringDefence),
    _m("vetoed_mover_loses_share", ("SR-SEQ-02",), veto_answer.VetoedMoverLosesShare),
    _m("give_way_lays_no_tile", ("SR-SEQ-01",), veto_answer.GiveWayLaysNoTile),
    _m("never_isolated", ("SR-ISO-01",), isolation.NeverIsolated),
    _m("starting_town_keeps_line_alive", ("SR-ISO-01",), isolation.StartingTownKeepsLineAlive),
    _m("known_places_keep_line_alive", ("SR-ISO-01",), isolation.KnownPlacesKeepLineAlive),
    _m("merger_chance_ignored", ("SR-ISO-01",), isolation.MergerChanceIgnored),
    _m("cities_do_not_keep_line_alive", ("SR-ISO-01",), isolation.CitiesDoNotKeepLineAlive),
    _m("isolated_line_cannot_move", ("SR-ISO-03",), isolation.IsolatedLineCannotMove),
    _m("mergeable_into_not_isolated", ("SR-ISO-02",), isolation.MergeableIntoNotIsolated),
    _m("isolated_move_gives_share", ("SR-ISO-03",), isolation.IsolatedMoveGivesShare),
    _m("isolated_pile_kept", ("SR-ISO-04",), isolation.IsolatedPileKept),
    _m("isolated_veto_returns_to_pile", ("SR-ISO-04",), isolation.IsolatedVetoReturnsToPile),
    _m("no_supplementary_in_merger", ("SR-ISO-05",), isolation.NoSupplementaryInMerger),
    _m("boxed_line_isolated", ("SR-ISO-06",), isolation.BoxedLineIsolated),
    _m("two_lines_allowed", ("SR-ISO-06",), isolation.TwoLinesAllowed),
    _m("tile_shortage_isolates", ("SR-ISO-07",), isolation.TileShortageIsolates),
    _m("merged_lines_still_two", ("SR-ISO-06",), isolation.MergedLinesStillTwo),
    _m("supplementary_cannot_bid", ("SR-SUP-01",), shares.SupplementaryCannotBid),
    _m("supplementary_ignored_in_majority", ("SR-SUP-01",), shares.SupplementaryIgnoredInMajority),
    _m("supplementary_capped_at_16", ("SR-SUP-03",), shares.SupplementaryCappedAt16),
    _m("merger_scores_survivor", ("SR-MRG-01",), shares.MergerScoresSurvivor),
    _m("merger_scores_both", ("SR-MRG-01",), shares.MergerScoresBoth),
    _m("starting_town_merges", ("SR-MRG-02", "SR-TWN-04"), shares.StartingTownMerges),
    _m("unstarted_line_merges", ("SR-MRG-03",), shares.UnstartedLineMerges),
    _m("first_move_never_merges", ("SR-MRG-03",), shares.FirstMoveNeverMerges),
    _m("game_stops_at_last_tile", ("SR-MRG-04",), shares.GameStopsAtLastTile),
    _m("end_at_turn_end", ("SR-END-01",), ending.EndAtTurnEnd),
    _m("end_before_veto", ("SR-END-01",), ending.EndBeforeVeto),
    _m("isolated_lines_always_count", ("SR-END-01",), liveness.IsolatedLinesAlwaysCount),
    _m("frozen_board_plays_on", ("SR-END-01",), liveness.FrozenBoardPlaysOn),
    _m("isolated_lines_never_count", ("SR-END-01",), liveness.IsolatedLinesNeverCount),
    _m("track_station_movable", ("SR-STA-01",), places.TrackStationMovable),
    _m("loco_station_movable", ("SR-STA-01",), places.LocoStationMovable),
    _m("legal_offers_eighth_station", ("SR-STA-02",), places.LegalOffersEighthStation),
    _m("stations_never_move", ("SR-STA-01",), places.StationsNeverMove),
    _m("station_limit_counts_everyone", ("SR-STA-02",), places.StationLimitCountsEveryone),
    _m("six_stations", ("SR-STA-02",), places.SixStations),
    _m("locomotive_enters_places", ("SR-TWN-01",), places.LocomotiveEntersPlaces),
    Mutant("place_kind_not_checked", "rocket", ("SR-TWN-06",),
           "A position may give a place another kind than it has",
           places.PlaceKindNotChecked),
    _m("eight_stations", ("SR-STA-02",), places.EightStations),
    _m("peterborough_is_a_city", ("SR-TWN-01",), places.PeterboroughIsACity),
    _m("no_city_scoring", ("SR-TWN-02",), places.NoCityScoring),
    _m("city_scores_first_line_only", ("SR-TWN-02",), places.CityScoresFirstLineOnly),
    _m("railway_town_first_line_only", ("SR-TWN-03",), places.RailwayTownFirstLineOnly),
    _m("starting_town_scores", ("SR-TWN-04",), places.StartingTownScores),
    _m("place_counts_twice", ("SR-TWN-05",), places.PlaceCountsTwice),
    _m("vacated_start_becomes_railway_town", ("SR-TWN-06",), places.VacatedStartBecomesRailwayTown),
]

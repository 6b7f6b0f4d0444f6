"""The 18xx options: the title, and one named option per open ruling."""

from __future__ import annotations

from typing import Final

from oracle.core.options import OptionSpec
from oracle.eighteen.titles import TITLES

#: the titles, in the order of the title table (oracle/eighteen/titles/__init__.py)
TITLE_IDS: Final[tuple[str, ...]] = tuple(TITLES)

OPTIONS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec("title", "1830", TITLE_IDS, "the 18xx title being played"),
    OptionSpec("dh_token_requires_tile", "no", ("no", "yes"),
               "D&H token needs tile 57 on its hex first: 'no' as Rails implemented it "
               "(seed 001), 'yes' as proposed in seed 001 and as tobymao orders its steps",
               "TP-DH30-05"),
    OptionSpec("dh_tile_after_token", "yes", ("yes", "no"),
               "D&H tile power still usable after its token was placed: not ruled "
               "(seed 001 '???'); 'yes' keeps the powers independent", "TP-DH30-05"),
    OptionSpec("nf_pfb_token_timing", "anytime", ("anytime", "westermann"),
               "NF and PfB tokens at any time in the turn (default, seed 001) or only in "
               "the token-lay step (Rick Westermann's rule)", "TP-NF35-02"),
    OptionSpec("bonus_token_reading", "published", ("published", "rails"),
               "bonus-token privates: the published text (GLSC: no connection; S&NA: a "
               "reached city and a train) or the Rails data (GLSC connected; S&NA no check)",
               "TP-BONUS-01"),
    OptionSpec("destination_double_in_connection_run", "yes", ("yes", "no"),
               "1870: a destination token placed in the connection run already doubles the "
               "destination in that run ('yes', as tobymao) or only in later runs ('no'); "
               "seed 004 section 11.5 does not say", "DS-17"),
    OptionSpec("single_track", "no", ("no", "yes"),
               "1825 only: the single-track tiles variant (seed 002, v1.1): tiles 71-79, "
               "halt tile 11, T-train rules, the extra minors", "ST-01"),
    OptionSpec("u_trains_on_single_track", "no", ("no", "yes"),
               "with single_track: U trains run on single track too (seed 002's option; "
               "default 'no': only T trains)", "ST-04"),
    OptionSpec("u_trains_at_halts", "no", ("no", "yes"),
               "with single_track: halts pay U trains too (seed 002's option; default "
               "'no': only T trains)", "ST-11"),
    OptionSpec("obsolete_train_limit", "excluded", ("excluded", "counted"),
               "titles with obsolete trains (18AL's 4 once the 7 is bought): obsolete "
               "trains do not count against the train limit ('excluded', tobymao) or do "
               "('counted', Rails); docs/18xx-obsolete-trains.md"),
    OptionSpec("obsolete_trains_of_buyer", "obsolete", ("obsolete", "rust"),
               "titles with obsolete trains: the buyer of the obsoleting train keeps its "
               "own such trains as obsolete like every company ('obsolete', tobymao) or "
               "they rust at once ('rust', Rails' default); docs/18xx-obsolete-trains.md"),
    OptionSpec("token_distance", "straight", ("straight", "track"),
               "titles pricing tokens per hex from home (1835): hexes counted in a "
               "straight line ('straight', the 18xx Rules Difference List) or along the "
               "company's track from its home ('track', Rails); docs/18xx.md"),
    OptionSpec("al_4d_doubles", "cities_and_offboards", ("cities_and_offboards", "offboards"),
               "18AL only: what the 4D train counts twice: cities and off-board areas "
               "(default, as tobymao) or off-board areas only (the 18xx Rules Difference "
               "List); towns never"),
    OptionSpec("half_pay_rounding", "paid_down", ("paid_down", "withheld_down"),
               "titles with a half dividend (1870): the half paid out is divided per share "
               "rounded down and the odd amount stays with the company ('paid_down', the "
               "18xx Rules Difference List 8.4) or the withheld half is rounded down to a "
               "multiple of the share count and the rest paid out ('withheld_down', "
               "tobymao); docs/18xx-golden.md"),
    OptionSpec("water_borders", "impassable", ("impassable", "open"),
               "titles whose map prints a water border without a cost (1835's Elbe "
               "estuary, C9-B10): no track crosses it ('impassable', Rails) or track "
               "crosses it at no cost ('open', tobymao); docs/18xx-rivers.md"),
    OptionSpec("destination_token_slot", "uses_spot", ("uses_spot", "extra"),
               "titles with destination tokens (1870): a destination token takes a free "
               "slot of its city, so the city can fill up and block other companies "
               "('uses_spot', seed 004 section 11.4.1) or sits in an extra slot that never "
               "fills the city nor blocks a route ('extra', tobymao); "
               "docs/18xx-destinations.md", "DS-12"),
    OptionSpec("ledge_move", "right", ("right", "up"),
               "titles whose market has a ledge (1870's lower right cells): a right move "
               "from the last cell before the ledge goes right onto the ledge ('right', "
               "the rules' movement) or up ('up', the printed arrows, as tobymao moves "
               "it); docs/18xx.md"),
    OptionSpec("operating_order", "round_start", ("round_start", "each_turn"),
               "the operating order within a round: fixed by the share prices when the "
               "round begins ('round_start', as the rules order it) or ranked again after "
               "each company's turn among those yet to operate, so a price that moved "
               "in the round counts ('each_turn', as 18xx.games plays 1830); "
               "docs/18xx.md, 'Whole games'"),
    OptionSpec("multiple_brown_from_ipo", "no", ("no", "yes"),
               "titles played as a whole game (1830): the several shares a player may buy "
               "in a turn of a company whose price is in the brown zone come from the "
               "pool only ('no', as 18xx.games plays it) or from the IPO too ('yes', the "
               "18xx.games optional rule of that name); the published rules do not say; "
               "docs/18xx.md, 'Whole games'"),
    OptionSpec("connection_withhold", "stays", ("stays", "right"),
               "titles with connection runs (1870, DS-16): a withheld connection run "
               "leaves the price ('stays', the rules' move read with the dividend) or "
               "moves it right as a payout does ('right', as our notes read 18xx.games; "
               "its records show 'stays'); "
               "docs/18xx-destinations.md"),
    OptionSpec("alternate_destinations", "no", ("no", "yes"),
               "titles with escrow capitalisation (1856): the destination that releases a "
               "company's escrow is the one on its charter ('no', the published map) or "
               "the alternate table of the 18xx.games optional rule of that name ('yes'); "
               "docs/18xx.md, 'Whole games'"),
    OptionSpec("destination_connection", "train", ("train", "track"),
               "titles with connection runs (1870): a company is eligible for its "
               "connection run when a train it owns can run home to destination, long "
               "enough for every stop ('train', DS-01, DS-06) or when track it may use "
               "joins them, whatever its trains' length ('track', as 18xx.games checked "
               "it in 2021, record 34110); docs/18xx-destinations.md", "DS-06"),
    OptionSpec("first_priority", "last_buyer", ("last_buyer", "next_in_turn"),
               "titles played as a whole game: the first stock round is led by the player "
               "after the one who bought the last private ('last_buyer', the published "
               "rules) or by the player next in the auction's turn order, after the one "
               "whose act ended it ('next_in_turn', as 18xx.games plays 1870); "
               "docs/18xx.md, 'Whole games'"),
    OptionSpec("reissue_par_cap", "none", ("none", "200"),
               "titles whose companies reissue the shares they bought back (1870): the new "
               "par price is the market's top-row price nearest three quarters of the "
               "share price, above $200 too ('none', Mayfair's rules, 'Share Reissued', "
               "as 18xx.games plays it) or at most $200 ('200', W. R. Dixon's original "
               "rules 5.11, the 18xx.games optional rule \"Bill Dixon's original "
               "rules\"); docs/18xx.md, 'Whole games'"),
)

#: options whose value the position records (the title is its own field)
POSITION_OPTIONS: Final[tuple[OptionSpec, ...]] = tuple(o for o in OPTIONS if o.name != "title")


def spec(name: str) -> OptionSpec:
    """The declaration of option ``name``: the one place its default and readings live
    (the option's module reads them from here)."""
    for option in OPTIONS:
        if option.name == name:
            return option
    raise KeyError(name)

"""Random 18xx operating rounds under any option reading, checked after every action.

``option_combinations()`` draws a value for every option a position records;
``option_games()`` draws one together with a title's starting position (the
title fixes the map and the privates) and a seed for the choices. ``play_checked``
follows ``legal_actions`` to the end of the round and checks, after every action:
the schema and the facts ``validate`` sees, conservation (money, tiles, tokens,
privates), the canonical JSON round trip, that refused candidates change nothing
and that ``apply`` accepts exactly what ``legal_actions`` lists, and liveness
(``action_bound``).

**The fixed sweep** (``title_combinations``): every combination of the recorded
options a title takes, as a full product, except the readings in ``PAIRWISE``. Those
(1870's ``destination_token_slot``, ``ledge_move``, ``destination_connection`` and
``reissue_par_cap``) touch mechanisms no other option touches (a destination token's
slot; the market's ledge; when a connection run is due; the par price of reissued
shares, in a whole game's stock round), so they are swept pairwise: each row of the
title's product gets one combination of them, chosen so that every value of each
meets every value of every other option the title takes, and every value of the
other ``PAIRWISE`` readings, at least once (a greedy covering array;
``test_the_sweep_covers_every_pair_of_readings`` checks it). The full product would
have multiplied 1870's 64 rows by 4 and the filtered product by 4 again: about two
extra minutes of the sweep (``reissue_par_cap`` would have doubled it once more). A
drawn game (``option_games``) may still draw any combination.
"""

from __future__ import annotations

import functools
import itertools
import marshal
import math
import random
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms import single_track
from oracle.eighteen.model.actions import action_from_json
from oracle.eighteen.options import POSITION_OPTIONS, spec
from tests.eighteen.positions import scenario_positions
from tests.sweep import Tally

JSON = dict[str, Any]
STARTS = scenario_positions()
#: the start position of every title (1830 has two)
TITLES = sorted({p["title"] for p in STARTS})


#: readings swept pairwise, not in the full product (see the module docstring)
PAIRWISE: tuple[str, ...] = ("destination_token_slot", "ledge_move",
                              "destination_connection", "reissue_par_cap")
DEFAULTS = {o.name: o.default for o in POSITION_OPTIONS}


def all_combinations() -> list[dict[str, str]]:
    """Every combination of the recorded options' values but the ``PAIRWISE`` ones,
    which keep their defaults (``fits`` says which a title takes: 32 for most titles,
    160 for 1825 with its single-track options)."""
    product = [o for o in POSITION_OPTIONS if o.name not in PAIRWISE]
    names = [o.name for o in product]
    return [{**DEFAULTS, **dict(zip(names, values, strict=True))}
            for values in itertools.product(*(o.choices for o in product))]


def _title_product(title: str) -> list[dict[str, str]]:
    """``all_combinations`` that ``title`` takes, in the same order: the product of the
    values it takes of each option (``taken_values``), those that fit together kept.
    Filtering the whole product instead (over half a million rows, each title) cost
    some 45 CPU-seconds in every process that collected the sweep."""
    product = [o for o in POSITION_OPTIONS if o.name not in PAIRWISE]
    names = [o.name for o in product]
    rows = ({**DEFAULTS, **dict(zip(names, values, strict=True))}
            for values in itertools.product(*(taken_values(title, n) for n in names)))
    return [row for row in rows if fits(title, row)]


@functools.cache
def _title_combinations(title: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    rows = _title_product(title)
    extra = {name: _values(title, name, spec(name).choices) for name in PAIRWISE}
    extra = {name: values for name, values in extra.items() if len(values) > 1}
    if extra:
        rows = _cover(title, rows, extra)
    return tuple(tuple(sorted(row.items())) for row in rows)


def title_combinations(title: str) -> list[dict[str, str]]:
    """The fixed sweep's combinations for ``title``: the full product of the options
    it takes but the ``PAIRWISE`` ones, each row given a combination of those so that
    every pair of values is covered."""
    return [dict(row) for row in _title_combinations(title)]


def space_size(title: str) -> int:
    """How many combinations of the recorded options ``title`` takes in all: its rows
    of the sweep times the values it takes of each ``PAIRWISE`` reading (those are
    checked on their own, whatever the other options say)."""
    return len(_title_combinations(title)) * math.prod(
        len(taken_values(title, name)) for name in PAIRWISE)


def _pairs(row: dict[str, str], names: list[str], swept: list[str]) -> set[tuple[str, ...]]:
    """The (option, value, option, value) pairs of ``row`` that involve a swept option."""
    return {(a, row[a], b, row[b]) for a in swept for b in names if b != a}


def _cover(title: str, rows: list[dict[str, str]],
           extra: dict[str, list[str]]) -> list[dict[str, str]]:
    """Give each row the combination of the ``extra`` readings that covers the most
    pairs not covered yet, among those the least used so far (so that each reading
    plays about as often as the others), the first such in the product's order; a
    combination the title refuses is skipped."""
    names = [o.name for o in POSITION_OPTIONS]
    swept = list(extra)
    choices = [dict(zip(swept, values, strict=True))
               for values in itertools.product(*extra.values())]
    covered: set[tuple[str, ...]] = set()
    used = [0] * len(choices)
    out = []
    for row in rows:
        fitting = [i for i, c in enumerate(choices) if fits(title, {**row, **c})]
        best = max(fitting, key=lambda i: (
            len(_pairs({**row, **choices[i]}, names, swept) - covered), -used[i]))
        used[best] += 1
        chosen = {**row, **choices[best]}
        covered |= _pairs(chosen, names, swept)
        out.append(chosen)
    return out


def combination_key(title: str, options: dict[str, str]) -> str:
    return ",".join([f"title={title}", *(f"{k}={options[k]}" for k in sorted(options))])


def option_combinations(title: str | None = None) -> st.SearchStrategy[dict[str, str]]:
    """Every recorded option's value; for ``title``, only values the title takes
    (with the single-track variant on where a value needs it), so that few draws
    are filtered out."""
    return st.fixed_dictionaries({o.name: st.sampled_from(_values(title, o.name, o.choices))
                                  for o in POSITION_OPTIONS})


def taken_values(title: str, name: str) -> list[str]:
    """The values of option ``name`` that ``title`` takes (with the single-track
    variant on where a value needs it)."""
    return _values(title, name, spec(name).choices)


def _values(title: str | None, name: str, choices: tuple[str, ...]) -> list[str]:
    if title is None:
        return list(choices)
    base = {o.name: o.default for o in POSITION_OPTIONS}
    return [v for v in choices if fits(title, {**base, name: v})
            or fits(title, {**base, "single_track": "yes", name: v})]


@dataclass(frozen=True)
class OptionGame:
    start: int  # index into STARTS
    options: dict[str, str]
    seed: int

    def position(self) -> JSON:
        p = marshal.loads(marshal.dumps(STARTS[self.start]))
        p["options"] = dict(self.options)
        if self.options.get("single_track") == "yes":
            # the variant's tiles join the supply, and every company with a president
            # owns a 3T, so the round lays single track (ST-01, ST-02)
            p["supply"] = {**p["supply"], **single_track.variant().supply}
            p["companies"] = [dict(c, trains=[*c["trains"], "3T"]) if c["president"] else c
                              for c in p["companies"]]
        return p


def fits(title: str, options: dict[str, str]) -> bool:
    """The title takes these options (1825's single-track variant: 1825 only, and its
    sub-options only with it; the obsolete-train readings only where a train is
    obsolete by another, 18AL; the track token distance only where tokens are priced
    by distance, 1835; the 4D reading: 18AL only; the half-pay rounding: titles with a
    half dividend, 1870; the water-border reading: titles with water borders, 1835)."""
    try:
        API.title_with_options(title, options)
    except MalformedInput:
        return False
    return True


def option_games() -> st.SearchStrategy[OptionGame]:
    def game(start: int) -> st.SearchStrategy[OptionGame]:
        return st.builds(OptionGame, st.just(start),
                         option_combinations(STARTS[start]["title"]),
                         st.integers(0, 2**32 - 1))

    return st.integers(0, len(STARTS) - 1).flatmap(game).filter(
        lambda g: fits(STARTS[g.start]["title"], g.options))


def action_bound(position: JSON) -> int:
    """The most actions the round can take: for each company still to operate, its
    home token, one pass out of each of the two steps, the title's normal tile
    lays and one normal token, and each private power used at most once (a tile
    and a token each; a power never returns once used), and 1825's second
    single-track tile (ST-02) under its variant."""
    state = API.load(position)
    title = API.rules.title(state)
    order = list(state.operating_order)
    company = state.turn.company
    left = order[order.index(company):] if company in order else ([company] if company else [])
    second = 1 if single_track.on(state) else 0  # ST-02
    per_company = 1 + 2 + title.tile_lays + second + 1
    return len(left) * per_company + 2 * len(title.privates)


def _accepted(position: JSON, action: JSON) -> bool:
    before = marshal.loads(marshal.dumps(position))  # a deep copy, types exact
    try:
        API.apply(position, action)
    except (IllegalAction, MalformedInput):
        assert position == before, f"a refused {action} changed the position"
        return False
    return True


def play_checked(game: OptionGame, tally: Tally, misses: int = 4) -> JSON:
    rng = random.Random(game.seed)
    position = API.canonical(game.position())
    bound = action_bound(position)
    n = 0
    while position["turn"]["step"] != "done":  # API.game_over, without a reload
        assert n < bound, f"the round does not end within {bound} actions"
        # The listing, the candidates and the probes below are of one state, the one
        # apply made (pinned: worked out once, not loaded again for each question);
        # canonical() below loads each position whole.
        with API.pinned(position):
            legal = API.legal_actions(position)
            assert legal, f"a running round offers no action: {position['turn']}"
            candidates = [c.to_json() for c in API.candidates(API.load(position))]
            # apply = legal_actions, on a sample of the candidates legal_actions tried.
            wanted = {repr(a) for a in legal}
            for c in rng.sample(candidates, min(misses, len(candidates))):
                assert _accepted(position, c) == (repr(c) in wanted), c
                tally.checks += 1
        action = rng.choice(legal)
        after = API.apply(position, action)
        # canonical() loads: the schema and every fact validate() checks.
        assert API.canonical(after) == after, action
        # (canonical() is load(after).to_json(): the model's own round trip included)
        assert API.conservation(position, after) == [], action
        assert action_from_json(action).to_json() == action, action
        tally.checks += 4
        position = after
        n += 1
    tally.game(combination_key(position["title"], game.options), n, bound, "round done")
    return position

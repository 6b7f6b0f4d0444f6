"""Events a train type's first purchase triggers: a title's data lists them per train
(``events``; tobymao/18xx lists the same events on its trains, e.g. g_1830
``close_companies`` on the 5-train).

Each event named in a title's data is either applied here or declared in
``OUTSIDE``, with why the operating turn this oracle plays has nothing for it to
change; the loader refuses a title naming any other event (``unknown``), so no event
is read and ignored silently.

* ``close_privates``: every private company still open closes (1830 and 18Kaas: the
  first 5-train; 1835, 1856, 1870, 18AL, 18GA: their 5-trains, as the data says). A
  closed private has no owner (``owner`` null, ``closed`` true: what the recorded
  games report, real-turns note D2), pays nothing, keeps no hex blocked
  (``Rules.blocked_by``) and its powers are gone (``Rules.check_private``).

The events are applied on every purchase of the type from the bank; each is
idempotent (a closed private stays closed), so only the first purchase changes
anything.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from oracle.eighteen.model.records import TrainType
from oracle.eighteen.model.state import BonusToken, State
from oracle.eighteen.model.title import TitleData

Event = Callable[[State], State]


def close_privates(state: State) -> State:
    """Every open private closes; its owner gives it up."""
    return replace(state, privates=tuple(
        p if p.closed else replace(p, closed=True, owner=None) for p in state.privates))


#: the events this oracle applies
APPLIED: dict[str, Event] = {"close_privates": close_privates}

#: events titles name whose effect lies outside the operating turn modelled here
OUTSIDE: dict[str, str] = {
    "privates_buyable": "1870, first 3-train: companies may buy privates from players "
                        "from phase 2; the privates' sale terms name those phases "
                        "(titles/g1870.py SALE_PHASES, private_sale.py)",
    "remove_private_tokens": "1870, first 6-train: the cattle and port tokens stop counting; "
                             "their token powers' bonus_removed_in_phase (5) says so "
                             "(queries.route_table)",
    "remove_coal_token": "18AL, first 6-train: the coal token stops counting; the token "
                         "power's bonus_removed_in_phase (6) says so (queries.route_table)",
    "remove_port_token": "1856, first 6-train: the port token stops counting; the token "
                         "power's bonus_removed_in_phase (6) says so (queries.route_table)",
    "no_more_escrow_companies": "1856, first 4'-train: how companies float (stock round); "
                                "the phase it starts says so (whole/capital.py)",
    "no_more_incremental_companies": "1856, first 5'-train: how companies float "
                                     "(stock round); the phase it starts says so "
                                     "(whole/capital.py)",
    "nationalization": "1856, first 6-train: the CGR formation, a whole game's "
                       "(whole/formation.py, whole/national.py)",
}


def unknown(names: Iterable[str]) -> list[str]:
    """The names neither applied nor declared outside the turn (the loader refuses
    a title naming one)."""
    return sorted({n for n in names if n not in APPLIED and n not in OUTSIDE})


def on_purchase(state: State, train: TrainType) -> State:
    """Apply the bought type's events."""
    for name in train.events:
        event = APPLIED.get(name)
        if event is not None:
            state = event(state)
    return state


def bonus_counts(title: TitleData, state: State, token: BonusToken) -> bool:
    """Whether a bonus token still counts: not once the phase its power names
    (``bonus_removed_in_phase``) has begun (``remove_coal_token``,
    ``remove_port_token``: the first 6-train starts that phase). The token stays in
    the position (conservation keeps bonus tokens); it no longer adds revenue."""
    pdef = title.resolved_privates(dict(state.options)).get(token.private)
    gone = pdef.token.bonus_removed_in_phase if pdef is not None and pdef.token else ""
    phases = [p.name for p in title.phases]
    return not (gone in phases and state.phase in phases
                and phases.index(state.phase) >= phases.index(gone))

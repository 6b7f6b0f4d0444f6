"""Obsolete trains: a train type the data marks ``obsolete_by`` another (18AL: the
4-train, obsolete by the 7) is not rusted when that train is first bought; it
becomes obsolete, runs once more, and leaves after its company's next dividend.

Readings (docs/18xx-obsolete-trains.md says which source says what):

* the first purchase of the obsoleting train marks every such train a company holds
  obsolete (the position lists them under the company's ``obsolete``); those in the
  open market leave the game at once (tobymao and Rails agree);
* a company's obsolete trains leave the game when its dividend step ends, whether or
  not they ran (tobymao's dividend step, Rails' payout step agree);
* an obsolete train is not sold between companies (``train/obsolete``; both engines);
* option ``obsolete_train_limit``: ``excluded`` (default, tobymao's base setting,
  which 18AL keeps) obsolete trains do not count against the train limit, and a
  company over it may not discard one (``train/obsolete``); ``counted`` (Rails
  counts every train it holds) they count, and one discarded leaves the game (an
  obsolete train in the open market rusts at once);
* option ``obsolete_trains_of_buyer``: ``obsolete`` (default, tobymao marks every
  company's trains) or ``rust`` (Rails' default: the buying company's own trains of
  the type rust at once, the others' become obsolete).

The option values other than the defaults are refused on titles whose trains
name no ``obsolete_by``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Final

from oracle.core.errors import IllegalAction, MalformedInput
from oracle.eighteen.model.records import TrainType
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.title import TitleData

LIMIT: Final = "obsolete_train_limit"
BUYER: Final = "obsolete_trains_of_buyer"
DEFAULTS: Final[Mapping[str, str]] = {LIMIT: "excluded", BUYER: "obsolete"}


def applies(title: TitleData) -> bool:
    """The title has a train that another makes obsolete."""
    return any(t.obsolete_by for t in title.trains)


def check_options(title: TitleData, options: Mapping[str, Any],
                  field: str = "options") -> None:
    """A reading other than the default needs a title with obsolete trains."""
    if applies(title):
        return
    for name, default in DEFAULTS.items():
        if options.get(name, default) != default:
            raise MalformedInput(f"{field}.{name}", f"{title.id} has no obsolete trains")


def _option(state: State, name: str) -> str:
    return str(dict(state.options).get(name, DEFAULTS[name]))


def counted(state: State, company: Company) -> int:
    """The trains that count against the company's train limit."""
    if _option(state, LIMIT) == "counted":
        return len(company.trains)
    return len(company.trains) - len(company.obsolete)


def made_obsolete(title: TitleData, train: TrainType) -> frozenset[str]:
    """The train types whose obsolescence ``train``'s purchase brings."""
    return frozenset(t.name for t in title.trains if t.obsolete_by == train.name)


def _drop(trains: tuple[str, ...], gone: Counter[str]) -> tuple[str, ...]:
    left = Counter(trains) - gone
    out: list[str] = []
    for t in trains:
        if left[t] > 0:
            out.append(t)
            left[t] -= 1
    return tuple(out)


def on_purchase(title: TitleData, state: State, buyer: str, train: TrainType) -> State:
    """A train bought from the bank makes the types it obsoletes obsolete: held ones
    are marked (the buyer's rust instead under ``rust``), open-market ones leave."""
    types = made_obsolete(title, train)
    if not types:
        return state
    rust_buyer = _option(state, BUYER) == "rust"
    companies = []
    for c in state.companies:
        fresh = Counter(t for t in c.trains if t in types) - Counter(c.obsolete)
        if not fresh:
            companies.append(c)
        elif rust_buyer and c.id == buyer:
            companies.append(replace(c, trains=_drop(c.trains, fresh)))
        else:
            companies.append(replace(c, obsolete=tuple(sorted(c.obsolete + tuple(
                fresh.elements())))))
    return replace(state, companies=tuple(companies),
                   pool_trains=tuple(t for t in state.pool_trains if t not in types))


def retire(state: State, company_id: str) -> State:
    """The company's dividend step is over: its obsolete trains leave the game."""
    c = state.company(company_id)
    if c is None or not c.obsolete:
        return state
    return state.with_company(replace(c, trains=_drop(c.trains, Counter(c.obsolete)),
                                      obsolete=()))


def check_sale(seller: Company, train: str) -> None:
    """Only a train that is not obsolete changes hands between companies."""
    if train in seller.trains and Counter(seller.trains)[train] <= \
            Counter(seller.obsolete)[train]:
        raise IllegalAction("train/obsolete", "",
                            f"{seller.id}'s {train} train is obsolete and is not sold")


def discard(state: State, company: Company, train: str) -> State | None:
    """An obsolete train discarded over the limit: refused where obsolete trains do
    not count (``excluded``), else it leaves the game (the open market rusts it at
    once). None: the train is not obsolete, the ordinary discard applies."""
    held = Counter(company.trains)[train]
    if Counter(company.obsolete)[train] < held or held == 0:
        return None
    if _option(state, LIMIT) != "counted":
        raise IllegalAction("train/obsolete", "", f"{company.id}'s {train} train is obsolete: "
                            "it does not count against the limit")
    gone: Counter[str] = Counter({train: 1})
    return state.with_company(replace(company, trains=_drop(company.trains, gone),
                                      obsolete=_drop(company.obsolete, gone)))


def check_position(title: TitleData, state: State) -> None:
    """The facts a schema cannot see: ``obsolete`` is part of ``trains``, of types the
    title makes obsolete, exactly once their obsoleting train has started its phase;
    no such train is in the open market then (MalformedInput names the field)."""
    phases = [p.name for p in title.phases]
    here = phases.index(state.phase) if state.phase in phases else -1
    due = set()
    for t in title.trains:
        by = title.train(t.obsolete_by) if t.obsolete_by else None
        if by is not None and by.starts_phase in phases and \
                here >= phases.index(by.starts_phase):
            due.add(t.name)
    for c in state.companies:
        field = f"companies.{c.id}.obsolete"
        if Counter(c.obsolete) - Counter(c.trains):
            raise MalformedInput(field, "lists a train the company does not hold")
        for name in c.obsolete:
            if name not in due:
                raise MalformedInput(field, f"a {name} train is not obsolete in phase "
                                     f"{state.phase}")
        for name in due:
            if Counter(c.trains)[name] != Counter(c.obsolete)[name]:
                raise MalformedInput(field, f"every {name} train is obsolete in phase "
                                     f"{state.phase}")
    for name in state.pool_trains:
        if name in due:
            raise MalformedInput("pool_trains", f"an obsolete {name} train leaves the "
                                 "open market at once")

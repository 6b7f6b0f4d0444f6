"""18xx When steps for the actions no ruled scenario sends as such: a route run of
any number of trains written out node by node, a train discarded over the limit, a
train bought from the open market or from another company. ``railrules fuzz`` drafts
use them (``steps.eighteen.action_step`` writes the text from the same patterns), so
a shrunk trace replays through the suite's steps whatever it holds.
``steps.eighteen`` brings these in; no engine is imported.

No ruled scenario uses these yet, so the suite lint's ``used`` check leaves them to
tests/eighteen/test_action_steps.py, which holds each to sending exactly the action
its text was written from (``DRAFT_STEPS``)."""

from __future__ import annotations

import re

from pytest_bdd import parsers, when

from steps.eighteen_base import _send
from steps.eighteen_position import JSON
from steps.world import World

#: the suite lint's mark for a module of steps only fuzz drafts write (oracle/harness/lint.py)
DRAFT_STEPS = True

#: the step texts, written by action_step and parsed by the steps below
NO_RUN = '"{company}" runs no train'
ONE_RUN = '"{company}" runs its "{train}" train over "{path}"'  # eighteen_single_track
RUNS = '"{company}" runs its trains: {routes}'
DISCARD = '"{company}" discards a "{train}" train'
FROM_POOL = '"{company}" buys a "{train}" train from the open market'
FROM_COMPANY = '"{company}" buys a "{train}" train from "{seller}" for ${price:d}'
#: RUNS, as the regular expression its step matches (parse cannot end on a docstring-free
#: list of quoted routes without swallowing the quotes)
RUNS_RE = r'"(?P<company>[^"]+)" runs its trains: (?P<routes>".+)$'

_ROUTE = re.compile(r'"([^"]+)" over "([^"]*)"')


def routes_text(routes: list[JSON]) -> str:
    """``"3" over "E19.s0 E17.e4 F16.s0", "4" over "..."``: each train and its nodes."""
    return ", ".join(f'"{r["train"]}" over "{" ".join(r["path"])}"' for r in routes)


def parse_routes(text: str) -> list[JSON]:
    """``routes_text`` read back; anything else in the text is an error, not ignored."""
    routes = [{"train": m.group(1), "path": m.group(2).split()} for m in _ROUTE.finditer(text)]
    if routes_text(routes) != text:
        raise AssertionError(f'not routes written as "TRAIN" over "NODE NODE ...": {text!r}')
    return routes


@when(parsers.parse(NO_RUN))
def run_no_train(world: World, company: str) -> None:
    _send(world, {"type": "run_routes", "company": company, "routes": []})


@when(parsers.re(RUNS_RE))
def run_trains_over(world: World, company: str, routes: str) -> None:
    _send(world, {"type": "run_routes", "company": company, "routes": parse_routes(routes)})


@when(parsers.parse(DISCARD))
def discard_train(world: World, company: str, train: str) -> None:
    _send(world, {"type": "discard_train", "company": company, "train": train})


@when(parsers.parse(FROM_POOL))
def buy_from_pool(world: World, company: str, train: str) -> None:
    _send(world, {"type": "buy_train", "company": company, "train": train, "from": "pool"})


@when(parsers.parse(FROM_COMPANY))
def buy_from_company(world: World, company: str, train: str, seller: str, price: int) -> None:
    _send(world, {"type": "buy_train", "company": company, "train": train, "from": seller,
                  "price": price})

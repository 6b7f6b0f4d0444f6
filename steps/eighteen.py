"""The 18xx step module (the game record's ``steps``): the operating-turn steps
(``eighteen_base``), the 1870 destinations and connection runs (DS-*), the 1825
single-track variant (ST-*) and the When steps fuzz drafts need for every other action
(``eighteen_actions``). Each part imports only ``eighteen_base`` and the world, never
this module, so any of them may be imported first without a cycle."""

from __future__ import annotations

from steps import eighteen_actions as acts
from steps.eighteen_actions import *  # noqa: F403
from steps.eighteen_base import *  # noqa: F403
from steps.eighteen_destinations import *  # noqa: F403
from steps.eighteen_single_track import *  # noqa: F403

# -- the When step of an action (drafts written by ``railrules fuzz``) ---------------------

def action_step(action: dict[str, object]) -> str | None:
    """The text of the When step that sends ``action`` exactly (None: no step does,
    e.g. an action with fields no step writes)."""
    kind, company = action.get("type"), action.get("company")
    private = action.get("private")
    using = f' using "{private}"' if private is not None else ""
    if kind == "lay_tile" and set(action) <= {"type", "company", "hex", "tile", "rotation",
                                              "private"}:
        return (f'"{company}" lays tile "{action["tile"]}" on "{action["hex"]}" with '
                f'rotation {action["rotation"]}{using}')
    if kind == "place_token" and set(action) <= {"type", "company", "hex", "city", "private"}:
        city = action.get("city", 0)
        where = f'"{action["hex"]}"' + ("" if city == 0 else f" city {city}")
        return f'"{company}" places a token on {where}{using}'
    if kind == "pass" and set(action) == {"type", "company"}:
        return f'"{company}" passes'
    if kind == "dividend" and set(action) == {"type", "company", "kind"}:
        return f'"{company}" declares a "{action["kind"]}" dividend'
    if kind == "buy_train" and set(action) == {"type", "company", "train"}:
        return f'"{company}" buys a "{action["train"]}" train'
    if kind == "buy_train" and set(action) == {"type", "company", "train", "from"} \
            and action["from"] == "pool":
        return acts.FROM_POOL.format(company=company, train=action["train"])
    if kind == "buy_train" and set(action) == {"type", "company", "train", "from", "price"} \
            and type(action["price"]) is int:
        return acts.FROM_COMPANY.format(company=company, train=action["train"],
                                        seller=action["from"], price=action["price"])
    if kind == "discard_train" and set(action) == {"type", "company", "train"}:
        return acts.DISCARD.format(company=company, train=action["train"])
    if kind == "run_routes" and set(action) == {"type", "company", "routes"}:
        return _run_step(company, action["routes"])
    return None


def _run_step(company: object, routes: object) -> str | None:
    """A route run: no train, one train (the single-track module's step), or several."""
    if not isinstance(routes, list) or not all(
            isinstance(r, dict) and set(r) == {"train", "path"} for r in routes):
        return None
    if not routes:
        return acts.NO_RUN.format(company=company)
    if len(routes) == 1:
        return acts.ONE_RUN.format(company=company, train=routes[0]["train"],
                                   path=" ".join(routes[0]["path"]))
    return acts.RUNS.format(company=company, routes=acts.routes_text(routes))

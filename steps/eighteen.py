"""The 18xx step module (the game record's ``steps``): the operating-turn steps
(``eighteen_base``), the 1870 destinations and connection runs (DS-*) and the 1825
single-track variant (ST-*). Each part imports only ``eighteen_base`` and the world,
never this module, so any of them may be imported first without a cycle."""

from __future__ import annotations

from steps.eighteen_base import *  # noqa: F403
from steps.eighteen_destinations import *  # noqa: F403
from steps.eighteen_single_track import *  # noqa: F403

# -- the When step of an action (drafts written by ``railrules fuzz``) ---------------------

def action_step(action: dict[str, object]) -> str | None:
    """The text of the When step that sends ``action`` (None: no step sends it as it
    is: a route run, a discard, a train bought from elsewhere than the bank)."""
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
    return None

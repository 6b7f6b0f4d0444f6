"""The checks an adapter's answers go through beyond the protocol schemas
(docs/protocol.md, "Validation"): a position it hands back must pass the game's own
position schema and load checks, and each legal action the game's action check. A
violation is a wrong answer (``InvalidReply``): ``fail`` at a When or Then step,
``setup-error`` while a Given builds the position.
"""

from __future__ import annotations

import importlib
import json
import marshal
import os
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.core.game import GameAPI
from oracle.core.schema import Compiled
from oracle.protocol.implementation import InvalidReply


class ReplyChecks:
    """What the oracle checks on one game's positions and actions, applied to what an
    adapter hands back (docs/protocol.md, "Validation"): a position passes the game's
    position schema and then its API's ``validate`` (the checks the oracle's own
    ``load`` makes, which no schema can say); a legal action passes the game's action
    check: the API's optional ``validate_action(action)``, else the ``action_from_json``
    of the ``actions`` module beside the API (rocket, 18xx: 18xx's checks its
    ``action.schema.json`` first), else only the protocol's (an action is an object).

    The last positions that passed are remembered by their exact form (``_exact``): the
    same form again is the same check already passed (a new game, asked scenario after
    scenario), never a check skipped. A refused position is never remembered."""

    def __init__(self, api: GameAPI) -> None:
        self._schema = Compiled(api.position_schema())
        self._validate = api.validate
        self._action = _action_check(api)
        self._passed: dict[bytes, None] = {}

    def position(self, command: str, position: Any) -> None:
        """Raise ``InvalidReply`` naming the field if the game refuses ``position``."""
        exact = _exact(position)
        if exact is not None and exact in self._passed:
            return
        self._check_position(command, position)
        if exact is not None:
            while len(self._passed) >= _PASSED:
                self._passed.pop(next(iter(self._passed)))  # the oldest
            self._passed[exact] = None

    def _check_position(self, command: str, position: Any) -> None:
        found = self._schema.first_error(position)
        if found is not None:
            path, message = found
            extra = _UNEXPECTED.search(message)
            if extra is not None:  # name the extra key itself, not the object holding it
                path = [*path, extra.group(1)]
            raise InvalidReply(command, "a position the game's load refuses",
                               _dotted(path, "position"), f"schema: {message}",
                               _at(position, path))
        try:
            self._validate(position)
        except MalformedInput as err:
            raise InvalidReply(command, "a position the game's load refuses", err.field,
                               err.message) from None
        except Exception as err:  # the load cannot read it: refused too
            raise InvalidReply(command, "a position the game's load refuses", "position",
                               f"the load fails on it ({type(err).__name__}: {err})"
                               ) from None

    def actions(self, command: str, actions: Sequence[Any]) -> None:
        """Raise ``InvalidReply`` naming the action and its field if the game's action
        check refuses one of ``actions``."""
        check = self._action
        if check is None:
            return
        for i, action in enumerate(actions):
            try:
                check(action)
            except MalformedInput as err:
                field = err.field.removeprefix("action").lstrip(".")
                raise InvalidReply(command, "an action the game refuses",
                                   f"actions.{i}" + (f".{field}" if field else ""),
                                   err.message, action) from None
            except Exception as err:  # the check cannot read it: refused
                raise InvalidReply(command, "an action the game refuses", f"actions.{i}",
                                   f"the action check fails on it ({type(err).__name__}: "
                                   f"{err})", action) from None


#: positions that passed, remembered per game (``ReplyChecks``)
_PASSED = 16


def _exact(value: Any) -> bytes | None:
    """The exact form of a JSON value as a key (``marshal`` version 0: ``1``, ``1.0`` and
    ``True`` differ, as in oracle.rocket.api), or None for what it cannot write."""
    try:
        return marshal.dumps(value, 0)
    except ValueError:
        return None


def reply_checks(game: str) -> ReplyChecks | None:
    """The checks for ``game``'s answers (built once per game and set of plug-ins); None
    for a game the oracle does not have, which cannot be checked."""
    from oracle.games import PLUGINS_ENV
    return _reply_checks(game, os.environ.get(PLUGINS_ENV, ""))


@cache
def _reply_checks(game: str, plugins: str) -> ReplyChecks | None:
    from oracle.games import get_game, registered_games
    if game not in registered_games():
        return None
    try:
        return ReplyChecks(get_game(game))
    except ImportError:
        return None


def _action_check(api: GameAPI) -> Callable[[Any], Any] | None:
    """The game's check of one action (``ReplyChecks``), or None."""
    hook = getattr(api, "validate_action", None)
    if callable(hook):
        return hook  # type: ignore[no-any-return]
    package = type(api).__module__.rpartition(".")[0]
    if not package:
        return None
    try:
        module = importlib.import_module(f"{package}.actions")
    except ImportError:
        return None
    decode = getattr(module, "action_from_json", None)
    return decode if callable(decode) else None


#: the first key a schema's ``additionalProperties`` refusal names (jsonschema's words)
_UNEXPECTED = re.compile(r"\('([^']*)'(?:, '[^']*')* (?:was|were) unexpected\)")


def _dotted(path: Sequence[str | int], whole: str) -> str:
    return ".".join(str(p) for p in path) or whole


def _at(value: Any, path: Sequence[str | int]) -> Any:
    """The value at a schema error's path (shortened): what the record shows."""
    for step in path:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return None
    text = json.dumps(value, default=str)
    return value if len(text) <= 300 else text[:300] + " ..."

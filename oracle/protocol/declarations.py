"""What an adapter's handshake declares, and the requests it therefore never gets
(docs/protocol.md, "Declaring what you support").

A request for a game or option value the handshake did not declare, or one that
touches a gap it declares (``games[].gaps``: an action type, a query, a command), is
answered ``Unsupported`` by the harness without being sent: a declared gap. Gaps are
declared before the first scenario, so an engine cannot choose them request by request
(an ``unsupported`` answer is an ``UndeclaredGap``: client.py).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from oracle.core.made import Made
from oracle.protocol.implementation import JSON, Unsupported
from oracle.protocol.levels import POSITIONS_GAP, V1_LEVEL, V2_DEFAULT_LEVEL

#: Commands an engine may declare as gaps by name (``games[].gaps``), beside
#: ``action:TYPE`` and ``query:NAME``.
GAP_COMMANDS = frozenset({"new_game", "load", "position", "legal_actions", "scores",
                          "game_over"})

#: Requests that carry a position, which a game declaring the gap ``positions`` may
#: decline at run time (``unsupported``, feature ``positions``) as a declared gap.
POSITION_COMMANDS = frozenset({"load", "apply", "position", "legal_actions", "scores",
                               "game_over", "query", "inspect"})


class Declarations:
    """One handshake's declarations, read once per game."""

    def __init__(self, hello: JSON) -> None:
        self._hello = hello
        #: game -> (option -> declared choices, the oracle's defaults, the declared gaps)
        self._games: dict[str, tuple[dict[str, Any], dict[str, Any], frozenset[str]]] = {}
        #: (cmd, game) -> whether the request may be declined as the gap ``positions``
        self._declines: dict[tuple[str, str], bool] = {}

    def _game(self, game: str) -> tuple[dict[str, Any], dict[str, Any], frozenset[str]]:
        found = self._games.get(game)
        if found is not None:
            return found
        entry = next((g for g in self._hello.get("games", []) if g.get("game") == game), None)
        if entry is None:
            raise Unsupported(f"game {game!r} is not declared in the handshake", f"game:{game}")
        found = ({o["name"]: o.get("choices", []) for o in entry.get("options", [])},
                 _oracle_defaults(game), frozenset(str(g) for g in entry.get("gaps") or ()))
        self._games[game] = found
        return found

    def check_options(self, game: str, options: Mapping[str, Any] | None) -> None:
        """Raise ``Unsupported`` for an undeclared game or option value."""
        declared, defaults, _ = self._game(game)
        for name, value in (options or {}).items():
            if name in declared:
                if value not in declared[name]:
                    raise Unsupported(f"option {name}={value!r} is not declared",
                                      f"option:{name}={_text(value)}")
            elif name not in defaults or defaults[name] != value:
                raise Unsupported(f"option {name!r} is not declared, so only its default is "
                                  f"supported", f"option:{name}={_text(value)}")

    @property
    def protocol(self) -> int:
        """The version the adapter speaks (1 or 2; the hello schema allows no other)."""
        version = self._hello.get("protocol")
        return version if isinstance(version, int) else 1

    def level(self) -> str:
        """``verdicts`` or ``reasons`` (oracle.protocol.levels): a v1 adapter speaks our
        reason codes (v1 required them); a v2 one says so, or is graded on verdicts."""
        if self.protocol < 2:
            return V1_LEVEL
        level = self._hello.get("level")
        return level if isinstance(level, str) else V2_DEFAULT_LEVEL

    def turns(self, game: str) -> str:
        """``explicit`` or ``decisions`` for ``game``: v1 adapters are explicit."""
        if self.protocol < 2:
            return "explicit"
        entry: dict[str, Any] = next(
            (g for g in self._hello.get("games", []) if g.get("game") == game), {})
        return "decisions" if entry.get("turns") == "decisions" else "explicit"

    def declines_positions(self, request: JSON) -> bool:
        """Whether ``unsupported`` with feature ``positions`` answers ``request`` as a
        declared gap: the game declares ``positions`` and the request carries one (found
        once per command and game: a fuzz step asks it of every request)."""
        cmd, game = request.get("cmd"), request.get("game")
        if not isinstance(cmd, str) or not isinstance(game, str):
            return False
        found = self._declines.get((cmd, game))
        if found is None:
            found = self._declines[cmd, game] = (
                self.protocol >= 2 and cmd in POSITION_COMMANDS
                and POSITIONS_GAP in self.gaps(game))
        return found

    def gaps(self, game: str) -> frozenset[str]:
        """The gaps declared for ``game`` (empty for an undeclared game)."""
        try:
            return self._game(game)[2]
        except Unsupported:
            return frozenset()

    def check_request(self, request: JSON) -> None:
        """Raise ``Unsupported`` for a request that touches a declared gap: the engine
        said in advance it does not do this, so it is never asked."""
        game = request.get("game")
        if not isinstance(game, str) or game not in self._games:
            return
        gaps = self._games[game][2]
        if not gaps:
            return
        feature = request_feature(request)
        if feature in gaps:
            raise Unsupported(f"the handshake declares {feature!r} a gap for {game!r}",
                              feature)


def position_options(position: Any) -> dict[str, Any] | None:
    """A position's option values, where it has any: its ``options``, and an 18xx
    position's ``title`` beside them (a title is declared as the option ``title``)."""
    if type(position) is Made:  # what its JSON would say, without the JSON
        return position.options()
    options = position.get("options") if isinstance(position, dict) else None
    values = dict(options) if isinstance(options, dict) else {}
    if isinstance(position, dict) and isinstance(position.get("title"), str):
        values["title"] = position["title"]
    return values or None


def request_feature(request: JSON) -> str:
    """The feature a request puts to the engine, as gaps name it: ``action:TYPE`` for
    an apply (or an inspect carrying an action), ``query:NAME``, else the command."""
    cmd = str(request.get("cmd"))
    action = request.get("action")
    if cmd in ("apply", "inspect") and isinstance(action, dict):
        return f"action:{action.get('type')}"
    if cmd == "query":
        return f"query:{request.get('name')}"
    return cmd


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _oracle_defaults(game: str) -> dict[str, Any]:
    """The oracle's option defaults for ``game`` (empty if the oracle lacks the game)."""
    from oracle.games import get_game, registered_games
    if game not in registered_games():
        return {}
    try:
        return {o.name: o.default for o in get_game(game).options()}
    except ImportError:
        return {}

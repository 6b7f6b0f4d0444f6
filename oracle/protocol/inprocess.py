"""The built-in oracle behind the Implementation interface (the default, fastest)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, cast

import oracle
from oracle.core.errors import IllegalAction, MalformedInput
from oracle.core.game import GameAPI, Pinning
from oracle.core.made import Listed, Made, Making, as_json
from oracle.games import PLUGINS_ENV, get_game, registered_games
from oracle.protocol.digests import from_keys, listed_digest
from oracle.protocol.implementation import (
    INSPECT_QUESTIONS,
    JSON,
    NOT_PINNED,
    Answers,
    Implementation,
    Malformed,
    Unsupported,
    Verdict,
)

#: GameAPI class -> whether it pins (``oracle.core.game.Pinning``)
_PINS: dict[type, bool] = {}


class InProcess(Implementation):
    """Calls the oracle directly; positions still cross as JSON, as over the wire."""

    def __init__(self, overrides: Mapping[str, GameAPI] | None = None,
                 games: Sequence[str] | None = None, name: str = "railrules-oracle") -> None:
        #: game name -> replacement GameAPI (used by mutants, and by tests for toy games)
        self._overrides = dict(overrides or {})
        self._name = name
        #: (game, plug-ins) -> the reference engine get_game gave
        self._found: dict[tuple[str, str], GameAPI] = {}
        #: the games this instance offers; by default every registered game and override
        self._games = list(games) if games is not None else sorted(
            set(registered_games()) | set(self._overrides))
        #: ``apply`` may answer with a ``Made`` (oracle.core.made): only while the fuzz
        #: lockstep of two in-process engines plays, which reads them (``Lockstep.play``)
        self.made = False
        #: ``legal_actions`` may answer with a ``Listed`` (the canonical texts alone):
        #: only while the lockstep plays, for its side B, whose listing it only compares,
        #: and for A where the chooser draws from texts (``lockstep.TextChooser``)
        self.texts = False
        #: (game, engine) while one ``start_inspect`` lasts: its questions look the
        #: engine up once (the plug-ins cannot change within one call)
        self._held: tuple[str, GameAPI] | None = None

    def _game(self, game: str) -> GameAPI:
        held = self._held
        if held is not None and held[0] == game:
            return held[1]
        if game not in self._games:
            raise Unsupported(f"game {game!r} is not offered here", f"game:{game}")
        override = self._overrides.get(game)
        if override is not None:
            return override
        # the reference engine, looked up once per set of plug-ins (every question of
        # a lockstep step asks for it; the plug-ins may change under a test)
        plugins = os.environ.get(PLUGINS_ENV, "")
        found = self._found.get((game, plugins))
        if found is None:
            found = self._found[game, plugins] = get_game(game)
        return found

    def hello(self) -> JSON:
        games = []
        for name in self._games:
            api = self._game(name)
            games.append({"game": name, "options": [o.to_json() for o in api.options()]})
        return {"name": self._name, "version": oracle.__version__,
                "language": "python", "level": self.level(), "games": games}

    def new_game(self, game: str, players: Sequence[str], options: Mapping[str, Any]) -> JSON:
        result: JSON = self._game(game).new_game(players, options)
        return result

    def check_position(self, game: str, position: JSON) -> Malformed | None:
        try:
            api = self._game(game)
            api.validate(as_json(position))
        except MalformedInput as err:
            return Malformed(err.field, err.message, err.rule)
        return None

    def legal_actions(self, game: str, position: JSON) -> list[JSON]:
        api = self._game(game)
        position = _read(api, position)
        listed = cast(Making, api).legal_listed(position) \
            if self.texts and hasattr(api, "legal_listed") else None
        if listed is not None:  # a ``Listed`` stands in for the list: only the lockstep
            return cast(list[JSON], listed)  # sees it
        result: list[JSON] = api.legal_actions(position)
        return result

    def listing_texts(self, game: str, position: JSON) -> list[str]:
        """The canonical listing where the engine writes one (``legal_listed``: its
        texts sorted already), else the listing's dicts written out."""
        api = self._game(game)
        listed = cast(Making, api).legal_listed(_read(api, position)) \
            if hasattr(api, "legal_listed") else None
        if listed is None:
            return super().listing_texts(game, position)
        return from_keys(listed.texts)

    def listing_digest(self, game: str, position: JSON) -> tuple[str, int]:
        """From the canonical listing's groups where the engine writes one
        (``digests.listed_digest``), else as any implementation."""
        api = self._game(game)
        listed = cast(Making, api).legal_listed(_read(api, position)) \
            if hasattr(api, "legal_listed") else None
        found = listed_digest(listed.groups) if listed is not None else None
        if found is not None:
            return found
        return super().listing_digest(game, position)

    def batches(self) -> bool:
        """Yes: in one process ``start_inspect`` costs no more than single questions, and
        its questions about the position its ``apply`` made may be ``pinned``."""
        return True

    def start_inspect(self, game: str, position: JSON, ask: Sequence[str],
                      action: JSON | None = None) -> Callable[[], Answers]:
        api = self._game(game)
        if ask is INSPECT_QUESTIONS and self.made and self.texts and type(self) is InProcess \
                and _makes(api) and (action is not None or type(cast(Any, position)) is Made):
            answers = self._inspect_made(cast(Making, api), position, action)
            if answers is not None:
                return lambda: answers
        outer = self._held
        self._held = (game, api)
        try:
            return super().start_inspect(game, position, ask, action)
        finally:
            self._held = outer

    @staticmethod
    def _inspect_made(api: Making, position: JSON, action: JSON | None) -> Answers | None:
        """``start_inspect`` of every question while the lockstep plays, for an engine
        that makes ``Made`` positions and ``Listed`` listings: each question asked of
        the engine directly, as ``apply``, ``legal_actions``, ``scores`` and
        ``game_over`` ask it, without the generic loop's layers (a fifth of the
        lockstep's own work a step). The same answers and errors: such an engine raises
        no ``ImplementationOutcome``, and what else it raises goes to the caller, as
        there; the questions are about a ``Made``, which nothing pins. None where the
        engine makes no ``Made`` of this position after all (a subclass): asked the
        generic way."""
        position = _read(cast(GameAPI, api), position)
        if action is not None:
            try:
                made = api.apply_made(position, action)
            except IllegalAction as err:
                return {"apply": Verdict.refuse(err.code, err.ruling, err.reason)}
            if made is None:
                return None
            answers: Answers = {"apply": Verdict.accept(cast(JSON, made))}
            position = cast(JSON, made)
        else:
            answers = {}
        game_api = cast(GameAPI, api)
        listed = api.legal_listed(position)
        answers["legal_actions"] = listed if listed is not None \
            else game_api.legal_actions(position)
        answers["scores"] = game_api.scores(position)
        answers["game_over"] = bool(game_api.game_over(position))
        return answers

    def inspect_digests(self, game: str, position: JSON, action: JSON,
                        ask: Sequence[str]) -> tuple[JSON, Any] | None:
        """``Implementation.inspect_digests`` for an engine that makes ``Made``
        positions and ``Listed`` listings: the step's questions asked of the engine
        directly (``_inspect_made``), without the server's envelope, context and
        dispatch per question (a tenth of a served step), and written as the server
        writes their parts. None for a subclass (every mutant), an engine that makes no
        ``Made``, a listing ``listed_digest`` does not write, and any failure but a
        refusal: the server then asks the generic way, which answers each failure in
        its own part (the engine is pure: asking again changes nothing)."""
        if type(self) is not InProcess:
            return None
        try:
            api = self._game(game)
        except Unsupported:  # a game not offered: each part says so (the generic way)
            return None
        if not _makes(api) or not hasattr(api, "made_digest"):
            return None
        making = cast(Making, api)
        try:
            answers = self._inspect_made(making, position, action)
            if answers is None:
                return None
            verdict = answers["apply"]
            if not verdict.accepted:
                return {"apply": {"result": verdict.refusal_json()}}, None
            made = verdict.position
            digest = making.made_digest(cast(Made[Any], made))
            listed = answers["legal_actions"]
            found = listed_digest(listed.groups) if type(listed) is Listed else None
            if digest is None or found is None:
                return None
            each: JSON = {"legal_actions": {"digest": found[0], "count": found[1]},
                          "scores": {"scores": answers["scores"]},
                          "game_over": {"over": answers["game_over"]}}
            parts: JSON = {"apply": {"result": {"accepted": True, "digest": digest}}}
            for question in ask:
                parts[question] = {"result": each[question]}
        except Exception:  # (a question it does not know, too: the generic way)
            return None
        return parts, made

    @contextlib.contextmanager
    def holding(self, game: str) -> Iterator[None]:
        """The engine looked up once for the block (a game not offered is looked up,
        and refused, question by question, as without it)."""
        outer = self._held
        try:
            self._held = (game, self._game(game))
        except Unsupported:
            self._held = outer
        try:
            yield
        finally:
            self._held = outer

    def _answer(self, question: str, game: str, position: JSON,
                action: JSON | None = None) -> Any:
        """Each question called directly (every question of an in-process lockstep
        step comes this way), but where a subclass answers through ``start``."""
        if type(self) is not InProcess:
            return super()._answer(question, game, position, action)
        if question == "apply":
            return self.apply(game, position, cast(JSON, action))
        asked = _ASKED.get(question)
        return asked(self, game, position) if asked is not None \
            else super()._answer(question, game, position, action)

    def start(self, question: str, game: str, position: JSON,
              action: JSON | None = None) -> Callable[[], Any]:
        """``Implementation.start``, each question called directly (this is every
        question of an in-process lockstep step)."""
        if question == "legal_actions":
            answer: Any = self.legal_actions(game, position)
        elif question == "scores":
            answer = self.scores(game, position)
        elif question == "game_over":
            answer = self.game_over(game, position)
        else:
            return super().start(question, game, position, action)
        return lambda: answer

    def position_digest(self, game: str, position: JSON) -> str:
        """A ``Made`` of the engine's own by the digest it writes from the state it
        holds (``made_digest``: no JSON built), else as any implementation."""
        made: Any = position
        if type(made) is Made:
            api = self._game(game)
            digest = cast(Making, api).made_digest(made) \
                if hasattr(api, "made_digest") else None
            if digest is not None:
                return digest
        return super().position_digest(game, position)

    @contextlib.contextmanager
    def making(self) -> Iterator[None]:
        """``apply`` answers with a ``Made`` where the engine makes one (a subclass,
        which may read positions its own way, never does), as before after."""
        if type(self) is not InProcess:
            yield
            return
        outer, self.made = self.made, True
        try:
            yield
        finally:
            self.made = outer

    def pinned(self, game: str, position: JSON) -> contextlib.AbstractContextManager[None]:
        made: Any = position
        if type(made) is Made:  # read from the state it holds anyway: nothing to pin
            return NOT_PINNED
        api = self._game(game)
        pins = _PINS.get(type(api))
        if pins is None:  # a protocol isinstance check walks the protocol: once per type
            pins = _PINS[type(api)] = isinstance(api, Pinning)
        return cast(Pinning, api).pinned(position) if pins else NOT_PINNED

    def apply(self, game: str, position: JSON, action: JSON) -> Verdict:
        api = self._game(game)
        position = _read(api, position)
        try:
            made = cast(Making, api).apply_made(position, action) \
                if self.made and hasattr(api, "apply_made") else None
            # a ``Made`` stands in for the position's JSON: only the lockstep sees it
            return Verdict.accept(api.apply(position, action) if made is None
                                  else cast(JSON, made))
        except IllegalAction as err:
            return Verdict.refuse(err.code, err.ruling, err.reason)

    def scores(self, game: str, position: JSON) -> JSON:
        api = self._game(game)
        result: JSON = api.scores(_read(api, position))
        return result

    def canonical(self, game: str, position: JSON) -> JSON:
        """The game's own canonical form (every game API has one; docs/protocol.md)."""
        api = self._game(game)
        result: JSON = api.canonical(_read(api, position))
        return result

    def query(self, game: str, position: JSON, name: str, args: JSON) -> JSON:
        api = self._game(game)
        if name not in api.queries():
            raise Unsupported(f"game {game!r} answers no query {name!r}", f"query:{name}")
        return api.query(as_json(position), name, args)

    def game_over(self, game: str, position: JSON) -> bool:
        api = self._game(game)
        return bool(api.game_over(_read(api, position)))


#: an inspect's question -> the method answering it (``InProcess._inspect``)
_ASKED: Final[dict[str, Callable[[InProcess, str, JSON], Any]]] = {
    "legal_actions": InProcess.legal_actions, "scores": InProcess.scores,
    "game_over": InProcess.game_over}


def _makes(api: GameAPI) -> bool:
    """Whether ``api`` makes ``Made`` positions and ``Listed`` listings (``Making``),
    known once per class."""
    found = _MAKES.get(type(api))
    if found is None:
        found = _MAKES[type(api)] = all(hasattr(api, name) for name in (
            "apply_made", "legal_listed"))
    return found


#: GameAPI class -> whether it makes ``Made`` positions (``_makes``)
_MAKES: dict[type, bool] = {}


def _read(api: GameAPI, position: JSON) -> JSON:
    """``position`` for ``api``: a ``Made`` of its own as it is (it reads the state the
    ``Made`` holds), anybody else's as its JSON."""
    made: Any = position
    if type(made) is Made and made.maker is not cast(object, api):
        return made.json()
    return position

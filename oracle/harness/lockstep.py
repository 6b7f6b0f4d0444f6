"""Two implementations played in lockstep, compared after every action.

Implementation A chooses: the player picks among A's legal actions (sorted by their
canonical JSON, so the order an engine lists them in does not matter). After every
action both sides' verdicts, positions, legal-action sets, scores and game-over flags
are compared; the first difference is a ``Divergence``. The interface is stateless,
so where B declares a query or an action unsupported the harness goes on from A's
answer (B is handed A's position next time): a partial engine is still compared on
everything it does answer. Neither registered game has chance; a game that had some
would take it from the harness's seeded ``random.Random`` like every choice here.
Where B declares the protocol's optional ``inspect`` (docs/protocol.md), a step is one
request to B (the action, then the questions about the position it makes) instead of
four; what is compared, and in what order, is the same.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import orjson

from oracle.core.wire_json import PASS_THROUGH as _PASS_THROUGH
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import (
    INSPECT_QUESTIONS,
    JSON,
    Answers,
    Errored,
    Implementation,
    ImplementationOutcome,
    InvalidReply,
    Skipped,
    Unsupported,
    Verdict,
)
from oracle.protocol.inprocess import InProcess

#: picks the action at ``step`` from A's sorted legal actions (None: stop the game)
Chooser = Callable[[int, list[JSON]], JSON | None]
_GAP = object()  # "this side declared the request unsupported"
#: the two sides' answers to one question (``_GAP`` where a side declares it unsupported)
Both = Callable[[str], tuple[Any, Any]]


_SORTED: Final = orjson.OPT_SORT_KEYS | _PASS_THROUGH


def key(value: Any) -> str:
    """One canonical text for a JSON value (sorted keys, no spaces): the text of
    ``json.dumps(value, sort_keys=True, separators=(",", ":"))``, floats' spelling
    aside (``1e16`` for ``1e+16``: the same double, and one spelling per double).
    orjson writes it, some eight times quicker (every legal action of A is keyed at
    every step); the standard module writes whatever orjson writes otherwise or not
    at all: non-ASCII text and DEL (escaped by the standard module), NaN and the
    infinities (orjson writes ``null``, so any ``null`` goes the slow way), integers
    past 64 bits, keys that are no strings, and subclasses of the JSON types."""
    try:
        text = orjson.dumps(value, option=_SORTED)
        if text.isascii() and b"\x7f" not in text and b"null" not in text:
            return text.decode("ascii")
    except orjson.JSONEncodeError:
        pass
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def short(value: Any, limit: int = 300) -> Any:
    text = key(value)
    return value if len(text) <= limit else text[:limit] + "..."


def position_diff(a: Any, b: Any, path: str = "", out: list[JSON] | None = None,
                  limit: int = 12) -> list[JSON]:
    """The paths where two JSON values differ, with both values (at most ``limit``)."""
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            position_diff(a.get(k, "<absent>"), b.get(k, "<absent>"), f"{path}.{k}", out, limit)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            position_diff(x, y, f"{path}[{i}]", out, limit)
    elif a != b:
        out.append({"path": path.lstrip(".") or "(root)", "a": short(a), "b": short(b)})
    return out


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first difference: after ``step`` actions, on ``kind``."""

    step: int
    #: new_game | legal_actions | verdict | position | scores | game_over | error |
    #: invalid (a side handed back what the game's own checks refuse: ``InvalidReply``)
    kind: str
    detail: JSON

    def to_json(self) -> JSON:
        return {"step": self.step, "kind": self.kind, "detail": self.detail}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Divergence:
        return cls(int(data["step"]), str(data["kind"]), dict(data.get("detail") or {}))

    def summary(self) -> str:
        return f"{self.kind} differs after {self.step} action{'s' * (self.step != 1)}"


@dataclass
class Played:
    """One lockstep game: the actions applied, A's index of each among its sorted
    legal actions (what the shrinker edits), and how it ended."""

    players: list[str]
    options: JSON
    actions: list[JSON] = field(default_factory=list)
    choices: list[int] = field(default_factory=list)
    divergence: Divergence | None = None
    over: bool = False
    #: requests B declared unsupported (the harness went on from A's answer)
    gaps: int = 0
    notes: list[str] = field(default_factory=list)
    #: the position the game started from, where it did not start from a new game (a
    #: game's ``openings``: oracle.core.game.GameModule)
    start: JSON | None = None

    @property
    def outcome(self) -> str:
        if self.divergence is not None:
            return "diverged"
        return "agree" if self.over else "capped"


class SideError(Exception):
    """Implementation A cannot drive a game (it declines legal actions or new games)."""


class _Step:
    """Both sides' answers about one step, where B answers them in one ``inspect``
    request (docs/protocol.md). ``both`` gives them question by question, raising
    each failure where asking one question at a time would have raised it: A's
    before B's, a declared gap as ``_GAP`` (A's ``apply`` excepted, as in ``_both``)."""

    __slots__ = ("a", "b")

    def __init__(self, a: Answers, b: Answers | ImplementationOutcome) -> None:
        self.a, self.b = a, b

    def both(self, question: str) -> tuple[Any, Any]:
        a = self.a[question]  # A stops only where its failure was raised first
        if isinstance(a, ImplementationOutcome):
            if question == "apply" or not isinstance(a, Unsupported | Skipped):
                raise a
            a = _GAP
        b = self.b if isinstance(self.b, ImplementationOutcome) else self.b.get(question)
        if isinstance(b, Unsupported | Skipped):
            return a, _GAP
        if isinstance(b, ImplementationOutcome):
            raise b
        if b is None:  # the adapter checks every part owed; none is owed after a gap
            raise AssertionError(f"B gave no answer to {question!r}")
        return a, b


class Lockstep:
    """A (the chooser) and B (the reference) on one game."""

    def __init__(self, a: Implementation, b: Implementation, game: str) -> None:
        self.a, self.b, self.game = a, b, game
        # Against the reference oracle a side's legal actions are compared by their exact
        # text (``key``): equal to the oracle's, they are valid; else a divergence. So the
        # client's own check of each action (docs/protocol.md, "Validation") would only
        # cost time (a third of a served rocket game's). Positions stay checked: they are
        # compared with ``==``, which takes ``1``, ``1.0`` and ``true`` for one another.
        for side, other in ((a, b), (b, a)):
            if isinstance(side, ProtocolClient) and _reference(other):
                side.check_actions = False
        #: the canonical keys of A's sorted legal actions at the current step, and their set
        self._keys: list[str] = []
        self._key_set: set[str] = set()

    def _ask(self, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except (Unsupported, Skipped):
            return _GAP

    def _both(self, question: str, pa: JSON, pb: JSON,
              action: JSON | None = None) -> tuple[Any, Any]:
        """A's answer and B's (``_GAP`` where a side declares the request unsupported;
        A's apply may not be). B is asked first and answered last: a served B works
        out its answer while A works out its own, on the other core. A failure is
        raised as if A had been asked first: A's before B's, and B's reply is read
        either way, so the wire stays in step."""
        try:
            b_reply = self.b.start(question, self.game, pb, action)
        except ImplementationOutcome as err:
            b_error = err  # raised after A has answered, as when A was asked first

            def b_failed() -> Any:
                raise b_error
            b_reply = b_failed
        try:
            a = self.a.start(question, self.game, pa, action)()
        except (Unsupported, Skipped):
            if question == "apply":
                self._drain(b_reply)
                raise
            a = _GAP
        except BaseException:
            self._drain(b_reply)
            raise
        return a, self._ask(b_reply)

    def _inspect(self, pa: JSON, pb: JSON, action: JSON | None) -> _Step:
        """Both sides' answers about one step: the action (if any) applied, then every
        question about the new positions. B's one request goes first and its reply is
        read last, as in ``_both``; A is asked through ``start_inspect`` too."""
        try:
            b_reply = self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS, action)
        except ImplementationOutcome as b_error:
            def b_failed(err: ImplementationOutcome = b_error) -> Answers:
                raise err
            b_reply = b_failed
        try:
            a = self.a.start_inspect(self.game, pa, INSPECT_QUESTIONS, action)()
        except ImplementationOutcome as err:  # A's whole request failed: every answer is
            a = {q: err for q in (("apply",) if action is not None else INSPECT_QUESTIONS)}
        except BaseException:
            self._drain(b_reply)
            raise
        b: Answers | ImplementationOutcome
        try:
            b = b_reply()
        except ImplementationOutcome as err:
            b = err
        return _Step(a, b)

    def _b_answers(self, pb: JSON) -> Answers | ImplementationOutcome:
        """B's answers about ``pb`` alone (B declined the action, so it is handed A's
        position, as ``_both`` does)."""
        try:
            return self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS)()
        except ImplementationOutcome as err:
            return err

    @staticmethod
    def _drain(reply: Callable[[], Any]) -> None:
        """Read a reply nobody will use (A failed first), so the next request is clean."""
        with contextlib.suppress(ImplementationOutcome, InvalidReply):
            reply()

    def play(self, players: Sequence[str], options: Mapping[str, Any], choose: Chooser,
             max_actions: int, start: JSON | None = None) -> Played:
        """Play until the game ends, ``choose`` stops, ``max_actions`` or a divergence;
        from ``start`` (both sides are handed that position) or else a new game."""
        played = Played(list(players), dict(options), start=start)
        try:
            self._play(played, choose, max_actions)
        except ImplementationOutcome as err:  # one side errored, crashed or timed out
            played.divergence = Divergence(len(played.actions), "error", {
                "outcome": err.outcome, "message": err.message[:500]})
        except InvalidReply as err:  # a wrong answer whatever the other side says
            played.divergence = Divergence(len(played.actions), "invalid", {
                "command": err.command, "field": err.field, "message": err.message[:500]})
        return played

    def _play(self, played: Played, choose: Chooser, max_actions: int) -> None:
        g = self.game
        if played.start is not None:
            # each side its own copy: neither can change the other's
            self._play_from(played, choose, max_actions, copy.deepcopy(played.start),
                            copy.deepcopy(played.start))
            return
        pa = self._ask(lambda: self.a.new_game(g, played.players, played.options))
        try:
            pb = self._ask(lambda: self.b.new_game(g, played.players, played.options))
        except Errored as err:  # B declares the game but makes no new games (a partial
            # port that only loads positions): it is handed A's, and the gap is counted
            played.notes.append(f"B new_game: {err.message[:200]}")
            pb = _GAP
        if pa is _GAP and pb is _GAP:
            raise SideError("neither implementation makes new games")
        if pa is not _GAP and pb is not _GAP and pa != pb:
            played.divergence = Divergence(0, "new_game", {"diff": position_diff(pa, pb)})
            return
        if pa is _GAP or pb is _GAP:
            played.gaps += 1
        pa = pb if pa is _GAP else pa
        pb = pa if pb is _GAP else pb
        self._play_from(played, choose, max_actions, pa, pb)

    def _play_from(self, played: Played, choose: Chooser, max_actions: int, pa: JSON,
                   pb: JSON) -> None:
        step = 0
        # B declares ``inspect``: one request a step (the action and the questions about
        # the position it makes) instead of four; the answers are compared in the same
        # order, so a divergence is found at the same step with the same kind.
        batch = self.b.batches()
        pending = self._inspect(pa, pb, None) if batch else None
        while True:
            found = self._compare(played, step, self._asker(pending, pa, pb))
            if found is None:
                return
            legal = found
            if played.over or not legal or step >= max_actions:
                return
            action = choose(step, legal)
            if action is None:
                return
            try:
                if batch:
                    pending = self._inspect(pa, pb, action)
                    va, vb = pending.both("apply")
                else:
                    va, vb = self._both("apply", pa, pb, action)
            except InvalidReply:  # about the position the action makes: in the trace,
                self._played(played, action)  # so a replay (the shrinker) reaches it
                raise
            self._played(played, action)
            step += 1
            b_declined = vb is _GAP
            if b_declined:
                played.gaps += 1
                vb = va
            if va.accepted != vb.accepted or (not va.accepted and va.code != vb.code):
                played.divergence = Divergence(step, "verdict", {
                    "action": action, "a": _verdict_json(va), "b": _verdict_json(vb)})
                return
            if not va.accepted:
                return  # both refused alike (a replayed trace): nothing more to play
            assert va.position is not None and vb.position is not None
            if va.position != vb.position:
                played.divergence = Divergence(step, "position", {
                    "action": action, "diff": position_diff(va.position, vb.position)})
                return
            pa, pb = va.position, vb.position
            if pending is not None and b_declined:
                pending = _Step(pending.a, self._b_answers(pb))

    def _played(self, played: Played, action: JSON) -> None:
        """Add ``action`` to the trace, with A's index of it among its sorted actions."""
        played.actions.append(action)
        chosen = key(action)
        played.choices.append(self._keys.index(chosen) if chosen in self._key_set else 0)

    def _asker(self, pending: _Step | None, pa: JSON, pb: JSON) -> Both:
        """Where the questions about the current positions are answered: the step's
        ``inspect`` answers, or one request per question."""
        if pending is not None:
            return pending.both
        return lambda question: self._both(question, pa, pb)

    def _compare(self, played: Played, step: int, both: Both) -> list[JSON] | None:
        """Compare the queries on the current positions; A's sorted legal actions, or
        None after recording a divergence."""
        la, lb = both("legal_actions")
        if la is _GAP:
            raise SideError("implementation A must answer legal_actions: it chooses the moves")
        # Each action is keyed once (its canonical text): sorting, comparing the two
        # sets and finding the chosen action's index all reuse the keys.
        keyed = sorted(((key(x), x) for x in la), key=lambda kx: kx[0])
        legal = [x for _, x in keyed]
        self._keys = [k for k, _ in keyed]
        self._key_set = ka = set(self._keys)
        if lb is _GAP:
            played.gaps += 1
        elif key(la) != key(lb):  # the same list in the same order needs no more
            kb = {key(x) for x in lb}
            if ka != kb or len(la) != len(lb):
                played.divergence = Divergence(step, "legal_actions", {
                    "count_a": len(la), "count_b": len(lb),
                    "only_a": [json.loads(x) for x in sorted(ka - kb)][:20],
                    "only_b": [json.loads(x) for x in sorted(kb - ka)][:20]})
                return None
        sa, sb = both("scores")
        if sa is not _GAP and sb is not _GAP and sa != sb:
            played.divergence = Divergence(step, "scores", {"a": sa, "b": sb})
            return None
        oa, ob = both("game_over")
        if oa is not _GAP and ob is not _GAP and oa != ob:
            played.divergence = Divergence(step, "game_over", {"a": oa, "b": ob})
            return None
        over = oa if oa is not _GAP else ob if ob is not _GAP else not legal
        played.over = bool(over)
        return legal


def _reference(impl: Implementation) -> bool:
    """The built-in oracle as it ships: in process, no game engine replaced."""
    return type(impl) is InProcess and not impl._overrides


def _verdict_json(v: Verdict) -> JSON:
    if v.accepted:
        return {"accepted": True}
    return {"accepted": False, "code": v.code, "ruling": v.ruling, "reason": v.reason}


def replay_chooser(actions: Sequence[JSON]) -> Chooser:
    """Plays ``actions`` in order, whether or not A lists them, then stops."""
    return lambda step, legal: actions[step] if step < len(actions) else None


def index_chooser(indices: Sequence[int]) -> Chooser:
    """Plays A's ``indices[step]``-th legal action (modulo their number), then stops."""
    return lambda step, legal: legal[indices[step] % len(legal)] if step < len(indices) \
        else None

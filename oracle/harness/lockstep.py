"""Two implementations played in lockstep, compared after every action.

Implementation A chooses: the player picks among A's legal actions (sorted by their
canonical JSON, so the order an engine lists them in does not matter), or B's where A
declines to list them. After every action both sides' verdicts, positions,
legal-action sets, scores and game-over flags are compared; the first difference is a
``Divergence``. The interface is stateless, so where one side declines a request (it
answers ``unsupported`` or ``skipped``, or its handshake declares the gap) the harness
goes on from the other side's answer (the decliner is handed that position next time):
a partial engine is still compared on everything it does answer, on either side, and
``Played`` counts each gap by side and feature. A game stops, with nothing differing,
only where neither side answers what the game needs (a new game, the legal actions,
the action chosen). Neither registered game has chance; a game that had some
would take it from the harness's seeded ``random.Random`` like every choice here.
Where B declares the protocol's optional ``inspect`` (docs/protocol.md), a step is one
request to B (the action, then the questions about the position it makes) instead of
four; what is compared, and in what order, is the same. Where A is the oracle in
process and the chooser draws from texts (``TextChooser``), A lists its actions as
their canonical texts (``Listed``), which are sorted, compared and chosen from as
they are: the same keys, the same draws, no dict per action (docs/fuzz.md, "Speed").
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, Final, Protocol, cast

from oracle.core.made import Listed, as_json, same
from oracle.harness.canonical_keys import key, keyed, keys
from oracle.harness.lockstep_played import (
    HOWS,
    Divergence,
    Played,
    action_feature,
    how_declined,
    position_summary,
)
from oracle.protocol.client import ProtocolClient
from oracle.protocol.decisions import Decisions
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

__all__ = ["Both", "Chooser", "Divergence", "Lockstep", "Played", "TextChooser",
           "index_chooser", "key", "position_diff", "replay_chooser", "short"]

#: picks the action at ``step`` from A's sorted legal actions (None: stop the game)
Chooser = Callable[[int, list[JSON]], JSON | None]
#: the two sides' answers to one question (a ``_Gap`` where a side declines it)
Both = Callable[[str], tuple[Any, Any]]


class TextChooser(Protocol):
    """A ``Chooser`` that can also draw from the sorted actions' canonical texts
    (``from_texts``: the action chosen, as JSON, or None), with the same draws as
    from the actions themselves. Where the chooser has it, a lockstep of two
    in-process engines has A list its actions as texts too (``InProcess.texts``)."""

    def __call__(self, step: int, legal: list[JSON]) -> JSON | None: ...

    def from_texts(self, step: int, texts: list[str]) -> JSON | None: ...


class _Gap:
    """A side declined the request; ``how`` is one of ``HOWS``."""

    __slots__ = ("how",)

    def __init__(self, how: str) -> None:
        self.how = how


_GAPS: Final = {how: _Gap(how) for how in HOWS}
_first: Final = itemgetter(0)


def _gap(err: ImplementationOutcome) -> _Gap:
    return _GAPS[how_declined(err)]


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


class _Step:
    """Both sides' answers about one step, where B answers them in one ``inspect``
    request (docs/protocol.md). ``both`` gives them question by question, raising
    each failure where asking one question at a time would have raised it: A's
    before B's, a declined request as a ``_Gap``, as in ``_both``."""

    __slots__ = ("a", "b")

    def __init__(self, a: Answers, b: Answers | ImplementationOutcome) -> None:
        self.a, self.b = a, b

    def both(self, question: str) -> tuple[Any, Any]:
        a = self.a[question]  # A stops only where its failure was raised first
        if isinstance(a, ImplementationOutcome):
            if not isinstance(a, Unsupported | Skipped):
                raise a
            a = _gap(a)
        b = self.b if isinstance(self.b, ImplementationOutcome) else self.b.get(question)
        if isinstance(b, Unsupported | Skipped):
            return a, _gap(b)
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
        #: B is an engine behind the protocol and A the reference oracle: B's position
        #: equal to A's, types exact, is the oracle's own and needs no check of its own
        self._reference_b = isinstance(b, ProtocolClient) and _reference(a)
        self.codes = True
        self._conventions(a, b)
        #: the canonical keys of the sorted legal actions chosen from
        self._keys: list[str] = []
        #: the actions chosen from are A's texts (``Listed``): ``TextChooser.from_texts``
        self._texts = False
        #: the action being applied (a side failing then: the error names it)
        self._trying: JSON | None = None
        #: where a list: each position a game reaches, before each action (A's, which
        #: is B's until they differ), for the shrinker to start its replays from
        self.positions: list[JSON] | None = None

    def _conventions(self, a: Implementation, b: Implementation) -> None:
        """Protocol v2 (docs/protocol.md, "Version 2"): where one side plays forced passes
        itself (``turns: decisions``) and the other waits for them, the other is seen at
        its decisions (``Decisions``: its own forced passes, played by itself), so the
        two compare decision for decision; a refusal's code is compared only where both
        sides speak our reason codes (level ``reasons``). A side that cannot even say
        (its handshake fails) is taken as explicit: its failure shows in play."""
        try:
            turns = (a.turns(self.game), b.turns(self.game))
            self.codes = a.level() == "reasons" and b.level() == "reasons"
        except ImplementationOutcome:
            return
        if turns == ("explicit", "decisions"):
            self.a = Decisions(a)
        elif turns == ("decisions", "explicit"):
            self.b = Decisions(b)

    def _ask(self, call: Callable[[], Any]) -> Any:
        try:
            return call()
        except (Unsupported, Skipped) as err:
            return _gap(err)

    def _both(self, question: str, pa: JSON, pb: JSON,
              action: JSON | None = None) -> tuple[Any, Any]:
        """A's answer and B's (a ``_Gap`` where a side declines the request). B is asked
        first and answered last: a served B works out its answer while A works out its
        own, on the other core. A failure is raised as if A had been asked first: A's
        before B's, and B's reply is read either way, so the wire stays in step."""
        try:
            b_reply = self.b.start(question, self.game, pb, action)
        except ImplementationOutcome as err:
            b_error = err  # raised after A has answered, as when A was asked first

            def b_failed() -> Any:
                raise b_error
            b_reply = b_failed
        try:
            a = self.a.start(question, self.game, pa, action)()
        except (Unsupported, Skipped) as err:
            a = _gap(err)
        except BaseException:
            self._drain(b_reply)
            raise
        return a, self._ask(b_reply)

    def _inspect(self, pa: JSON, pb: JSON, action: JSON | None) -> _Step:
        """Both sides' answers about one step: the action (if any) applied, then every
        question about the new positions. B's one request goes first and its reply is
        read last, as in ``_both``; A is asked through ``start_inspect`` too."""
        # Each side's position is the object it returned (or the other side's, where it
        # declined), which the lockstep changes in no way and hands only to readers (the
        # trace, the shrinker's list): pinned, an in-process side reads it from the state
        # it made it from instead of keying its exact form again.
        try:
            with self.b.pinned(self.game, pb):
                b_reply = self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS, action)
        except ImplementationOutcome as b_error:
            def b_failed(err: ImplementationOutcome = b_error) -> Answers:
                raise err
            b_reply = b_failed
        try:
            with self.a.pinned(self.game, pa):
                a = self.a.start_inspect(self.game, pa, INSPECT_QUESTIONS, action)()
        except ImplementationOutcome as err:  # A's whole request failed: every answer is
            a = {q: err for q in (("apply",) if action is not None else INSPECT_QUESTIONS)}
        except BaseException:
            self._drain(b_reply)
            raise
        b: Answers | ImplementationOutcome
        # A (the reference oracle, in process) has made its position: a served B handing
        # back that very value is not checked again (ProtocolClient.reference_position)
        client = self.b if self._reference_b and isinstance(self.b, ProtocolClient) else None
        if client is not None:
            client.reference_position = _accepted_position(a.get("apply"))
        try:
            b = b_reply()
        except ImplementationOutcome as err:
            b = err
        finally:
            if client is not None:
                client.reference_position = None
        return _Step(a, b)

    def _b_answers(self, pb: JSON) -> Answers | ImplementationOutcome:
        """B's answers about ``pb`` alone (B declined the action, so it is handed A's
        position, as ``_both`` does)."""
        try:
            return self.b.start_inspect(self.game, pb, INSPECT_QUESTIONS)()
        except ImplementationOutcome as err:
            return err

    def _a_answers(self, pa: JSON) -> Answers:
        """A's answers about ``pa`` alone (A declined the action, so it is handed B's
        position, as ``_both`` does)."""
        try:
            return self.a.start_inspect(self.game, pa, INSPECT_QUESTIONS)()
        except ImplementationOutcome as err:
            return {q: err for q in INSPECT_QUESTIONS}

    @staticmethod
    def _drain(reply: Callable[[], Any]) -> None:
        """Read a reply nobody will use (A failed first), so the next request is clean."""
        with contextlib.suppress(ImplementationOutcome, InvalidReply):
            reply()

    def play(self, players: Sequence[str], options: Mapping[str, Any], choose: Chooser,
             max_actions: int, start: JSON | None = None) -> Played:
        """Play until the game ends, ``choose`` stops, ``max_actions``, a divergence, or
        neither side answers what the game needs (``Played.stopped``); from ``start``
        (both sides are handed that position) or else a new game."""
        played = Played(list(players), dict(options), start=start)
        self._trying = None
        # Two in-process engines answer ``apply`` with a ``Made`` (oracle.core.made)
        # while this game lasts: compared by their exact texts, no JSON built
        made = [side for side in (self.a, self.b) if type(side) is InProcess] \
            if type(self.a) is InProcess and type(self.b) is InProcess else []
        for side in made:
            side.made = True
        if made:  # B's listing is only compared: its texts alone (``Listed``)
            made[1].texts = True
        # A's too (in process, whoever B is) where the chooser draws from texts
        # (``TextChooser``): B's listing is keyed as before and compared with them
        texts_a = self.a if type(self.a) is InProcess \
            and callable(getattr(choose, "from_texts", None)) else None
        if texts_a is not None:
            texts_a.texts = True
        try:
            self._play(played, choose, max_actions)
        except ImplementationOutcome as err:  # one side errored, crashed or timed out
            detail: JSON = {"outcome": err.outcome, "message": err.message[:500]}
            step = len(played.actions)
            if self._trying is not None:  # while applying this action: named, and last in
                detail["action"] = self._trying  # the trace, so a replay (the shrinker)
                self._played(played, self._trying)  # reaches it
            played.divergence = Divergence(step, "error", detail)
        except InvalidReply as err:  # a wrong answer whatever the other side says
            played.divergence = Divergence(len(played.actions), "invalid", {
                "command": err.command, "field": err.field, "message": err.message[:500]})
        finally:
            for side in made:
                side.made = side.texts = False
            if texts_a is not None:
                texts_a.texts = False
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
            pb = _GAPS["errored"]
        if isinstance(pa, _Gap) and isinstance(pb, _Gap):
            played.decline("A", pa.how, "new_game", 0, None)
            played.decline("B", pb.how, "new_game", 0, None)
            played.stopped = "neither side makes a new game (a game with openings starts " \
                "from them instead: GameModule.openings)"
            return
        if not isinstance(pa, _Gap) and not isinstance(pb, _Gap) and pa != pb:
            played.divergence = Divergence(0, "new_game", {"diff": position_diff(pa, pb)})
            return
        if isinstance(pa, _Gap):
            played.decline("A", pa.how, "new_game", 0, pb)
            pa = pb
        if isinstance(pb, _Gap):
            played.decline("B", pb.how, "new_game", 0, pa)
            pb = pa
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
            if self.positions is not None:
                self.positions.append(as_json(pa))
            found = self._compare(played, step, self._asker(pending, pa, pb), pa)
            if found is None:
                return
            legal = found
            if played.over or not legal or step >= max_actions:
                return
            action = cast(TextChooser, choose).from_texts(step, legal) \
                if self._texts else choose(step, legal)
            if action is None:
                return
            self._trying = action
            try:
                if batch:
                    pending = self._inspect(pa, pb, action)
                    va, vb = pending.both("apply")
                else:
                    va, vb = self._both("apply", pa, pb, action)
            except InvalidReply:  # about the position the action makes: in the trace,
                self._played(played, action)  # so a replay (the shrinker) reaches it
                raise
            self._trying = None
            a_declined, b_declined = isinstance(va, _Gap), isinstance(vb, _Gap)
            if a_declined or b_declined:
                feature = action_feature(action)
                if a_declined:
                    played.decline("A", va.how, feature, step, pa, action)
                if b_declined:
                    played.decline("B", vb.how, feature, step, pb, action)
                if a_declined and b_declined:
                    played.stopped = (f"neither side applies {feature}: {key(action)[:300]}"
                                      f"; position: {position_summary(pa)}")
                    return
                played.declined_actions += 1
                va, vb = (vb, vb) if a_declined else (va, va)
            self._played(played, action)
            step += 1
            if va.accepted != vb.accepted or (not va.accepted and self.codes
                                              and va.code != vb.code):
                played.divergence = Divergence(step, "verdict", {
                    "action": action, "a": _verdict_json(va), "b": _verdict_json(vb)})
                return
            if not va.accepted:
                played.agreed_actions += not (a_declined or b_declined)
                return  # both refused alike (a replayed trace): nothing more to play
            assert va.position is not None and vb.position is not None
            if not same(va.position, vb.position):
                played.divergence = Divergence(step, "position", {
                    "action": action, "diff": position_diff(as_json(va.position),
                                                            as_json(vb.position))})
                return
            played.agreed_actions += not (a_declined or b_declined)
            pa, pb = va.position, vb.position
            if pending is not None and b_declined:
                pending = _Step(pending.a, self._b_answers(pb))
            elif pending is not None and a_declined:
                pending = _Step(self._a_answers(pa), pending.b)

    def _played(self, played: Played, action: JSON) -> None:
        """Add ``action`` to the trace, with its index among the sorted actions chosen
        from."""
        played.actions.append(action)
        try:
            played.choices.append(self._keys.index(key(action)))
        except ValueError:  # not among them (a replayed trace's action)
            played.choices.append(0)

    def _asker(self, pending: _Step | None, pa: JSON, pb: JSON) -> Both:
        """Where the questions about the current positions are answered: the step's
        ``inspect`` answers, or one request per question."""
        if pending is not None:
            return pending.both
        return lambda question: self._both(question, pa, pb)

    def _compare(self, played: Played, step: int, both: Both,
                 position: JSON) -> list[Any] | None:
        """Compare the queries on the current ``position`` (both sides'); the sorted
        legal actions to choose from (A's, or B's where A declines to list them), or
        None after recording a divergence or why the game stopped."""
        la, lb = both("legal_actions")
        a_gap, b_gap = isinstance(la, _Gap), isinstance(lb, _Gap)
        if a_gap:
            played.decline("A", la.how, "legal_actions", step, position)
        if b_gap:
            played.decline("B", lb.how, "legal_actions", step, position)
        if a_gap and b_gap:
            played.stopped = ("neither side lists the legal actions, so there is nothing "
                              f"to choose from; position: {position_summary(position)}")
            return None
        listed = lb if type(lb) is Listed else None  # B's texts alone (InProcess.texts)
        if type(la) is Listed:  # A's too: chosen from by their texts, no dicts at all
            return self._compare_texts(played, step, both, position, la, lb, b_gap)
        self._texts = False
        if a_gap:
            la = lb if listed is None else listed.json()
        # Each action is keyed once (its canonical text), all of A's at once: sorting,
        # comparing the two lists and sets and finding the chosen action's index all
        # reuse the keys.
        whole, texts = keyed(la)
        by_key = sorted(zip(texts, la, strict=True), key=_first)
        legal = [x for _, x in by_key]
        self._keys = [k for k, _ in by_key]
        if not a_gap and not b_gap and whole != (key(lb) if listed is None else
                                                 "[" + ",".join(listed.texts) + "]") \
                and not self._same_listing(played, step, self._keys,
                                           keys(lb) if listed is None else listed.texts):
            return None  # (the same list in the same order needs no more)
        return legal if self._rest(played, step, both, position, not legal) else None

    def _compare_texts(self, played: Played, step: int, both: Both, position: JSON,
                       la: Listed, lb: Any, b_gap: bool) -> list[Any] | None:
        """``_compare`` where A listed its actions as their canonical texts (``Listed``):
        the same comparisons; the sorted texts are chosen from."""
        self._texts = True
        self._keys = legal = sorted(la.texts)
        if not b_gap:  # B's texts, or its dicts keyed (a served B)
            texts_b = lb.texts if type(lb) is Listed else keys(lb)
            if la.texts != texts_b and not self._same_listing(played, step, legal, texts_b):
                return None  # (the same list in the same order needs no more)
        return legal if self._rest(played, step, both, position, not legal) else None

    @staticmethod
    def _same_listing(played: Played, step: int, texts_a: list[str],
                      texts_b: list[str]) -> bool:
        """Whether two listings (canonical texts) hold the same actions, as many; else
        the ``legal_actions`` divergence, naming the actions only one side lists."""
        ka, kb = set(texts_a), set(texts_b)
        if ka == kb and len(texts_a) == len(texts_b):
            return True
        played.divergence = Divergence(step, "legal_actions", {
            "count_a": len(texts_a), "count_b": len(texts_b),
            "only_a": [json.loads(x) for x in sorted(ka - kb)][:20],
            "only_b": [json.loads(x) for x in sorted(kb - ka)][:20]})
        return False

    def _rest(self, played: Played, step: int, both: Both, position: JSON,
              nothing_legal: bool) -> bool:
        """Compare the scores and game-over flags (after the legal actions); whether
        they agree (else the divergence is recorded). Sets ``played.over``."""
        sa, sb = both("scores")
        if self._gaps(played, "scores", step, position, sa, sb) and sa != sb:
            played.divergence = Divergence(step, "scores", {"a": sa, "b": sb})
            return False
        oa, ob = both("game_over")
        if self._gaps(played, "game_over", step, position, oa, ob) and oa != ob:
            played.divergence = Divergence(step, "game_over", {"a": oa, "b": ob})
            return False
        over = oa if not isinstance(oa, _Gap) else ob if not isinstance(ob, _Gap) \
            else nothing_legal
        played.over = bool(over)
        return True

    @staticmethod
    def _gaps(played: Played, question: str, step: int, position: JSON, a: Any,
              b: Any) -> bool:
        """Count either side's gap on ``question``; whether both answered it."""
        if isinstance(a, _Gap):
            played.decline("A", a.how, question, step, position)
        if isinstance(b, _Gap):
            played.decline("B", b.how, question, step, position)
        return not isinstance(a, _Gap) and not isinstance(b, _Gap)


def _reference(impl: Implementation) -> bool:
    """The built-in oracle as it ships: in process, no game engine replaced."""
    return type(impl) is InProcess and not impl._overrides


def _accepted_position(verdict: Any) -> JSON | None:
    """The position an accepted ``apply`` answer made, else None."""
    if isinstance(verdict, Verdict) and verdict.accepted:
        return verdict.position
    return None


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

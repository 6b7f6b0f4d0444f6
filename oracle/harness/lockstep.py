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

The parts: how the two sides are asked (``lockstep_sides``), what is compared about a
position (``lockstep_compare``), and what a game leaves (``lockstep_played``); here,
the game played step by step.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

from oracle.core.made import Listed, as_json, same
from oracle.core.wire_json import loads_plain
from oracle.harness.canonical_keys import key
from oracle.harness.lockstep_compare import Comparing
from oracle.harness.lockstep_digests import Digests
from oracle.harness.lockstep_played import (
    Divergence,
    Played,
    action_feature,
    position_diff,
    position_summary,
    short,
)
from oracle.harness.lockstep_sides import _GAPS, Both, _Gap, _Step
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import (
    JSON,
    Errored,
    Implementation,
    ImplementationOutcome,
    InvalidReply,
    Verdict,
)
from oracle.protocol.inprocess import InProcess

__all__ = ["Both", "Chooser", "Divergence", "Lockstep", "Played", "TextChooser",
           "index_chooser", "key", "position_diff", "replay_chooser", "short"]

#: picks the action at ``step`` from A's sorted legal actions (None: stop the game)
Chooser = Callable[[int, list[JSON]], JSON | None]


class TextChooser(Protocol):
    """A ``Chooser`` that can also draw from A's listing as canonical texts in
    canonical order (``from_listed``: the place in ``Listed.texts`` of the action
    chosen, or None), with the same draws as from the sorted actions themselves.
    Where the chooser has it, an in-process A lists its actions as texts
    (``InProcess.texts``)."""

    def __call__(self, step: int, legal: list[JSON]) -> JSON | None: ...

    def from_listed(self, step: int, listed: Listed) -> int | None: ...


class Lockstep(Digests, Comparing):
    """A (the chooser) and B (the reference) on one game."""

    #: start each step before B's reply about the one before is read, where B answers
    #: by digests, declares ``pipelining`` and A lists texts (``_ahead``); off (the
    #: default: ``railrules fuzz --send-ahead`` turns it on), each reply is read first.
    #: The same games, comparisons and draws either way
    #: (tests/harness/test_lockstep_ahead.py).
    sends_ahead = False
    #: start each step once B's reply about the one before has come in full, before it
    #: is parsed, checked and compared (where B answers by digests, declares
    #: ``pipelining`` and A lists texts: ``_ahead``, ``ProtocolClient.collect``): B
    #: works on the next step while the harness checks this one, and learns nothing
    #: before it has answered. On by default; the same games, comparisons and draws
    #: either way (tests/harness/test_lockstep_ahead.py).
    overlaps = True
    #: seconds each wait for a served side's reply asks its pipe without sleeping first,
    #: while a game lasts (oracle/protocol/polling.py): some 20 us less a wake-up, two
    #: a step; 0 (the default here) sleeps at once. ``railrules fuzz`` sets it with one
    #: job (``--poll-us``), where the harness has a core to hold.
    polls = 0.0

    def __init__(self, a: Implementation, b: Implementation, game: str) -> None:
        super().__init__(a, b, game)
        #: the canonical keys of the sorted legal actions chosen from
        self._keys: list[str] = []
        #: the place among the actions chosen from of the one chosen (``from_listed``)
        self._index: int | None = None
        #: the action being applied (a side failing then: the error names it)
        self._trying: JSON | None = None
        #: where a list: each position a game reaches, before each action (A's, which
        #: is B's until they differ), for the shrinker to start its replays from
        self.positions: list[JSON] | None = None
        #: the next step is started before B's reply about this one is read (``_ahead``),
        #: or once it has come, before it is checked (``overlaps``)
        self._sends_ahead = self._overlaps = False
        #: the step started ahead: A's position it starts from, its action, the step
        self._next: tuple[Any, JSON, _Step] | None = None
        #: the chooser's draw made for that step: (step, A's listing, place, action)
        self._drawn: tuple[int, Listed, int | None, JSON | None] | None = None
        #: overlapping: the ``seq`` of B's request whose reply must have come before the
        #: request held for the step started ahead goes (``_b_written``)
        self._release_after: int | None = None

    def play(self, players: Sequence[str], options: Mapping[str, Any], choose: Chooser,
             max_actions: int, start: JSON | None = None) -> Played:
        """Play until the game ends, ``choose`` stops, ``max_actions``, a divergence, or
        neither side answers what the game needs (``Played.stopped``); from ``start``
        (both sides are handed that position) or else a new game."""
        played = Played(list(players), dict(options), start=start)
        self._trying = self._index = None
        # Two in-process engines answer ``apply`` with a ``Made`` (oracle.core.made)
        # while this game lasts: compared by their states, no JSON built
        made = [side for side in (self.a, self.b) if type(side) is InProcess] \
            if type(self.a) is InProcess and type(self.b) is InProcess else []
        for side in made:
            side.made = True
        if made:  # B's listing is only compared: its texts alone (``Listed``)
            made[1].texts = True
        # A's too (in process, whoever B is) where the chooser draws from texts
        # (``TextChooser``): a B that lists dicts has them keyed and compared with them
        texts_a = self.a if type(self.a) is InProcess \
            and callable(getattr(choose, "from_listed", None)) else None
        if texts_a is not None:
            texts_a.texts = True
        digests_b = self.b if self._digests and isinstance(self.b, ProtocolClient) else None
        ahead = texts_a is not None and digests_b is not None and digests_b.refs.pipelines
        self._sends_ahead = self.sends_ahead and ahead
        self._overlaps = self.overlaps and ahead and not self._sends_ahead
        self._next = self._drawn = None
        polled = [side for side in (self.a, self.b) if isinstance(side, ProtocolClient)] \
            if self.polls > 0 else []
        for client in polled:
            client.spin = self.polls
        if digests_b is not None:  # B's inspects ask for digests while the game lasts
            digests_b.digests = True
            digests_b.refs.refer(None, "")  # and refer to no position of an earlier game
            # A's position is then only digested and named to B by reference: A (in
            # process) answers ``apply`` with a ``Made`` too, written out where it is
            # read (the trace's positions, a whole request, a report)
            if type(self.a) is InProcess:
                made = [self.a]
                self.a.made = True
        try:
            with self.a.holding(self.game), self.b.holding(self.game):
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
            self._drop_next()
            for client in polled:
                client.spin = 0.0
            for side in made:
                side.made = side.texts = False
            if texts_a is not None:
                texts_a.texts = False
            if digests_b is not None:
                digests_b.digests = False
                digests_b.refs.refer(None, "")
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
            self._pb = pb
            legal = self._compare(played, step, self._asker(pending, pa, pb), pa)
            if legal is None or played.over or not legal or step >= max_actions:
                return
            if type(legal) is Listed:  # A's texts (``TextChooser``): chosen by place
                if self._drawn is None:
                    self._index = cast(TextChooser, choose).from_listed(step, legal)
                    action = None if self._index is None \
                        else loads_plain(legal.at(self._index))
                else:
                    self._index, action = self._draw(cast(TextChooser, choose), step, legal)
            else:
                action = choose(step, cast(list[JSON], legal))
            if action is None:
                return
            self._trying = action
            try:
                if batch:
                    pending = self._inspect(pa, pb, action) if self._next is None \
                        else self._started(pa, pb, action)
                    if self._sends_ahead or self._overlaps:
                        self._ahead(pending, step + 1, choose, max_actions)
                    va, vb = pending.both("apply")
                else:
                    va, vb = self._both("apply", pa, pb, action)
                if self._digests:  # B's position by its digest: A's, or B's own whole
                    vb = self._whole_position(va, vb, pb, action)
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

    # -- the next step, started before B's reply about this one is read --------------
    # Where B is served and answers by digests, and A (in process) lists texts to choose
    # from, A's answers about the position an action makes are known before B's are
    # read: so the next action is drawn from A's listing and the next step started (B's
    # request sent, A's answers worked out) first, and B works on it while the harness
    # reads and compares B's reply about this one. Nothing else changes: the requests
    # are the same, in the same order, and so are the comparisons and the chooser's
    # draws. Where this step then diverges or stops the game, the step started ahead is
    # dropped: B's reply to it is read and thrown away unchecked, at no cost to B
    # (``ProtocolClient.abandon``). Overlapping (``overlaps``), the next step goes once
    # B's reply about this one has come in full (``ProtocolClient.collect``), before it
    # is parsed, checked and compared: B sees each request only after it has answered
    # the one before, and still works while the harness checks.

    def _ahead(self, pending: _Step, step: int, choose: Chooser, max_actions: int) -> None:
        """Start step ``step`` (the action drawn at it) from the position ``pending``'s
        action makes in A, where the game goes on there as far as A's answers tell."""
        client = self.b
        if not (self._sends_ahead or self._overlaps) or step >= max_actions \
                or pending.sent is None or not isinstance(client, ProtocolClient):
            return
        # a step whose position goes whole (``goes_whole``) tells B A's position: never
        # sent before B's reply about this one has come (overlapping, it goes whole)
        whole = client.refs.whole_next()
        if whole and not self._overlaps:
            return
        verdict, listed = pending.a.get("apply"), pending.a.get("legal_actions")
        if not (isinstance(verdict, Verdict) and verdict.accepted
                and verdict.position is not None and type(listed) is Listed
                and listed.groups and pending.a.get("game_over") is False):
            return
        index = cast(TextChooser, choose).from_listed(step, listed)
        action = None if index is None else loads_plain(listed.at(index))
        self._drawn = (step, listed, index, action)
        if action is None:
            return
        position = verdict.position
        # Named to B as the position its own apply of this step made (``position_of``),
        # not by A's digest nor whole: B learns nothing of A's answers about this step
        # that it could echo back before its reply is read (or has come, overlapping).
        client.ahead_of = None if whole else pending.sent
        # Overlapping, B's request is written while B still works on this step, and goes
        # the moment B's whole reply about this step has come (``collect``), before A is
        # asked about that step (``_b_written``): so A works out its answers about a step
        # while B works out its own, and a step that is long to answer is long for both
        # at once, not for each in turn (A answering the step after B's). Where the reply
        # does not come, the request is dropped unsent and the step started anew at its
        # own step.
        if self._overlaps:
            client.hold()
            self._release_after = pending.sent
        try:
            self._next = (position, action, self._inspect(position, position, action))
        except _NotSent:  # (B's reply about this step is read, and graded, where it is)
            self._next = None
        except Exception:  # met again at its own step, where it is started anew
            self._next = None  # (the draw stands: it is the step's own)
            client.discard()  # (held, where B's request had not gone yet)
        except BaseException:  # (an interrupt: nothing held is left to go)
            client.discard()
            raise
        finally:
            client.ahead_of = None
            self._release_after = None

    def _b_written(self) -> None:
        """Overlapping, B's request about the step started ahead is written: it goes
        once B's reply about the step before has come in full (``_release_after``), or is
        dropped (``_NotSent``) where the reply does not come or B stopped after it."""
        seq, self._release_after = self._release_after, None
        if seq is None:
            return
        client = self.b
        assert isinstance(client, ProtocolClient)
        if client.collect(seq) and client.running():
            client.release()
            return
        client.discard()  # (an adapter that stopped after its reply is started anew at
        raise _NotSent    # the step, as without overlapping)

    def _draw(self, choose: TextChooser, step: int,
              listed: Listed) -> tuple[int | None, JSON | None]:
        """The place chosen at ``step`` among ``listed``, and its action: drawn ahead
        (``_ahead``) or now."""
        drawn, self._drawn = self._drawn, None
        if drawn is not None and drawn[0] == step and drawn[1] is listed:
            return drawn[2], drawn[3]
        index = choose.from_listed(step, listed)
        return index, None if index is None else loads_plain(listed.at(index))

    def _started(self, pa: JSON, pb: JSON, action: JSON) -> _Step:
        """The step applying ``action`` to ``pa`` and ``pb``: the one started ahead where
        it is that very step, else started now."""
        ahead = self._next
        if ahead is not None and ahead[0] is pa and pb is pa and ahead[1] is action:
            self._next = None
            return ahead[2]
        self._drop_next()
        return self._inspect(pa, pb, action)

    def _drop_next(self) -> None:
        """Drop the step started ahead, if any: its reply is never read."""
        ahead, self._next = self._next, None
        self._drawn = None
        if ahead is not None and ahead[2].unread and isinstance(self.b, ProtocolClient):
            self.b.abandon()

    def _played(self, played: Played, action: JSON) -> None:
        """Add ``action`` to the trace, with its index among the sorted actions chosen
        from (the chooser's, where it chose by place)."""
        played.actions.append(action)
        index, self._index = self._index, None
        if index is not None:
            played.choices.append(index)
            return
        try:
            played.choices.append(self._keys.index(key(action)))
        except ValueError:  # not among them (a replayed trace's action)
            played.choices.append(0)


class _NotSent(Exception):
    """B's request held for the step started ahead did not go (``_b_written``)."""


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

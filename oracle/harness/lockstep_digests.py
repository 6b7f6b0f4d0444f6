"""B's digests, read against A's whole answers (the protocol's optional feature
``digests``, oracle/protocol/digests.py, docs/protocol.md).

Where B declares the feature, the lockstep asks each step's ``inspect`` with
``digests``: B answers an accepted action's position and the legal actions by
digests. Each is compared with the digest of A's whole answer. Equal, B's answer is
A's (only an engine that knows the whole answer can send its digest), which has
passed the game's checks, and the lockstep goes on with A's value for B. Otherwise,
and wherever A has no whole answer to compare with (A declined), B is asked again for
the whole value by the single command, which is checked as always; a whole value
equal to A's whose digest B did not send is a wrong answer (``InvalidReply``, a
divergence of kind ``invalid``), never a pass, and a whole value that differs from
A's is compared as it always was: the same divergence, named the same way.
"""

from __future__ import annotations

import contextlib
from typing import Any

from oracle.core.made import Listed, as_json
from oracle.harness.canonical_keys import keys
from oracle.harness.lockstep_sides import Sides, _Gap
from oracle.protocol.client import ProtocolClient
from oracle.protocol.digests import (
    Digest,
    from_keys,
    listed_digest,
    listing_digest,
    position_digest,
)
from oracle.protocol.expected import inspect_reply
from oracle.protocol.implementation import JSON, Answers, InvalidReply, Verdict


class Digests(Sides):
    """Resolving B's digests (mixed into ``Lockstep``): ``_pb`` is B's position the
    current step's questions are about."""

    _pb: Any = None
    #: A's last two positions and their digests, A's last two listings and their
    #: digests and counts, worked out ahead (``_before_reply``): two, as the lockstep
    #: may start a step before it reads B's reply about the one before (lockstep.py)
    _a_positions: tuple[tuple[Any, str], ...] = ()
    _a_listings: tuple[tuple[Any, tuple[str, int] | None], ...] = ()

    def _before_reply(self, a: Answers, sent: int | None) -> None:
        """A's digests, worked out while a served B works out its answers: the digests
        B's are compared with, which the harness would otherwise work out after B's
        reply, with B idle; and the reply to B's request ``sent`` that would agree with
        them exactly (``_expect_b``). Only where B is asked with digests."""
        if not self._digests:
            return
        # (a failure here is met again where the digest is asked for, and raised there;
        # without an expectation, B's reply is read as always)
        with contextlib.suppress(Exception):
            verdict, digest = a.get("apply"), None
            if isinstance(verdict, Verdict) and verdict.accepted \
                    and verdict.position is not None:
                digest = self.a.position_digest(self.game, verdict.position)
                self._a_positions = (*self._a_positions[-1:], (verdict.position, digest))
            listed, found = a.get("legal_actions"), None
            if type(listed) is Listed:
                found = listed_digest(listed.groups)
                self._a_listings = (*self._a_listings[-1:], (listed, found))
            if digest is not None and found is not None \
                    and isinstance(verdict, Verdict) and type(listed) is Listed:
                self._expect_b(a, sent, verdict, digest, listed, found)

    def _expect_b(self, a: Answers, sent: int | None, verdict: Verdict, digest: str,
                  listed: Listed, found: tuple[str, int]) -> None:
        """Where A is the reference oracle: tell B's client the reply to its request
        ``sent`` that gives A's answers exactly (oracle/protocol/expected.py), so that
        such a reply is not read and checked again. A's accepted ``verdict`` made the
        position of ``digest``; ``listed`` is A's listing, of digest and count ``found``."""
        if not (self._reference_b and sent is not None) \
                or not isinstance(self.b, ProtocolClient):
            return
        over = a.get("game_over")
        if type(over) is not bool:
            return
        scores = a.get("scores")
        raw = inspect_reply(sent, digest, found, scores, over)
        if raw is not None:
            # B's answers as reading that line and resolving its digests gives them: A's
            # own (``_whole_position``, ``_whole_listing``), B told to hold A's position
            # by its digest (oracle.protocol.position_refs) as resolving it would
            self.b.expect(sent, raw, {"apply": verdict, "legal_actions": listed,
                                      "scores": scores, "game_over": over},
                          (verdict.position, digest))

    def _a_digest(self, position: Any) -> str:
        """A's digest of ``position``, as worked out ahead where it was."""
        for ahead, digest in self._a_positions:
            if ahead is position:
                return digest
        return self.a.position_digest(self.game, position)

    def _a_listing_digest(self, listed: Listed) -> tuple[str, int] | None:
        """A's listing digest and count, as worked out ahead where it was."""
        for ahead, digest in self._a_listings:
            if ahead is listed:
                return digest
        return listed_digest(listed.groups)

    def _whole_position(self, va: Any, vb: Any, pb: JSON, action: JSON) -> Any:
        """B's ``apply`` answer with a position that is whole: A's where B's digest is
        its digest, else B's own, asked again."""
        claimed: Any = vb.position if isinstance(vb, Verdict) else None
        if type(claimed) is not Digest:
            return vb
        a_position = va.position if isinstance(va, Verdict) and va.accepted else None
        # A's digest: of its JSON, or written from the state of the ``Made`` A answered
        if a_position is not None and self._a_digest(a_position) == claimed.digest:
            # B made A's position: A's object stands for it from now on, so the next
            # step may name it to B by that digest (oracle.protocol.position_refs)
            if isinstance(self.b, ProtocolClient):
                self.b.refs.refer(va.position, claimed.digest)
            return Verdict.accept(va.position)
        whole = self.b.apply(self.game, pb, action)  # checked as any answer is
        if a_position is not None and whole.accepted \
                and whole.position == as_json(a_position) \
                and position_digest(whole.position) != claimed.digest:
            raise InvalidReply("inspect (apply)", "a position digest", "digest",
                               f"{claimed.digest} is not the digest of the position it "
                               "hands back whole, the other side's")
        return whole

    def _whole_listing(self, la: Any, lb: Any) -> Any:
        """B's legal actions: A's where B's digest (and count) is theirs, else B's own,
        asked again (the single command) about ``_pb``."""
        if type(lb) is not Digest:
            return lb
        texts_a: list[str] | None = None
        if not isinstance(la, _Gap):
            # from A's groups where it listed them (``listed_digest``), else its texts
            quick = self._a_listing_digest(la) if type(la) is Listed else None
            if quick is not None and quick == (lb.digest, lb.count):
                return la
            texts_a = from_keys(la.texts if type(la) is Listed else sorted(keys(la)))
            if quick is None and lb.count == len(texts_a) \
                    and listing_digest(texts_a) == lb.digest:
                return la
        whole = self.b.legal_actions(self.game, self._pb)
        if texts_a is not None:
            texts_b = from_keys(sorted(keys(whole)))
            if texts_b == texts_a:  # the same actions: the digest was not its answer's
                raise InvalidReply("inspect (legal_actions)", "a listing digest", "digest",
                                   f"{lb.digest} (count {lb.count}) is not the digest of the "
                                   "actions it lists whole, the other side's")
        return whole

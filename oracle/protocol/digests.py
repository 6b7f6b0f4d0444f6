"""Digests: a position or a listing answered by the hash of its canonical text.

The optional protocol feature ``digests`` (docs/protocol.md, "Optional features")
lets an engine answer an ``inspect`` asked with ``digests: true`` by digests instead
of whole values: an accepted action's position as the SHA-256 of the position's
canonical text, the legal actions as the SHA-256 of their canonical texts sorted and
written as one JSON array, with their count. The canonical text is the JSON
Canonicalization Scheme's (RFC 8785): object keys sorted, no whitespace, strings in
UTF-8 with only the quote, the backslash and control characters escaped; both games'
positions and actions hold integers, strings, booleans and nulls only, for which that
is what ``canonical`` writes.

A digest is compared with the one the harness works out from the other side's whole
answer. Only an engine that knows the whole answer can send its digest, so a digest
equal to the other side's is that side's answer, which has passed the game's checks;
a digest that differs is not taken as a disagreement on its own: the harness asks
the engine again for the whole value, checks it and compares it as always, and a
whole value whose digest is the other side's after all (the engine's digest was
not its own answer's) is a wrong answer of its own (``InvalidReply``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

from oracle.core.canonical import canonical_text, text_digest

#: the protocol feature an adapter lists in ``hello``'s ``features``
DIGESTS_FEATURE: Final = "digests"


class Digest:
    """What an engine answered instead of a whole value: ``digest`` (64 lowercase
    hexadecimal digits) and, for a listing, ``count`` (the number of actions)."""

    __slots__ = ("count", "digest")

    def __init__(self, digest: str, count: int | None = None) -> None:
        self.digest, self.count = digest, count

    def __repr__(self) -> str:
        return f"Digest({self.digest[:12]}..., count={self.count})"


def canonical(value: Any) -> bytes:
    """The canonical text of a JSON value (the module's docstring), as UTF-8 bytes."""
    return canonical_text(value)


def position_digest(position: Any) -> str:
    """The digest of a position: SHA-256 of its canonical text, in hexadecimal."""
    return text_digest(canonical_text(position))


def listing_digest(texts: Iterable[str]) -> str:
    """The digest of a listing, from its actions' canonical texts in sorted order:
    SHA-256 of ``[`` + the texts joined by ``,`` + ``]``."""
    return hashlib.sha256(("[" + ",".join(texts) + "]").encode()).hexdigest()


#: id(group) -> (the group, its texts joined by ``,`` as bytes, or None where a text
#: escapes a character past ASCII, and how many texts it holds); the group held, so its
#: id is not reused while it is here. Groups are the tuples an engine's listing is made
#: of (oracle.core.made.Listed), shared from one listing to the next.
_GROUP_BYTES: dict[int, tuple[Sequence[str], bytes | None, int]] = {}
_GROUPS_KEPT: Final = 8192
_ESCAPE: Final = b"\\u"
#: its first byte: looked for first, as one byte is found some ten times quicker than
#: two (a listing's bytes, some 15 kB, hold no backslash but where a text escapes)
_BACKSLASH: Final = b"\\"


#: SHA-256 after ``[``, a listing's first byte
_OPENED: Final = hashlib.sha256(b"[")


#: (id of each group, in order) -> (those groups, their listing's digest and count): a
#: listing of the very groups of one of the last few (some one in ten, in a lockstep:
#: a veto passed on, a token taken) is not hashed again; the groups held, so that their
#: ids are not reused while they are here
_LISTINGS: dict[tuple[int, ...], tuple[Sequence[Sequence[str]], tuple[str, int] | None]] = {}
_LISTINGS_KEPT: Final = 16


def listed_digest(groups: Sequence[Sequence[str]]) -> tuple[str, int] | None:
    """``listing_digest(from_keys(texts))`` and the count, for the texts of ``groups``
    one after another, each group's bytes and size found once while the group lives
    (the next listing shares most of them) and hashed in one call: no list of every
    text. None where a text escapes a character past ASCII (``from_keys`` writes those
    again)."""
    key = tuple(map(id, groups))
    found = _LISTINGS.get(key)
    if found is not None:
        return found[1]
    digest = _listed_digest(groups)
    if len(_LISTINGS) >= _LISTINGS_KEPT:
        del _LISTINGS[next(iter(_LISTINGS))]
    _LISTINGS[key] = (tuple(groups), digest)
    return digest


def _listed_digest(groups: Sequence[Sequence[str]]) -> tuple[str, int] | None:
    parts = []
    count = 0
    for group in groups:
        found = _GROUP_BYTES.get(id(group))
        if found is None or found[0] is not group:
            size = len(group)
            # a group may write its joined bytes itself (a Rocket station group does,
            # without writing each text: oracle/rocket/rules/canonical.py)
            joined = getattr(group, "joined", None)
            data = joined() if joined is not None else ",".join(group).encode()
            if len(_GROUP_BYTES) >= _GROUPS_KEPT:
                _GROUP_BYTES.clear()
            escapes = _BACKSLASH in data and _ESCAPE in data
            found = _GROUP_BYTES[id(group)] = (group, None if escapes else data, size)
        data, size = found[1], found[2]
        if data is None:
            return None
        if size:
            parts.append(data)
            count += size
    hashed = _OPENED.copy()  # ``[`` hashed once: the joined bytes are not copied again
    hashed.update(b",".join(parts))
    hashed.update(b"]")
    return hashed.hexdigest(), count


def action_texts(actions: Iterable[Any]) -> list[str]:
    """The canonical texts of ``actions``, sorted (what ``listing_digest`` reads)."""
    return sorted(canonical(a).decode() for a in actions)


def from_keys(texts: list[str]) -> list[str]:
    """Sorted canonical texts from sorted texts as the lockstep keys actions
    (``canonical_keys.key``: non-ASCII escaped): the same texts where they escape no
    character past ASCII (every Rocket action), else each written again."""
    joined = "".join(texts)
    if "\\" not in joined or "\\u" not in joined:  # (one character is found quicker)
        return texts
    return action_texts(json.loads(t) for t in texts)

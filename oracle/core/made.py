"""A position an in-process engine has made and not yet written out as JSON.

The fuzz lockstep of two in-process engines only compares the positions they make
and hands each back to the engine that made it for the next action: building every
position's JSON (some 7 kB of fresh dicts for Rocket) only to compare it cost over a
third of a step. A ``Made`` holds the engine's own (immutable) state instead, and
writes the JSON only when asked (``json``: a fresh value each time, as the API's own
answer would be); two ``Made`` of one kind of maker are compared by their states
first (``Maker.position_equal``: equal states have equal JSON), and where those
differ by their JSON, so a difference is reported as fully as before.

``Listed`` is the same for legal actions: their canonical texts, no dict each.
Only the lockstep asks for them (``InProcess.made``, ``InProcess.texts``), and an
engine reads a ``Made`` as a position only if it made it (``maker``); anybody else is
handed its JSON.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

JSON = dict[str, Any]
_S = TypeVar("_S")
_S_contra = TypeVar("_S_contra", contravariant=True)


class Maker(Protocol[_S_contra]):
    """The engine side of a ``Made``: how its state is written out."""

    def position_json(self, state: _S_contra) -> JSON: ...

    def position_equal(self, state: _S_contra, other: _S_contra) -> bool:
        """Whether two states of this kind of maker are equal, such that their JSON is
        equal (``==``) wherever this says so; it may say no for two whose JSON is equal
        all the same (``same`` then compares the JSON)."""
        ...

    def position_canonical(self, state: _S_contra) -> bytes:
        """The canonical text of the position's JSON (``oracle.core.canonical``)."""
        ...

    def position_options(self, state: _S_contra) -> JSON | None:
        """The option values the position's JSON declares (its ``options``, and a
        ``title`` beside them where it has one), None where it declares none: what the
        protocol client checks against an adapter's handshake, without the JSON."""
        ...


class Making(Protocol):
    """A game API that can answer ``apply`` with a ``Made``."""

    def apply_made(self, position: JSON, action: JSON) -> Made[Any] | None:
        """The position ``action`` makes, as a ``Made``; None where this API cannot
        vouch that its ``Made`` reads as its JSON answers would (a subclass answering
        some question its own way): the caller asks ``apply`` instead. Raises as
        ``apply`` raises."""
        ...

    def legal_listed(self, position: JSON) -> Listed | None:
        """The legal actions' canonical texts in canonical order (``Listed``); None as
        for ``apply_made``."""
        ...

    def made_digest(self, made: Made[Any]) -> str | None:
        """The digest of ``made``'s JSON (oracle/protocol/digests.py), worked out
        without that JSON where the API can; None where this API did not make it."""
        ...


class Listed:
    """Legal actions as their canonical texts (sorted keys, no spaces: the lockstep's
    ``key`` of each), in canonical order (the texts sorted), for a side whose listing
    is only compared (the lockstep's B) or chosen from by its texts (A): no dict built
    per action. The texts come in ``groups``, each a tuple of texts of one action
    type, one group after another: an engine writes each group once per what it
    depends on (oracle/rocket/rules/canonical.py), so two equal listings hold the very
    same groups more often than not and compare at one pointer a group (``same``).
    ``texts`` gives them one after another, ``json`` the actions."""

    __slots__ = ("_sizes", "_texts", "groups")

    def __init__(self, groups: list[Sequence[str]]) -> None:
        self.groups = groups
        self._texts: list[str] | None = None
        self._sizes: list[int] | None = None

    @property
    def sizes(self) -> list[int]:
        """Each group's number of texts, in order (found once: a group may count its
        texts in Python, and a lockstep step asks for them twice, to draw and to read
        the text drawn)."""
        if self._sizes is None:
            self._sizes = list(map(len, self.groups))
        return self._sizes

    @property
    def texts(self) -> list[str]:
        """Every text, in canonical order (sorted)."""
        if self._texts is None:
            self._texts = [t for group in self.groups for t in group]
        return self._texts

    def __len__(self) -> int:
        return sum(self.sizes)

    def at(self, place: int) -> str:
        """``texts[place]``, found group by group."""
        if place >= 0:
            for group, size in zip(self.groups, self.sizes, strict=True):
                if place < size:
                    return group[place]
                place -= size
        raise IndexError(place)

    def same(self, other: Listed) -> bool:
        """Whether the two list the same texts (as many, in the same order)."""
        return self.groups == other.groups or self.texts == other.texts

    def json(self) -> list[JSON]:
        return [json.loads(t) for t in self.texts]


class Made(Generic[_S]):
    """``state``, made by ``maker``; immutable (the state is too)."""

    __slots__ = ("maker", "state")

    def __init__(self, maker: Maker[_S], state: _S) -> None:
        self.maker = maker
        self.state = state

    def json(self) -> JSON:
        """The position's JSON, a fresh value the caller may change."""
        return self.maker.position_json(self.state)

    def options(self) -> JSON | None:
        """The option values its JSON declares (``Maker.position_options``)."""
        return self.maker.position_options(self.state)

    def canonical(self) -> bytes:
        """The canonical text of ``json()`` (sorted keys, no spaces), without the JSON
        where the engine writes it from its state's parts."""
        return self.maker.position_canonical(self.state)


def as_json(position: Any) -> Any:
    """``position``'s JSON where it is a ``Made``; anything else as it is."""
    return position.json() if type(position) is Made else position


def same(a: Any, b: Any) -> bool:
    """Whether two positions are equal: ``==`` on their JSON, where both are ``Made``
    of one kind of maker by their states first (``Maker.position_equal``: equal states
    are equal JSON, so the answer is the same, without the JSON). One object is itself
    (a served B whose digest was A's goes on with A's very object)."""
    if a is b and type(a) is Made:
        return True
    if type(a) is Made and type(b) is Made and type(a.maker) is type(b.maker) \
            and a.maker.position_equal(a.state, b.state):
        return True
    return bool(as_json(a) == as_json(b))

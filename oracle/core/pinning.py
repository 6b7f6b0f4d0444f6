"""What a game API needs to pin (``oracle.core.game.Pinning``): the positions it
returned last with their states, and while ``pinned`` lasts, questions about one of
those very objects answered from its state."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final, Generic, TypeVar

_S = TypeVar("_S")
JSON = dict[str, Any]

#: how many returned positions may be pinned: a lockstep of two sides on one API (the
#: in-process oracle against itself) applies each side's last position in turn, so
#: the other side's return comes between a side's return and its next apply
RECENT: Final = 4


class Pins(Generic[_S]):
    """Mixed into a game API: ``returned`` after making a position, ``pinned_state``
    first thing when reading one. The states are immutable, so an older returned
    object, unchanged, is read as well from its state as the last one."""

    _recent: tuple[tuple[JSON, _S], ...] = ()
    _pin: tuple[JSON, _S] | None = None

    def returned(self, position: JSON, state: _S) -> None:
        """``position``, made from ``state``, is going back to the caller."""
        self._recent = (*self._recent[1 - RECENT:], (position, state))

    def pinned_state(self, position: JSON) -> _S | None:
        """The state of ``position`` if it is the pinned object, else None."""
        pin = self._pin
        return pin[1] if pin is not None and position is pin[0] else None

    @contextmanager
    def pinned(self, position: JSON) -> Iterator[None]:
        """While it lasts, questions about ``position``, if it is one of the ``RECENT``
        objects this API returned last, are answered from the state it was made from.
        For a caller that has changed that object in no way, and handed it to nobody
        who might, since (identity says nothing about changes). Pins nest: the outer
        pin holds again once an inner one ends."""
        outer = self._pin
        self._pin = next((made for made in reversed(self._recent) if made[0] is position),
                         None)
        try:
            yield
        finally:
            self._pin = outer

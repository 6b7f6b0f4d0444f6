"""What a game API needs to pin (``oracle.core.game.Pinning``): the position it
returned last with its state, and while ``pinned`` lasts, questions about that very
object answered from that state."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

_S = TypeVar("_S")
JSON = dict[str, Any]


class Pins(Generic[_S]):
    """Mixed into a game API: ``returned`` after making a position, ``pinned_state``
    first thing when reading one."""

    _last: tuple[JSON, _S] | None = None
    _pin: tuple[JSON, _S] | None = None

    def returned(self, position: JSON, state: _S) -> None:
        """``position``, made from ``state``, is going back to the caller."""
        self._last = (position, state)

    def pinned_state(self, position: JSON) -> _S | None:
        """The state of ``position`` if it is the pinned object, else None."""
        pin = self._pin
        return pin[1] if pin is not None and position is pin[0] else None

    @contextmanager
    def pinned(self, position: JSON) -> Iterator[None]:
        """While it lasts, questions about ``position``, if it is the object this API
        returned last, are answered from the state it was made from. For a caller that
        has handed that object to nobody since (identity says nothing about changes)."""
        last = self._last
        self._pin = last if last is not None and last[0] is position else None
        try:
            yield
        finally:
            self._pin = None

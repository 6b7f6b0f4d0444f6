"""What phase 1 of both route searches knows of each stop it may visit: its length
kind, whether a route must end there, whether it holds the company's token, and
whether some train could run a sequence with so many stops of each kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from oracle.eighteen.model.records import TrainType
from oracle.eighteen.routes.revenue import _best_assignment
from oracle.eighteen.routes.route import StopTable

Ref = tuple[str, int]  # (hex, stop index)


class StopFacts:
    """Per stop id (``refs`` maps ids to stops): ``kind`` (index into ``kinds``),
    ``end_only``, ``tokened``; ``runnable(counts)`` with ``counts`` per kind."""

    def __init__(self, table: StopTable, trains: Sequence[TrainType],
                 refs: Mapping[int, Ref]) -> None:
        self.trains = trains
        self.kinds = sorted({table.length_kind(*ref) for ref in refs.values()})
        self.kind = {i: self.kinds.index(table.length_kind(*ref)) for i, ref in refs.items()}
        self.end_only = {i: bool(table.end_only(*ref)) for i, ref in refs.items()}
        self.tokened = {i: ref in table.tokened for i, ref in refs.items()}
        self._feasible: dict[tuple[int, ...], bool] = {}

    def start(self, i: int) -> tuple[int, ...]:
        """The counts of a sequence holding stop ``i`` alone."""
        return tuple(int(self.kind[i] == k) for k in range(len(self.kinds)))

    def grown(self, counts: tuple[int, ...], i: int) -> tuple[int, ...] | None:
        """The counts with stop ``i`` added, if some train could still run them."""
        k = self.kind[i]
        more = (*counts[:k], counts[k] + 1, *counts[k + 1:])
        return more if self.runnable(more) else None

    def runnable(self, counts: tuple[int, ...]) -> bool:
        """Some train may run stops of these kinds (``counts`` per kind)."""
        known = self._feasible.get(counts)
        if known is None:
            zero = tuple((k, 0) for k, n in zip(self.kinds, counts, strict=True)
                         for _ in range(n))
            known = self._feasible[counts] = any(
                _best_assignment(t.distance, zero) is not None for t in self.trains)
        return known

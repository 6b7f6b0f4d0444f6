"""What a lockstep compares about one position: the legal-action sets, then the
scores and the game-over flags. The first difference is recorded as the game's
``Divergence``; a side's declined question is counted as a gap.

The legal actions are compared by their canonical texts (``key``: sorted keys, no
spaces), as multisets, and the sorted texts are what A's chooser picks from. Where
an in-process side lists its actions as their texts already (``Listed``), nothing is
keyed again (docs/fuzz.md, "Speed").
"""

from __future__ import annotations

import json
from collections import Counter
from operator import itemgetter
from typing import Any, Final

from oracle.core.made import Listed
from oracle.harness.canonical_keys import key, keyed, keys
from oracle.harness.lockstep_played import Divergence, Played, position_summary
from oracle.harness.lockstep_sides import Both, _Gap
from oracle.protocol.implementation import JSON

_first: Final = itemgetter(0)


class Comparing:
    """The comparisons of a lockstep (mixed into ``Lockstep``)."""

    #: the canonical keys of the sorted legal actions chosen from
    _keys: list[str]

    def _whole_listing(self, la: Any, lb: Any) -> Any:
        """B's listing, whole where B answered by digest (``lockstep_digests``)."""
        return lb

    def _compare(self, played: Played, step: int, both: Both,
                 position: JSON) -> list[Any] | Listed | None:
        """Compare the queries on the current ``position`` (both sides'); the sorted
        legal actions to choose from (A's, or B's where A declines to list them), or
        None after recording a divergence or why the game stopped."""
        la, lb = both("legal_actions")
        lb = self._whole_listing(la, lb)  # B's digest: A's listing, or B's own whole
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
            return self._compare_listed(played, step, both, position, la, lb, b_gap)
        if a_gap:
            la = lb if listed is None else listed.json()
        # Each action is keyed once (its canonical text), all of A's at once: sorting,
        # comparing the two lists and sets and finding the chosen action's index all
        # reuse the keys.
        whole, texts = keyed(la)
        by_key = sorted(zip(texts, la, strict=True), key=_first)
        legal = [x for _, x in by_key]
        self._keys = [k for k, _ in by_key]
        if not a_gap and not b_gap and (
                whole != key(lb) if listed is None else self._keys != listed.texts) \
                and not self._same_listing(played, step, self._keys,
                                           keys(lb) if listed is None else listed.texts):
            return None  # (the same list in the same order needs no more)
        return legal if self._rest(played, step, both, position, not legal) else None

    def _compare_listed(self, played: Played, step: int, both: Both, position: JSON,
                        la: Listed, lb: Any, b_gap: bool) -> Listed | None:
        """``_compare`` where A listed its actions as their canonical texts in canonical
        order (``Listed``): the same comparisons, chosen from by place. Two ``Listed``
        are both in canonical order: equal groups, or else equal texts, are equal
        listings; a B that lists dicts has them keyed and sorted."""
        if not b_gap:
            if type(lb) is Listed:
                if not la.same(lb) and not self._same_listing(played, step, la.texts,
                                                              lb.texts):
                    return None
            else:
                texts_b = sorted(keys(lb))
                if la.texts != texts_b and not self._same_listing(played, step, la.texts,
                                                                  texts_b):
                    return None
        return la if self._rest(played, step, both, position, not la.groups) else None

    @staticmethod
    def _same_listing(played: Played, step: int, texts_a: list[str],
                      texts_b: list[str]) -> bool:
        """Whether two listings (canonical texts) hold the same actions, each as many
        times; else the ``legal_actions`` divergence, naming the actions only one side
        lists (and, where both list the same ones, those one side lists more often)."""
        ka, kb = set(texts_a), set(texts_b)
        if ka == kb and sorted(texts_a) == sorted(texts_b):
            return True
        detail: JSON = {
            "count_a": len(texts_a), "count_b": len(texts_b),
            "only_a": [json.loads(x) for x in sorted(ka - kb)][:20],
            "only_b": [json.loads(x) for x in sorted(kb - ka)][:20]}
        if ka == kb:
            ca, cb = Counter(texts_a), Counter(texts_b)
            detail["more_often_a"] = [json.loads(x) for x in sorted(ca - cb)][:20]
            detail["more_often_b"] = [json.loads(x) for x in sorted(cb - ca)][:20]
        played.divergence = Divergence(step, "legal_actions", detail)
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

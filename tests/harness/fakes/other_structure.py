"""The honest oracle with another engine's manners (protocol v2): the proof that the
suite grades an engine by its play, not by our conventions (issue 23).

Usage: python other_structure.py [LEVEL] [declines] [MUTANT]. LEVEL ``verdicts`` (the
default): refusals in free text of its own, no reason code and no ruling; ``reasons``:
our codes. Either way its turn structure is ``decisions``: it plays every forced pass
itself (a position whose only legal action is a pass), after an action, in a new game
and in any position it is handed (oracle.protocol.decisions), so it never stops where
the oracle waits for that pass. With ``declines``, it declares the gap ``positions``
and declines every position in which a veto round is under way (``unsupported``,
feature ``positions``). With MUTANT, the engine under those manners is that railrules
mutant: a wrong engine must still fail.
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(os.path.dirname(os.path.dirname(HERE)))]

from oracle.protocol.decisions import Decisions  # noqa: E402
from oracle.protocol.implementation import JSON, Implementation, Unsupported, Verdict  # noqa: E402
from oracle.protocol.inprocess import InProcess  # noqa: E402
from oracle.protocol.server import serve  # noqa: E402


class OtherStructure(Decisions):
    """The oracle at its decisions, refusing in its own words."""

    def __init__(self, level: str, inner: Implementation, declines: bool) -> None:
        super().__init__(inner)
        self._level = level
        self._declines = declines

    def level(self) -> str:
        return self._level

    def hello(self) -> JSON:
        about = dict(self.inner.hello(), name="other-structure")
        gaps = ["positions"] if self._declines else []
        about["games"] = [dict(g, turns="decisions", gaps=gaps) for g in about["games"]]
        return about

    def _decide(self, game: str, position: JSON) -> JSON:
        if self._declines and str(position.get("phase", "")).startswith("veto"):
            raise Unsupported("a veto round is beyond this engine", "positions")
        return super()._decide(game, position)

    def apply(self, game: str, position: JSON, action: JSON) -> Verdict:
        verdict = super().apply(game, position, action)
        if verdict.accepted or self._level == "reasons":
            return verdict
        return Verdict.refuse("", "", f"I cannot do that: {verdict.reason or 'no'}")


def main() -> None:
    args = sys.argv[1:]
    level = args.pop(0) if args and args[0] in ("verdicts", "reasons") else "verdicts"
    declines = bool(args) and args[0] == "declines"
    if declines:
        args.pop(0)
    inner: Implementation = InProcess()
    if args:
        from oracle.harness.mutants import all_mutants
        mutant = all_mutants()[args[0]]
        inner = InProcess(overrides={mutant.game: mutant.make()})
    serve(OtherStructure(level, inner, declines), sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    main()

"""Where a national's formation stands while its players decide (1856's CGR at the
first 6 train: ``whole/formation.py``, ``whole/national.py``): a record of the
operating round (``game_round.formation``), present only while a decision is due.

First the presidents of the companies still in debt decide, one company at a time in
``deciding`` order: merge it into the national or pay its debt. Once every one has, the
national forms from those in ``merging``; its president then removes the tokens it may
not keep (``removing``: a hex where it holds two; ``excess``: tokens over its charter)
and may discard trains (``discarding``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Formation:
    #: the national's ID
    national: str
    #: the player whose company bought the train that forms it: the order of the
    #: decisions and of the share exchange starts with him
    trigger: str
    #: the companies whose presidents are still to decide, in order (the first decides)
    deciding: tuple[str, ...] = ()
    #: the companies that chose to merge, in the order they did
    merging: tuple[str, ...] = ()
    #: hexes where the national holds two tokens: its president removes one, in order
    removing: tuple[str, ...] = ()
    #: tokens the national holds beyond its charter: its president removes as many
    excess: int = 0
    #: the national's president may discard trains (those about to rust, and permanent
    #: ones over the number it keeps)
    discarding: bool = False
    #: the company whose turn it was merged: the turn goes on to the next company when
    #: the formation is over (the national holds its place in the turn order meanwhile)
    turn_over: bool = False

    def deciding_now(self) -> str:
        """The company whose president decides now: the first still deciding, else the
        national's (removing tokens, discarding trains)."""
        return self.deciding[0] if self.deciding else self.national

    def to_json(self) -> JSON:
        out: JSON = {"national": self.national, "trigger": self.trigger,
                     "deciding": list(self.deciding), "merging": list(self.merging)}
        if self.removing:
            out["removing"] = list(self.removing)
        if self.excess:
            out["excess"] = self.excess
        if self.discarding:
            out["discarding"] = True
        if self.turn_over:
            out["turn_over"] = True
        return out

    @staticmethod
    def from_json(data: JSON) -> Formation:
        return Formation(str(data["national"]), str(data["trigger"]),
                         tuple(data.get("deciding", ())), tuple(data.get("merging", ())),
                         tuple(data.get("removing", ())), int(data.get("excess", 0)),
                         bool(data.get("discarding", False)),
                         bool(data.get("turn_over", False)))

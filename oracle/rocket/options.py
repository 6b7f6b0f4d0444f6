"""Rules the sources leave unsettled, each a named option with a documented default.

Source keys follow shared/research/stephensons-rocket-rules.md: [S] stated by a
source, [R] the researchers' recollection or inference, [?] open. ``docs/rocket.md``
lists which source says what for every option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from oracle.core.options import OptionSpec, resolve_options

SPECS: Final[tuple[OptionSpec, ...]] = (
    OptionSpec(
        "edition", "1999", ("1999", "2018"),
        "1999 (Pegasus/Rio Grande) scores in pounds; 2018 (Grail) in victory points, "
        "one point per 1,000 pounds [S: trictrac 2/1 VP city payout; R for the rest]."),
    OptionSpec(
        "tie_rule", "split", ("split", "each_full"),
        "Tied players for a majority [?]: 'split' shares the prizes of the ranks they "
        "occupy equally (rounded down to whole pounds); 'each_full' gives each the prize "
        "of the rank they tie for and skips the ranks they fill."),
    OptionSpec(
        "town_payout_basis", "railway_towns", ("railway_towns", "all_places"),
        "A railway-town scoring event pays per town connected to the line [S: ymir]; "
        "whether that counts railway towns only [R, default] or every place is open.",
        "SR-TWN-03"),
    OptionSpec(
        "merger_count_basis", "all_places", ("all_places", "cities"),
        "A merger pays per place connected to the dissolved line. The FAQ says 'the "
        "cities and towns connected to the dissolved railway line' and defines 'town' as "
        "railway or starting town [S: FAQ, default]; a review counts cities only.",
        "SR-MRG-01"),
    OptionSpec(
        "merger_odd_share", "down", ("down", "up"),
        "Two dissolved shares become one of the survivor [S]; an odd share is rounded "
        "down [R, default] or up [?].", "SR-MRG-01"),
    OptionSpec(
        "merger_lays_tile", True, (True, False),
        "The FAQ's '61st tile' answer implies a merger lays a tile where the dissolved "
        "locomotive stood [inference from SR-MRG-04, default]; False lays none.",
        "SR-MRG-04"),
    OptionSpec(
        "veto_shortfall", "return_supplementary", ("return_supplementary", "refuse_bid"),
        "A veto payer with too few real shares swaps supplementary ones for real ones "
        "with other players first [S: FAQ]. When no other player holds real shares the "
        "FAQ is silent: 'return_supplementary' pays the rest in supplementary shares, "
        "which go back to the supply; 'refuse_bid' refuses a bid that could not be paid "
        "in real shares.", "SR-VETO-08"),
    OptionSpec(
        "end_lines", "active", ("active", "undissolved"),
        "The game ends when only one line is left [S+]. Sources say 'only one line can "
        "still be extended' or 'shares of only one line still available'. 'active' counts "
        "lines neither isolated nor dissolved (an isolated line's shares are gone, "
        "SR-ISO-04) [default]; 'undissolved' also counts isolated lines whose "
        "locomotives can still move (SR-ISO-03; a hemmed-in one can never be extended). "
        "Under both, no line counts once no locomotive can move (docs/rocket.md, "
        "issue 14)."),
    OptionSpec(
        "discard_unconnected_tokens", False, (False, True),
        "One community source says city tokens from a city no line reaches by the end "
        "are discarded before the final majorities [?]; default keeps them."),
)


@dataclass(frozen=True, slots=True)
class Options:
    edition: str
    tie_rule: str
    town_payout_basis: str
    merger_count_basis: str
    merger_odd_share: str
    merger_lays_tile: bool
    veto_shortfall: str
    end_lines: str
    discard_unconnected_tokens: bool

    @classmethod
    def from_json(cls, given: Mapping[str, Any] | None) -> Options:
        return cls(**resolve_options(SPECS, given))

    def to_json(self) -> dict[str, Any]:
        return {s.name: getattr(self, s.name) for s in SPECS}

"""Station-token prices a charter states as a rule rather than a list.

1835: the home token is free; every further token costs a fixed sum per hex of
straight-line distance from the company's home hex (the original marker),
counted over the map whatever lies between (no route, borders or water
considered). The sum per hex is data (``token_cost_per_hex`` of a company in
the title file: 20 in 1835); titles without it price tokens from the charter's
list (``tokens``)."""

from __future__ import annotations

from oracle.eighteen.model.coords import hex_distance
from oracle.eighteen.model.records import CompanyDef
from oracle.eighteen.model.title import TitleData


def by_distance(title: TitleData, cdef: CompanyDef, hex_id: str) -> int:
    """The price of a non-home token on ``hex_id`` for a by-distance charter."""
    if not cdef.home:
        raise ValueError(f"{cdef.id} prices tokens by distance but has no home hex")
    return cdef.token_cost_per_hex * hex_distance(cdef.home, hex_id, title.map.layout)

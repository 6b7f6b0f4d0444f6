"""Space IDs (oracle.core.hexgrid.parse_id): a letter and a number from 1 to 99, the
whole text; every checked action's space is read through it, kept once read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.core.errors import MalformedInput
from oracle.core.hexgrid import make_id, parse_id


@given(st.integers(0, 25), st.integers(0, 98))
def test_an_id_reads_back_as_its_row_and_column_every_time(row: int, col: int) -> None:
    space = make_id(row, col)
    assert parse_id(space) == (row, col)
    assert parse_id(space) == (row, col)  # (the second read is the kept one)
    assert parse_id("".join(space)) == (row, col)  # an equal string built anew


@pytest.mark.parametrize("bad", ["B3\n", "B3 ", " B3", "B0", "b3", "B100", "", "AA1", "B03"])
def test_a_text_that_is_not_wholly_an_id_is_malformed_every_time(bad: str) -> None:
    """A trailing newline too: the pattern's ``$`` matches before one, so the whole
    text must match, not only its start."""
    for _ in range(2):
        with pytest.raises(MalformedInput):
            parse_id(bad)

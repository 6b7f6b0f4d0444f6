"""1870's half payout under both readings of ``half_pay_rounding`` (half_pay.py).

The 18xx Rules Difference List 8.4 keeps the odd amount with the company
(``paid_down``, the default); tobymao's half pay rounds the withheld half down to a
multiple of the share count (``withheld_down``). docs/18xx-golden.md, finding 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.mechanisms import half_pay
from tests.eighteen.golden_positions import BUILDERS

JSON = dict[str, Any]


def company(p: JSON, cid: str) -> JSON:
    return next(c for c in p["companies"] if c["id"] == cid)


def cash(p: JSON, pid: str) -> int:
    return int(next(x for x in p["players"] if x["id"] == pid)["cash"])


@pytest.mark.parametrize(("revenue", "shares", "reading", "paid"), [
    (70, 10, "paid_down", 35), (70, 10, "withheld_down", 40),    # the golden run
    (80, 10, "paid_down", 40), (80, 10, "withheld_down", 40),    # half divides: same
    (90, 10, "paid_down", 45), (90, 10, "withheld_down", 50),
    (10, 10, "paid_down", 5), (10, 10, "withheld_down", 10),     # nothing to withhold
    (0, 10, "paid_down", 0), (0, 10, "withheld_down", 0),
    (75, 4, "paid_down", 37), (75, 4, "withheld_down", 39),      # 37 down to 36 withheld
])
def test_the_part_paid_out(revenue: int, shares: int, reading: str, paid: int) -> None:
    assert half_pay.paid_out(revenue, shares, {"half_pay_rounding": reading}) == paid


def test_the_default_is_the_rules_difference_list() -> None:
    assert half_pay.paid_out(70, 10, {}) == 35
    assert API.new_game(["P1", "P2"], {"title": "1870"})["options"]["half_pay_rounding"] == \
        "paid_down"


@pytest.mark.parametrize(("reading", "per_share", "treasury"), [
    ("paid_down", 3, 40 + 6), ("withheld_down", 4, 30 + 8)])
def test_a_half_payout_of_70_on_10_shares(reading: str, per_share: int, treasury: int) -> None:
    p = BUILDERS["1870_half_dividend"]()  # P1 6 shares, P2 2, unissued 2; SSW at 100
    p["options"]["half_pay_rounding"] = reading
    after = API.apply(p, {"type": "dividend", "company": "SSW", "kind": "half"})
    assert cash(after, "P1") - cash(p, "P1") == 6 * per_share
    assert cash(after, "P2") - cash(p, "P2") == 2 * per_share
    assert company(after, "SSW")["treasury"] - company(p, "SSW")["treasury"] == treasury
    assert company(after, "SSW")["share_price"] == 100
    assert API.conservation(p, after) == []


@pytest.mark.parametrize("reading", half_pay.READINGS)
def test_full_payout_and_withholding_do_not_depend_on_the_reading(reading: str) -> None:
    p = BUILDERS["1870_half_dividend"]()
    p["options"]["half_pay_rounding"] = reading
    full = API.apply(p, {"type": "dividend", "company": "SSW", "kind": "payout"})
    assert cash(full, "P1") - cash(p, "P1") == 42
    kept = API.apply(p, {"type": "dividend", "company": "SSW", "kind": "withhold"})
    assert company(kept, "SSW")["treasury"] - company(p, "SSW")["treasury"] == 70


def test_the_reading_is_for_titles_with_a_half_dividend() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1", "P2"], {"title": "1830", "half_pay_rounding": "withheld_down"})
    assert err.value.field == "options.half_pay_rounding"
    p = BUILDERS["1830_pool_dividend"]()
    p["options"]["half_pay_rounding"] = "withheld_down"
    with pytest.raises(MalformedInput) as err:
        API.validate(p)
    assert err.value.field == "options.half_pay_rounding"
    assert API.new_game(["P1", "P2"], {"title": "1870", "half_pay_rounding": "withheld_down"})


def test_an_unknown_reading_is_refused() -> None:
    with pytest.raises(MalformedInput) as err:
        API.new_game(["P1", "P2"], {"title": "1870", "half_pay_rounding": "nearest"})
    assert "half_pay_rounding" in err.value.field

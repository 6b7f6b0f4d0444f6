"""Per-title limits on trains sold between companies (18xx Rules Difference List 9.1):
1825's lowest price 10, 1835's sales from phase 2.1 (once a 3 train is bought)."""

from __future__ import annotations

import copy

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API
from oracle.eighteen.load.loader import check_references, load_title_data
from oracle.eighteen.titles import TITLES
from oracle.eighteen.train_trade import phase_reached
from tests.eighteen.golden_positions import BUILDERS


def test_the_limits_in_the_data() -> None:
    limits = {t: (TITLES[t].train_trade_min_price, TITLES[t].train_trade_from_phase)
              for t in TITLES}
    assert limits == {t: (1, "") for t in TITLES} | {"1825": (10, ""), "1835": (1, "2.1")}


def test_phase_order() -> None:
    title = TITLES["1835"]
    assert not phase_reached(title, "1.2", "2.1")
    assert phase_reached(title, "2.1", "2.1") and phase_reached(title, "3.4", "2.1")
    assert phase_reached(title, "1.1", "")


def test_the_loader_refuses_an_unknown_trade_phase() -> None:
    data = copy.deepcopy(load_title_data("1835"))
    data["train_trade"] = {"from_phase": "9.9"}
    assert "train_trade from_phase 9.9 is unknown" in check_references(data, {})


@pytest.mark.parametrize(("price", "code"), [(9, "train/price_too_low"), (10, "")])
def test_1825_trades_start_at_10(price: int, code: str) -> None:
    p = BUILDERS["1825_train_trade"]()
    action = {"type": "buy_train", "company": "LNWR", "train": "2", "from": "GWR",
              "price": price}
    if code:
        before = copy.deepcopy(p)
        with pytest.raises(IllegalAction) as err:
            API.apply(p, action)
        assert err.value.code == code and p == before
    else:
        assert API.apply(p, action)["companies"]


def test_1835_trades_open_with_phase_2_1() -> None:
    p = BUILDERS["1835_train_trade"]()
    p["phase"] = "2.1"
    after = API.apply(p, {"type": "buy_train", "company": "BA", "train": "2+2", "from": "WT",
                          "price": 1})
    assert next(c for c in after["companies"] if c["id"] == "BA")["trains"] == ["2", "2+2"]

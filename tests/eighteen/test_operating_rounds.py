"""Sets of operating rounds (rounds.py): the position's ``round``, the next round of
the set, and the bank-break end after the set's last round."""

from __future__ import annotations

from typing import Any

import pytest

from oracle.core.errors import MalformedInput
from oracle.eighteen.api import API
from oracle.eighteen.model.state import State
from tests.eighteen.positions import bank_at
from tests.eighteen.test_operating import company, dividend_step

JSON = dict[str, Any]


def nyc_last(k: int | None, n: int | None) -> JSON:
    """1830: NYC, last in the order, about to pass its token step; round k of n."""
    p = dividend_step()
    del p["depot"]
    p["turn"] = {"company": "NYC", "step": "token", "tile_lays": 0, "tokened": False,
                 "special_tiles": []}
    company(p, "PRR")["share_price"] = 67
    company(p, "NYC")["share_price"] = 100
    if k is not None and n is not None:
        p["round"] = {"operating": k, "of": n}
    return API.canonical(p)


def pass_(p: JSON, cid: str) -> JSON:
    after = API.apply(p, {"type": "pass", "company": cid})
    assert API.conservation(p, after) == []
    assert API.canonical(after) == after and State.from_json(after).to_json() == after
    return after


def test_a_position_without_a_round_ends_with_its_own() -> None:
    after = pass_(nyc_last(None, None), "NYC")
    assert after["turn"]["step"] == "done" and API.game_over(after)
    assert "round" not in after


def test_the_next_round_of_the_set_starts_in_share_price_order() -> None:
    after = pass_(nyc_last(1, 2), "NYC")
    assert after["round"] == {"operating": 2, "of": 2}
    assert after["operating_order"] == ["NYC", "PRR"]  # 100 before 67
    assert after["turn"] == {"company": "NYC", "step": "track", "tile_lays": 0,
                             "tokened": False, "special_tiles": []}
    assert not API.game_over(after)


def test_the_last_round_of_the_set_ends_play() -> None:
    after = pass_(nyc_last(2, 2), "NYC")
    assert after["turn"]["step"] == "done" and API.game_over(after)
    assert after["round"] == {"operating": 2, "of": 2}


def test_a_broken_bank_plays_out_the_set() -> None:
    p = nyc_last(1, 3)
    bank_at(p, -10)["bank_broken"] = True
    q = pass_(p, "NYC")
    rounds = [q["round"]["operating"]]
    while not API.game_over(q):
        q = API.apply(q, API.legal_actions(q)[0])
        rounds.append(q["round"]["operating"])
    assert sorted(set(rounds)) == [2, 3]
    assert q["round"] == {"operating": 3, "of": 3} and q["bank_broken"] is True


@pytest.mark.parametrize("bad", [{"operating": 3, "of": 2}, {"operating": 0, "of": 2},
                                 {"operating": 1}])
def test_a_round_beyond_its_set_is_malformed(bad: JSON) -> None:
    p = nyc_last(None, None)
    p["round"] = bad
    with pytest.raises(MalformedInput):
        API.validate(p)

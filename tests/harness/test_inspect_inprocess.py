"""An in-process B batches (``InProcess.batches``): the lockstep then asks both sides
through ``start_inspect``. Against a served A that does not declare ``inspect`` (each
fake adapter mode: crashes, hangs, garbage, refusals, gaps), every game comes out as
with the single questions: the same actions, gaps, end and divergence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from harness_paths import FAKE
from toygame import TOY

from oracle.harness.lockstep import Chooser, Lockstep, index_chooser
from oracle.protocol.client import ProtocolClient
from oracle.protocol.inprocess import InProcess

MODES = ("good", "crash", "hang", "garbage", "wrong_seq", "liar", "bad_schema", "die_once",
         "errored", "skipped", "unsupported_apply", "lenient", "picky")
CHOOSERS: list[Callable[[], Chooser]] = [
    lambda: index_chooser([0] * 10), lambda: index_chooser([1, 0, 1, 1, 0, 1, 1, 0])]


class Single(InProcess):
    """The toy, asked one question at a time."""

    def batches(self) -> bool:
        return False


def _play(b: InProcess, mode: str, choose: Chooser, tmp: str) -> Any:
    a = ProtocolClient(f"{FAKE} {mode} {tmp}/state", timeout=1.5, start_timeout=10.0,
                       max_restarts=1)
    try:
        played = Lockstep(a, b, "toy").play(["a", "b"], {}, choose, 10)
    finally:
        a.close()
    d = played.divergence
    return (played.actions, played.gaps, played.over,
            None if d is None else (d.step, d.kind, d.detail))


@pytest.mark.parametrize("mode", MODES)
def test_a_served_a_comes_out_alike(mode: str, tmp_path: Any) -> None:
    for n, choose in enumerate(CHOOSERS):
        batched = InProcess(overrides={"toy": TOY}, games=["toy"])
        single = Single(overrides={"toy": TOY}, games=["toy"])
        assert batched.batches() and not single.batches()
        (tmp_path / f"b{n}").mkdir()
        (tmp_path / f"s{n}").mkdir()
        assert _play(batched, mode, choose(), str(tmp_path / f"b{n}")) == _play(
            single, mode, choose(), str(tmp_path / f"s{n}"))

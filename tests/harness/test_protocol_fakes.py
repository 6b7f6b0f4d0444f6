"""The client against deliberately broken adapters: each breakage gets its outcome,
and the harness survives it within bounded time (short timeouts, few restarts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness_paths import FAKE

from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import (
    Crashed,
    Errored,
    ImplementationOutcome,
    TimedOut,
    UndeclaredGap,
    Unsupported,
)

ADD = {"type": "add", "n": 2}


def client(mode: str, tmp_path: Path | None = None, **kw: object) -> ProtocolClient:
    state = f" {tmp_path / 'state'}" if tmp_path else ""
    options = {"timeout": 0.5, "start_timeout": 2.0, "max_restarts": 1, **kw}
    return ProtocolClient(f"{FAKE} {mode}{state}", **options)  # type: ignore[arg-type]


def one_apply(c: ProtocolClient) -> object:
    position = c.new_game("toy", ["a", "b"], {})
    return c.apply("toy", position, ADD)


def test_good_adapter_answers_every_query() -> None:
    c = client("good")
    try:
        hello = c.hello()
        assert hello["protocol"] == 2 and hello["level"] == "reasons"
        assert hello["games"][0]["game"] == "toy"
        position = c.new_game("toy", ["a", "b"], {"step_max": 3})
        assert c.check_position("toy", position) is None
        bad = c.check_position("toy", {**position, "total": 11})
        assert bad is not None and bad.field == "total"
        assert len(c.legal_actions("toy", position)) == 3
        verdict = c.apply("toy", position, {"type": "add", "n": 4})
        assert not verdict.accepted and verdict.code == "add/out_of_range"
        verdict = c.apply("toy", position, ADD)
        assert verdict.accepted and verdict.position is not None
        assert verdict.position["total"] == 2
        assert c.scores("toy", position) == {"a": 0, "b": 0}
        assert c.game_over("toy", {**position, "total": 10}) is True
        assert c.canonical("toy", position) == position
    finally:
        c.close()


@pytest.mark.parametrize(("mode", "outcome", "words"), [
    ("crash", Crashed, "closed its output"),
    ("hang", TimedOut, "no reply within"),
    ("garbage", Crashed, "not JSON"),
    ("wrong_seq", Crashed, "has seq"),
    ("bad_schema", Crashed, "breaks the protocol"),
    ("crash_on_start", Crashed, "closed its output"),
    ("errored", Errored, "engine exploded"),
    # an unsupported or skipped answer no declaration covers is an undeclared gap,
    # on setting a game up (liar) as anywhere else
    ("skipped", UndeclaredGap, "known gap"),
    ("unsupported_apply", UndeclaredGap, "no adding"),
    ("liar", UndeclaredGap, "not really"),
])
def test_each_breakage_has_its_outcome(mode: str, outcome: type[ImplementationOutcome],
                                       words: str) -> None:
    c = client(mode)
    try:
        with pytest.raises(outcome, match=words):
            position = c.new_game("toy", ["a", "b"], {})
            assert c.check_position("toy", position) is None
            c.apply("toy", position, ADD)
    finally:
        c.close()


def test_a_flood_is_cut_at_the_reply_bound() -> None:
    c = client("flood", max_reply_bytes=4096)
    try:
        with pytest.raises(Crashed, match="larger than 4096 bytes"):
            one_apply(c)
    finally:
        c.close()


def test_unsolicited_lines_are_a_crash() -> None:
    c = client("chatty")
    try:
        one_apply(c)
        with pytest.raises(Crashed, match=r"unsolicited|has seq"):  # depends on timing
            one_apply(c)
    finally:
        c.close()


def test_a_dead_adapter_is_restarted_with_the_handshake_replayed(tmp_path: Path) -> None:
    # unisolated: the fake remembers across restarts in a file the sandbox would hide
    c = client("die_once", tmp_path, isolate="no")
    try:
        with pytest.raises(Crashed):
            one_apply(c)
        verdict = one_apply(c)  # a fresh process, handshake replayed, same answers
        assert getattr(verdict, "accepted", False)
        assert c.starts == 2
    finally:
        c.close()


def test_restarts_are_bounded_then_fail_fast() -> None:
    c = client("crash", max_restarts=1)
    try:
        for _ in range(2):
            with pytest.raises(Crashed, match="closed its output"):
                one_apply(c)
        with pytest.raises(Crashed, match="gave up"):
            one_apply(c)
        assert c.starts == 2
    finally:
        c.close()


def test_stderr_is_a_log_channel_not_a_crash() -> None:
    c = client("stderr_noise")
    try:
        for _ in range(5):
            assert getattr(one_apply(c), "accepted", False)
    finally:
        c.close()


def test_crash_detail_carries_the_adapter_stderr() -> None:
    c = client("crash_on_start")
    try:
        with pytest.raises(Crashed) as info:
            one_apply(c)
        assert "exit code 3" in info.value.message
    finally:
        c.close()


def test_undeclared_options_and_games_are_not_sent() -> None:
    c = client("good")
    try:
        with pytest.raises(Unsupported, match="not declared"):
            c.new_game("toy", ["a"], {"step_max": 5})
        with pytest.raises(Unsupported, match="not declared"):
            c.new_game("rocket", ["a", "b"], {})
        with pytest.raises(Unsupported, match="not declared"):
            c.new_game("toy", ["a"], {"colour": "red"})
    finally:
        c.close()


def test_a_position_s_undeclared_options_are_refused_after_declared_ones() -> None:
    """(The values last found declared are not looked up again: other values are.)"""
    c = client("good")
    try:
        start = c.new_game("toy", ["a"], {})
        assert c.legal_actions("toy", start)
        for options in ({"step_max": 5}, {"colour": "red"}):
            with pytest.raises(Unsupported, match="not declared"):
                c.legal_actions("toy", {**start, "options": options})
        assert c.legal_actions("toy", start)
        with pytest.raises(Unsupported, match="not declared"):
            c.legal_actions("rocket", start)
    finally:
        c.close()


def test_an_adapter_that_stops_reading_cannot_hang_the_harness() -> None:
    """A request larger than the pipe buffer, sent to an adapter that no longer
    reads, times out instead of blocking the write forever."""
    c = client("deaf")
    try:
        position = {"padding": "x" * (1 << 20)}
        with pytest.raises(TimedOut):
            c.apply("toy", position, ADD)
    finally:
        c.close()

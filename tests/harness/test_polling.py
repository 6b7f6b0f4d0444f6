"""Waiting for a line by polling first (oracle/protocol/polling.py): the same lines
read, a line that does not come waited for as long as before, and a served campaign
polling on both ends plays the same games as one that sleeps."""

from __future__ import annotations

import io
import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from harness_paths import FAKE
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.harness.fuzz import poll_seconds
from oracle.harness.fuzz_campaign import Campaign, play_one
from oracle.harness.lockstep import Lockstep
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import TimedOut
from oracle.protocol.inprocess import InProcess
from oracle.protocol.polling import (
    BACK_OFF,
    CHECK_EVERY,
    DEFAULT_POLL_US,
    DEFAULT_SPIN,
    Asking,
    PollingLines,
    run_delay,
    wait,
)

SERVE = f"{sys.executable} -m oracle.harness.cli serve"


@contextmanager
def pipe_fed(chunks: list[bytes], pause: float) -> Iterator[int]:
    """The read end of a pipe that a thread writes ``chunks`` to, ``pause`` seconds
    apart, then closes."""
    read_fd, write_fd = os.pipe()

    def feed() -> None:
        for chunk in chunks:
            if pause:
                time.sleep(pause)
            os.write(write_fd, chunk)
        os.close(write_fd)

    feeder = threading.Thread(target=feed)
    feeder.start()
    try:
        yield read_fd
    finally:
        feeder.join()
        os.close(read_fd)


def _lines(reader: io.BufferedReader | PollingLines, limit: int) -> list[bytes]:
    out = []
    while line := reader.readline(limit):
        out.append(line)
    return out


@settings(max_examples=60, deadline=None)
@given(data=st.lists(st.sampled_from([b"a", b"bc", b"\n", b"{}", b"\n\n", b"x" * 40]),
                     max_size=30).map(b"".join),
       cuts=st.lists(st.integers(1, 50), min_size=1, max_size=8),
       limit=st.sampled_from([-1, 1, 3, 16, 1 << 20]),
       spin=st.sampled_from([0.0, 1e-4, DEFAULT_SPIN]),
       pause=st.sampled_from([0.0, 5e-4, 3e-3]))
def test_polling_reads_the_lines_a_buffered_reader_reads(data: bytes, cuts: list[int],
                                                         limit: int, spin: float,
                                                         pause: float) -> None:
    # whatever the chunks and however long each takes: before the spin ends, or after
    chunks, at = [], 0
    for cut in cuts * (len(data) // max(1, sum(cuts)) + 1):
        if at >= len(data):
            break
        chunks.append(data[at:at + cut])
        at += cut
    expected = _lines(io.BufferedReader(io.BytesIO(data)), limit)  # type: ignore[arg-type]
    with pipe_fed(chunks, pause) as fd:
        assert _lines(PollingLines(fd, spin), limit) == expected


@pytest.mark.parametrize("spin", [0.0, 0.01, 5.0])
def test_a_wait_for_a_line_that_does_not_come_ends_at_its_timeout(spin: float) -> None:
    read_fd, write_fd = os.pipe()
    try:
        t0 = time.monotonic()
        ready = lambda timeout: bool(  # noqa: E731
            __import__("select").select([read_fd], [], [], timeout)[0])
        assert not wait(ready, spin, 0.05)
        assert 0.05 <= time.monotonic() - t0 < 1.0  # not the spin's 5 s
        os.write(write_fd, b"x")
        assert wait(ready, spin, 0.05)
    finally:
        os.close(read_fd)
        os.close(write_fd)


class Pipe:
    """A pipe whose line comes on the ``comes``-th ask without waiting (or at once to a
    reader that waits), noting each ask's timeout; a clock read before each ask, ten
    microseconds on each time; and the time kept waiting for a core, ``busy`` of each
    step of that clock (None: not kept)."""

    def __init__(self, comes: int, busy: float | None) -> None:
        self.comes, self.busy = comes, busy
        self.now, self.asked, self.waited = 0.0, 0, 0.0
        self.timeouts: list[float | None] = []

    def wait(self, asking: Asking) -> bool:
        self.asked = 0
        return wait(self.ready, 0.01, 1.0, self.clock, asking)

    def ready(self, timeout: float | None) -> bool:
        self.timeouts.append(timeout)
        self.asked += 1
        return timeout != 0 or self.asked >= self.comes

    def clock(self) -> float:
        self.now += 1e-5
        self.waited += (self.busy or 0.0) * 1e-5
        return self.now

    def delay(self) -> float | None:
        return None if self.busy is None else self.waited


def test_a_reader_kept_waiting_for_a_core_sleeps_a_while_then_asks_again() -> None:
    pipe = Pipe(comes=3, busy=0.5)  # another process wants the cores: half the time
    asking = Asking(pipe.delay)
    assert all(pipe.wait(asking) for _ in range(2 * CHECK_EVERY))
    assert asking.asleep == 0 and pipe.timeouts.count(0) == 3 * 2 * CHECK_EVERY
    assert asking.busy  # once busy: not yet a busy machine
    assert pipe.wait(asking) and asking.asleep == BACK_OFF  # twice: sleeps at once
    asked = len(pipe.timeouts)
    assert pipe.wait(asking) and pipe.timeouts[asked:] == [1.0]
    assert asking.asleep == BACK_OFF - 1
    asking.asleep = 1
    assert pipe.wait(asking) and asking.asleep == 0
    # still busy: asks again, finds it so twice again, and sleeps twice as long
    assert all(pipe.wait(asking) for _ in range(2 * CHECK_EVERY + 1))
    assert asking.asleep == 2 * BACK_OFF
    asking.asleep = 0
    pipe.busy = 0.0
    asked = len(pipe.timeouts)
    assert pipe.wait(asking) and pipe.timeouts[asked:] == [0, 0, 0]  # asks again
    assert all(pipe.wait(asking) for _ in range(2 * CHECK_EVERY))
    assert asking.asleep == 0 and asking.back_off == BACK_OFF  # quiet: as at first


def test_a_moment_s_overlap_is_not_a_busy_machine() -> None:
    pipe = Pipe(comes=3, busy=0.0)
    asking = Asking(pipe.delay)
    for _ in range(20):
        pipe.busy = 0.5 if not pipe.busy else 0.0  # busy at every other check
        for _ in range(CHECK_EVERY):
            assert pipe.wait(asking)
    assert asking.asleep == 0 and pipe.timeouts.count(1.0) == 0


@pytest.mark.parametrize("busy", [0.02, None])
def test_a_reader_on_a_quiet_machine_or_one_that_cannot_tell_goes_on_asking(
        busy: float | None) -> None:
    pipe = Pipe(comes=3, busy=busy)
    asking = Asking(pipe.delay)
    assert all(pipe.wait(asking) for _ in range(10 * CHECK_EVERY))
    assert asking.asleep == 0 and pipe.timeouts.count(1.0) == 0
    assert pipe.timeouts.count(0) == 3 * 10 * CHECK_EVERY


def test_the_kernel_s_count_of_time_kept_waiting_is_read() -> None:
    found = run_delay()
    if not Path("/proc/thread-self/schedstat").exists():
        assert found is None
    else:
        assert found is not None and found >= 0


def test_a_client_that_polls_still_times_out_an_adapter_that_hangs() -> None:
    client = ProtocolClient(f"{FAKE} hang", timeout=0.3, start_timeout=10.0, max_restarts=0,
                            isolate="no")
    client.spin = 5.0  # far past the timeout: the timeout still rules
    try:
        position = client.new_game("toy", ["a", "b"], {})
        t0 = time.monotonic()
        with pytest.raises(TimedOut):
            client.apply("toy", position, {"type": "add", "n": 1})
        assert time.monotonic() - t0 < 3.0
    finally:
        client.close()


def _games(serve: str, polls: float) -> tuple[list[object], list[float]]:
    b = ProtocolClient(serve, timeout=10.0, max_restarts=0, isolate="no")
    lock = Lockstep(InProcess(), b, "rocket")
    lock.polls = polls
    campaign = Campaign(impl="oracle", against="oracle", game="rocket", seed=3, games=2,
                        max_actions=60)
    spins = []
    try:
        games = []
        for index in range(campaign.games):
            played = play_one(lock, campaign, index)
            spins.append(b.spin)
            games.append((played.actions, played.divergence, played.stopped))
        return games, spins
    finally:
        b.close()


def test_a_served_campaign_polling_on_both_ends_plays_the_same_games() -> None:
    sleeping, _ = _games(SERVE, 0.0)
    polling, spins = _games(f"{SERVE} --poll-us 2000", DEFAULT_SPIN)
    assert polling == sleeping
    assert all(len(actions) > 0 for actions, _, _ in sleeping)  # type: ignore[misc]
    assert spins == [0.0, 0.0]  # the client sleeps again once the game is over


def test_the_lockstep_polls_a_served_side_only_while_a_game_lasts() -> None:
    seen: list[float] = []

    class Seeing(ProtocolClient):
        def start_inspect(self, *args: object, **kwargs: object) -> object:
            seen.append(self.spin)
            return super().start_inspect(*args, **kwargs)  # type: ignore[arg-type]

    b = Seeing(SERVE, timeout=10.0, max_restarts=0, isolate="no")
    lock = Lockstep(InProcess(), b, "rocket")
    lock.polls = 0.003
    try:
        play_one(lock, Campaign(impl="oracle", against="oracle", game="rocket", seed=1,
                                max_actions=5), 0)
    finally:
        b.close()
    assert seen and set(seen) == {0.003}
    assert b.spin == 0.0


def test_fuzz_polls_with_one_job_and_sleeps_with_several() -> None:
    assert poll_seconds(None, 0, "") == DEFAULT_POLL_US / 1e6 == DEFAULT_SPIN
    assert poll_seconds(None, 1, "") == DEFAULT_SPIN
    assert poll_seconds(None, 2, "") == 0.0
    assert poll_seconds(None, 0, "-d --tx 2*popen") == 0.0
    assert poll_seconds(500, 4, "") == 0.0005
    assert poll_seconds(0, 0, "") == 0.0


@pytest.mark.parametrize("pause", [0.0, 3e-3])
def test_serve_answers_from_a_polled_pipe_as_from_a_file(pause: float) -> None:
    from oracle.protocol.server import serve
    hello = b'{"seq":1,"cmd":"hello","protocol":2}\n'
    new = b'{"seq":2,"cmd":"new_game","game":"rocket","players":["a","b"],"options":{}}\n'
    big = b'{"seq":3,"cmd":"hello","pad":"' + b"x" * 300 + b'"}\n'  # over the bound
    requests = hello + new + big + b"\n" + hello.replace(b'"seq":1', b'"seq":4')
    whole = io.BytesIO()
    serve(InProcess(), io.BytesIO(requests), whole, max_request=200)
    polled = io.BytesIO()
    with pipe_fed([requests[k:k + 37] for k in range(0, len(requests), 37)], pause) as fd:
        serve(InProcess(), PollingLines(fd, DEFAULT_SPIN), polled, max_request=200)
    assert polled.getvalue() == whole.getvalue()
    assert whole.getvalue().count(b"\n") == 4 and b"larger than 200" in whole.getvalue()

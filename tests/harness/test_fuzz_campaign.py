"""Fuzz campaigns: lockstep agreement, the resumable stream, pytest-xdist items, the
JavaScript example, and comparing two certification reports."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from harness_paths import FAKE, ROOT

from oracle.harness.cli import main
from oracle.harness.fuzz_campaign import STREAM, read_stream
from oracle.harness.lockstep import Lockstep, position_diff, replay_chooser
from oracle.harness.report_diff import compare
from oracle.protocol.client import ProtocolClient
from oracle.protocol.inprocess import InProcess

NODE = shutil.which("node")


def fuzz(out: Path, *argv: str) -> int:
    return main(["fuzz", "--out", str(out), "--progress", "no", *argv])


def test_oracle_agrees_with_itself_in_process(tmp_path: Path) -> None:
    assert fuzz(tmp_path, "--impl", "oracle", "--games", "3", "--max-actions", "3") == 0
    games = read_stream(tmp_path / STREAM)
    assert sorted(games) == [0, 1, 2]
    assert {g["outcome"] for g in games.values()} == {"capped"}
    assert all(g["actions"] == 3 and 2 <= g["players"] <= 4 for g in games.values())
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["this_run"]["games"] == 3 and "finding" not in summary


def test_a_killed_campaign_resumes(tmp_path: Path) -> None:
    argv = ("--impl", "oracle", "--max-actions", "1", "--players", "2")
    assert fuzz(tmp_path, *argv, "--games", "2") == 0
    stream = tmp_path / STREAM
    first = stream.read_text()
    with stream.open("a") as handle:
        handle.write('{"game_index": 2, "outc')  # killed mid-line
    assert fuzz(tmp_path, *argv, "--games", "4", "--resume") == 0
    text = stream.read_text()
    assert text.startswith(first) and sorted(read_stream(stream)) == [0, 1, 2, 3]
    assert len(text.splitlines()) == 4  # games 0 and 1 were not played again


def test_resume_refuses_other_games(tmp_path: Path) -> None:
    assert fuzz(tmp_path, "--impl", "oracle", "--max-actions", "1", "--games", "1") == 0
    with pytest.raises(SystemExit, match="other games"):
        fuzz(tmp_path, "--impl", "oracle", "--max-actions", "2", "--games", "1", "--resume")


def test_games_spread_over_xdist_workers(tmp_path: Path) -> None:
    assert fuzz(tmp_path, "--impl", "oracle", "--games", "4", "--max-actions", "1",
                "--players", "2", "-j", "2") == 0
    assert sorted(read_stream(tmp_path / STREAM)) == [0, 1, 2, 3]


def test_same_game_same_choices(tmp_path: Path) -> None:
    """Game i depends on the seed and i only: two campaigns agree line for line."""
    for name in ("a", "b"):
        assert fuzz(tmp_path / name, "--impl", "oracle", "--games", "2", "--max-actions",
                    "2", "--seed", "7", "--keep-going") == 0
    strip = [{k: v for k, v in g.items() if k != "seconds"}
             for g in read_stream(tmp_path / "a" / STREAM).values()]
    again = [{k: v for k, v in g.items() if k != "seconds"}
             for g in read_stream(tmp_path / "b" / STREAM).values()]
    assert strip == again


def test_replayed_refusal_is_compared() -> None:
    lock = Lockstep(InProcess(), InProcess(), "rocket")
    bogus = {"type": "place_station", "player": "p2", "to": "A1"}
    played = lock.play(["p1", "p2"], {}, replay_chooser([bogus]), 1)
    assert played.divergence is None and played.actions == [bogus]


def test_position_diff_names_paths() -> None:
    got = position_diff({"a": 1, "b": [1, 2], "c": {"d": 3}}, {"a": 1, "b": [1, 5], "c": {}})
    assert [d["path"] for d in got] == ["b[1]", "c.d"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_js_example_fuzzed_against_the_oracle(tmp_path: Path) -> None:
    """The JavaScript adapter makes no new games and answers no legal actions or moves:
    it is handed the oracle's positions and compared on everything it does answer
    (stations, tokens, scores, game over). No divergence is known."""
    adapter = f"{NODE} {ROOT / 'examples' / 'js-rocket' / 'adapter.mjs'}"
    code = fuzz(tmp_path, "--impl", "oracle", "--against", adapter, "--games", "3",
                "--max-actions", "20")
    games = read_stream(tmp_path / STREAM)
    assert code == 0, [g.get("divergence") for g in games.values()]
    answered = sum(4 * g["actions"] - g["gaps"] for g in games.values())
    assert answered > 0 and all(g["gaps"] > 0 for g in games.values())


def _report(outcomes: dict[str, str], follows: list[str] | None = None,
            certified: bool = False) -> dict[str, Any]:
    return {"certified": certified,
            "results": [{"id": k, "outcome": v} for k, v in outcomes.items()],
            "open_rulings": {"SR-X-01": {"follows": follows or []}}}


def test_report_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _report({"a": "pass", "b": "fail", "c": "pass", "d": "unsupported"}, ["x=1"], True)
    new = _report({"a": "fail", "b": "pass", "c": "pass", "d": "skipped", "e": "crash"},
                  ["x=2"])
    diff = compare(old, new)
    assert [e["id"] for e in diff["regressions"]] == ["a", "e"]
    assert [e["id"] for e in diff["progressions"]] == ["b"]
    assert [e["id"] for e in diff["other_changes"]] == ["d"]
    # leaving pass for a gap or for nowhere, and a gap turning into a failure, regress
    worse = compare(_report({"p": "pass", "q": "pass", "u": "unsupported", "g": "pass"}),
                    _report({"p": "unsupported", "u": "fail", "g": "undeclared-gap"}))
    assert [e["id"] for e in worse["regressions"]] == ["g", "p", "q", "u"]
    hashes = compare({**old, "suite": {"hash": "aa"}}, {**old, "suite": {"hash": "bb"}})
    assert hashes["warnings"] and not hashes["regressions"]
    assert diff["changed_readings"] == [{"ruling": "SR-X-01", "old": ["x=1"], "new": ["x=2"]}]
    for name, data in (("old", old), ("new", new)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "report.json").write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["diff", str(tmp_path / "old"), str(tmp_path / "new" / "report.json")]) == 1
    text = capsys.readouterr().out
    assert "regressions: 2" in text and "  a: pass -> fail" in text
    assert "certified: True -> False" in text
    assert main(["diff", str(tmp_path / "old"), str(tmp_path / "old")]) == 0
    assert main(["diff", str(tmp_path / "old"), str(tmp_path / "nowhere")]) == 2


def test_machines_split_a_campaign_and_merge(tmp_path: Path) -> None:
    """Disjoint --start ranges on two machines; their streams concatenate into one."""
    argv = ("--impl", "oracle", "--max-actions", "1", "--players", "2", "--games", "2")
    assert fuzz(tmp_path / "one", *argv) == 0
    assert fuzz(tmp_path / "two", *argv, "--start", "2") == 0
    merged = tmp_path / "one" / STREAM
    merged.write_text(merged.read_text() + (tmp_path / "two" / STREAM).read_text())
    before = merged.read_text()
    assert fuzz(tmp_path / "one", "--impl", "oracle", "--max-actions", "1", "--players", "2",
                "--games", "4", "--resume") == 0
    assert merged.read_text() == before  # nothing left to play
    assert sorted(read_stream(merged)) == [0, 1, 2, 3]


def test_bench_reports_fuzz_throughput() -> None:
    from oracle.harness.fuzz_bench import fuzz_figures
    got = fuzz_figures("rocket", 1, 1)
    assert got["fuzz_games_per_s"] > 0 and got["fuzz_inprocess_games_per_s"] > 0
    assert got["fuzz_protocol_ratio"] is not None and got["fuzz_max_actions"] == 1


def test_bench_ratio_is_the_median_of_alternated_rounds() -> None:
    """Each game is timed both ways back to back (a round), so the machine's drift
    meets both; the ratio reported is the median of the rounds' ratios."""
    from oracle.harness.fuzz_bench import fuzz_figures
    got = fuzz_figures("rocket", 2, 2)
    rounds = got["fuzz_protocol_ratio_rounds"]
    assert len(rounds) == 2 and all(r > 0 for r in rounds)
    assert got["fuzz_protocol_ratio"] == round(statistics.median(rounds), 2)
    for key in ("fuzz_games_per_cpu_s", "fuzz_inprocess_games_per_cpu_s"):
        assert got[key] > 0
    # the yardstick's kernel games, timed in each round: the scaled rate is the median
    # of the rounds that play in process first (round 0 of the two)
    scaled = got["fuzz_actions_per_cpu_s_at_kernel_1000_rounds"]
    assert len(scaled) == 1 and all(r > 0 for r in scaled)
    assert got["fuzz_actions_per_cpu_s_at_kernel_1000"] == round(statistics.median(scaled))
    assert got["fuzz_kernel_games_per_cpu_s"] > 0
    cpu_rounds = got.get("fuzz_protocol_cpu_ratio_rounds")
    if cpu_rounds is not None:  # where /proc shows the served process
        assert len(cpu_rounds) == 2
        assert got["fuzz_protocol_cpu_ratio"] == round(statistics.median(cpu_rounds), 2)


def test_yardstick_scales_a_rate_to_the_issues_machine() -> None:
    """A lockstep rate measured where the kernel plays 500 games a CPU second is twice
    that on the issue's machine (1,000); an unknown kernel rate scales to nothing."""
    from oracle.harness.yardstick import Yardstick, at_kernel
    assert at_kernel(4000.0, 500.0) == 8000.0
    assert at_kernel(4000.0, 2000.0) == 2000.0
    assert at_kernel(4000.0, 0.0) == 0.0
    assert Yardstick(games=2).rate(7) > 0


def test_bench_plays_each_game_both_ways_in_alternating_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Round i plays game i in-process, served, then served sending ahead, the other
    way round on odd i; each served process is started once, before any game is
    timed."""
    from oracle.harness import fuzz_bench
    order: list[tuple[str, int]] = []
    play = fuzz_bench.Side.play

    def spy(side: fuzz_bench.Side, index: int) -> fuzz_bench.Timed:
        b = side.lock.b
        served = isinstance(b, ProtocolClient)
        if isinstance(b, ProtocolClient):
            assert b.pid is not None  # started before the clock ran
        order.append(("inprocess" if not served else
                      "ahead" if side.lock.sends_ahead else "served", index))
        return play(side, index)

    monkeypatch.setattr(fuzz_bench.Side, "play", spy)
    fuzz_bench.fuzz_figures("rocket", 3, 1)
    assert order == [("inprocess", 0), ("served", 0), ("ahead", 0),
                     ("ahead", 1), ("served", 1), ("inprocess", 1),
                     ("inprocess", 2), ("served", 2), ("ahead", 2)]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                    reason="reads CPU time from Linux's /proc, which this system lacks; "
                    "the fallback without it is tested by test_bench_cpu_falls_back_to_totals")
def test_served_cpu_reads_the_served_process_tree() -> None:
    from oracle.harness.fuzz_bench import SERVE, served_cpu
    client = ProtocolClient(SERVE)
    assert served_cpu(client) is None  # not started yet
    try:
        client.hello()
        spent = served_cpu(client)
        assert spent is not None and spent > 0  # its start-up, at least
    finally:
        client.close()
    assert served_cpu(client) is None and served_cpu(InProcess()) is None


def test_bench_cpu_falls_back_to_totals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the served process cannot be read per game, its CPU comes from the exited
    children's totals (start-up included), as a ratio of totals with no rounds."""
    from oracle.harness import fuzz_bench
    monkeypatch.setattr(fuzz_bench, "served_cpu", lambda impl: None)
    got = fuzz_bench.fuzz_figures("rocket", 1, 1)
    assert "fuzz_protocol_cpu_ratio_rounds" not in got
    assert got["fuzz_games_per_cpu_s"] > 0 and got["fuzz_protocol_cpu_ratio"] > 0
    assert len(got["fuzz_protocol_ratio_rounds"]) == 1


@pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                    reason="reads CPU time from Linux's /proc, which this system lacks; "
                    "the fallback without it is tested by test_bench_cpu_falls_back_to_totals")
def test_tree_cpu_counts_a_running_process_only() -> None:
    from oracle.harness.proc_cpu import tree_cpu
    mine = tree_cpu(os.getpid())
    assert mine is not None and mine > 0
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    assert tree_cpu(gone.pid) is None


def test_a_campaign_that_compares_nothing_says_so(tmp_path: Path) -> None:
    # No game gets past its first position (here: no action allowed), so "agree" would
    # claim what was never tested (exit 3).
    assert fuzz(tmp_path, "--impl", "oracle", "--games", "2", "--max-actions", "0") == 3
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["nothing_compared"] is True and summary["this_run"]["actions"] == 0
    assert fuzz(tmp_path / "one", "--impl", "oracle", "--games", "1",
                "--max-actions", "1") == 0
    assert "nothing_compared" not in json.loads((tmp_path / "one" / "summary.json").read_text())


def test_18xx_games_start_from_openings(tmp_path: Path) -> None:
    # A new 18xx game has no company operating; its games start from the scenarios'
    # Given positions (oracle/eighteen/openings.py) and so play actions.
    assert fuzz(tmp_path, "--impl", "oracle", "--game", "18xx", "--games", "6",
                "--max-actions", "20") == 0
    games = read_stream(tmp_path / STREAM)
    assert sum(g["actions"] for g in games.values()) > 0
    assert {g["players"] for g in games.values()} == {3}
    # an opening has its own players
    assert fuzz(tmp_path / "p", "--impl", "oracle", "--game", "18xx", "--players", "4",
                "--games", "1") == 2


def test_a_crashing_b_is_reported_with_its_finding(tmp_path: Path) -> None:
    # B dies at start: the game diverges with an error, and the finding (trace, draft,
    # divide) is still written; the divide says what stopped it instead of raising.
    assert fuzz(tmp_path, "--impl", "oracle", "--against", f"{FAKE} crash_on_start",
                "--games", "1",
                "--max-actions", "5") == 1
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["finding"]["kind"] == "error"
    assert "stopped: a side gave crash" in (tmp_path / "divide.txt").read_text()


def test_bad_command_lines_are_refused_before_any_game(tmp_path: Path) -> None:
    assert fuzz(tmp_path / "m", "--impl", "mutant:no_such_mutant", "--games", "1") == 2
    assert fuzz(tmp_path / "o", "--impl", "oracle", "--option", "bogus=1", "--games", "1") == 2
    assert fuzz(tmp_path / "t", "--impl", "oracle", "--game", "18xx", "--option",
                "title=no_such_title", "--games", "1") == 2


def test_games_a_failed_worker_left_unfinished_are_reported(tmp_path: Path) -> None:
    # pytest refuses the workers' command line: no game finishes; the run says so and
    # keeps pytest's output, and --resume plays them (exit 4, not a quiet 0)
    assert fuzz(tmp_path, "--impl", "oracle", "--games", "2", "--max-actions", "1",
                "--xdist", "-n 1 --no-such-pytest-flag") == 4
    assert "--no-such-pytest-flag" in (tmp_path / "workers.log").read_text()
    assert fuzz(tmp_path, "--impl", "oracle", "--games", "2", "--max-actions", "1",
                "--resume") == 0
    assert sorted(read_stream(tmp_path / STREAM)) == [0, 1]

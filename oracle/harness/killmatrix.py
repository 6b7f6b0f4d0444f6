"""Run each game's features against every mutant and print the kill matrix.

Every mutant (oracle/harness/mutants) is served over the adapter protocol
(``railrules serve-mutant NAME``) and graded exactly as an outside engine is: the
game's feature module runs in a pytest subprocess with ``--impl mutant:NAME`` and
streams its results (oracle.harness.collect) to a file. A scenario kills the mutant
only when its outcome is ``fail``: a wrong answer at a When or Then step. A failure
while the Given steps build the position is a ``setup-error`` and kills nothing.
The oracle, served the same way, is the baseline every scenario must pass.

Exit status 0 only when the baseline passes, every mutant is killed, each mutant is
killed by a scenario of a ruling it claims to break, every ruling's scenarios kill
at least one mutant and every scenario kills at least one mutant.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from oracle.harness.results_stream import iter_records
from oracle.harness.suite_info import front_door

#: the served oracle, graded like the mutants
BASELINE = "serve"


@dataclass
class Run:
    impl: str
    returncode: int
    #: scenario id -> rulings
    scenarios: dict[str, list[str]] = field(default_factory=dict)
    #: scenario id -> outcome
    outcomes: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    tail: str = ""

    @property
    def failed(self) -> set[str]:
        """The scenarios that kill: a wrong answer at a When or Then step."""
        return {sid for sid, outcome in self.outcomes.items() if outcome == "fail"}

    @property
    def not_passing(self) -> dict[str, str]:
        return {sid: o for sid, o in self.outcomes.items() if o != "pass"}


def run_batch(game: str, impls: Sequence[str], timeout: float = 900.0,
              own: Mapping[str, Sequence[str]] | None = None,
              scenarios: Sequence[str] = ()) -> dict[str, Run]:
    """Run one game's scenarios against each implementation in turn, in one pytest
    subprocess (``--impl-each``: the scenarios are collected once for the batch); each
    result record names its implementation. ``own``: impl -> the rulings whose
    scenarios alone grade it (``--impl-each-rulings``); ``scenarios``: only these ids."""
    specs = {impl: (f"{sys.executable} -m oracle.protocol.server" if impl == BASELINE
                    else impl) for impl in impls}
    by_spec = {spec: impl for impl, spec in specs.items()}
    with tempfile.TemporaryDirectory(prefix="railrules-kill-") as tmp:
        out = Path(tmp) / "results.jsonl"
        cmd = [sys.executable, "-m", "pytest", str(front_door()), "--railrules-game", game,
               "-p", "oracle.harness.pytest_plugin", "-q",
               "-p", "no:randomly", "--no-header", "--tb=no", "-p", "no:xdist",
               "--railrules-results", str(out)]
        for spec in specs.values():
            cmd += ["--impl-each", spec]
        if scenarios:
            cmd += ["--railrules-scenario", ",".join(scenarios)]
        if own:
            for impl in specs:
                cmd += ["--impl-each-rulings", ",".join(own.get(impl, ()))]
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True,
                              timeout=timeout * len(impls), check=False)
        seconds = (time.perf_counter() - start) / len(impls)
        tail = (proc.stdout + proc.stderr)[-3000:]
        runs = {impl: Run(impl, proc.returncode, seconds=seconds, tail=tail) for impl in impls}
        for rec in iter_records(out):
            if rec.get("type") == "result":
                run = runs[by_spec[str(rec.get("impl"))]]
                sid = str(rec["id"])
                run.scenarios[sid] = list(rec.get("rulings") or [])
                run.outcomes[sid] = str(rec.get("outcome"))
    # a batch's exit status is shared; a member's own verdict is its outcomes
    for run in runs.values():
        if len(impls) > 1:
            run.returncode = 0 if not run.not_passing else 1
    return runs


#: mutants graded per pytest run: collecting the suite costs seconds, grading one
#: mutant on a game's scenarios about as much again
BATCH = 24


def kill_matrix(games: Sequence[str] | None = None, names: Sequence[str] | None = None,
                jobs: int = 2, own_rulings: bool = False,
                hints: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The matrix as a JSON value (see the module docstring). ``own_rulings``: grade each
    mutant only on the scenarios of the rulings it claims to break (what a kill must
    come from anyway), then search a killer among all mutants for the scenarios those
    leave idle, starting from ``hints`` (default: the file ``HINTS``); about a
    twentieth of the work of the whole matrix."""
    from oracle.harness.mutants import all_mutants
    start = time.perf_counter()
    mutants = [m for m in all_mutants().values()
               if (not games or m.game in games) and (not names or m.name in names)]
    by_game = sorted({m.game for m in mutants} | set(games or ()))
    jobs_list: list[tuple[str, list[str]]] = [(g, [BASELINE]) for g in by_game]
    for game in by_game:
        names = [f"mutant:{m.name}" for m in mutants if m.game == game]
        # at least one batch per job, so both cores stay busy on a short list
        size = max(1, min(BATCH, -(-len(names) // max(1, jobs))))
        jobs_list += [(game, names[i:i + size]) for i in range(0, len(names), size)]

    claimed = {f"mutant:{m.name}": m.rulings for m in mutants} if own_rulings else None

    def one(job: tuple[str, list[str]]) -> list[tuple[str, Run]]:
        game, impls = job
        runs = run_batch(game, impls, own=claimed) if claimed else run_batch(game, impls)
        return [(game, run) for run in runs.values()]

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        runs = [pair for batch in pool.map(one, jobs_list) for pair in batch]
    baseline = {g: r for g, r in runs if r.impl == BASELINE}
    matrix: dict[str, list[str]] = {}
    setup_errors: dict[str, list[str]] = {}
    rulings: dict[str, set[str]] = {}
    problems: list[str] = []
    for game, base in baseline.items():
        if base.not_passing or base.returncode != 0:
            problems.append(f"{game}: the served oracle does not pass {base.not_passing} "
                            f"(exit {base.returncode})\n{base.tail}")
        for rulings_of in base.scenarios.values():
            for ruling in rulings_of:
                rulings.setdefault(ruling, set())
    claims = {m.name: m.rulings for m in mutants}
    for game, run in runs:
        if run.impl == BASELINE:
            continue
        name = run.impl.removeprefix("mutant:")
        killers = sorted(run.failed)
        matrix[name] = killers
        broken = sorted(sid for sid, o in run.outcomes.items() if o == "setup-error")
        if broken:
            setup_errors[name] = broken
        if not run.scenarios:
            problems.append(f"{name}: no scenario ran (exit {run.returncode})\n{run.tail}")
        scen = baseline[game].scenarios if game in baseline else run.scenarios
        own = False
        for sid in killers:
            for ruling in scen.get(sid, run.scenarios.get(sid, [])):
                rulings.setdefault(ruling, set()).add(name)
                own = own or ruling in claims[name]
        if killers and not own:
            problems.append(f"{name}: killed only by scenarios of rulings it does not claim "
                            f"to break ({list(claims[name])}): {killers[:5]}")
    survivors = sorted(n for n, k in matrix.items() if not k)
    killing = {sid for k in matrix.values() for sid in k}
    idle = sorted(sid for b in baseline.values() for sid in b.scenarios if sid not in killing)
    idle_killers: dict[str, str] = {}
    if own_rulings and idle:
        # a scenario no mutant of its own rulings kills may still kill another: the
        # mutants are graded on those scenarios alone, which decides as the whole matrix
        idle_killers = _other_kills(idle, baseline, mutants, jobs,
                                    read_hints() if hints is None else hints)
        idle = [sid for sid in idle if sid not in idle_killers]
    silent = sorted(r for r, killed in rulings.items() if not killed)
    return {
        "mutants": matrix,
        "rulings": {r: sorted(k) for r, k in sorted(rulings.items())},
        "survivors": survivors,
        #: scenarios whose position the mutant would not build: not kills (information)
        "setup_errors": setup_errors,
        "rulings_without_kills": silent,
        #: scenarios that kill no mutant: each one must kill at least one (the brief)
        "scenarios_without_kills": idle,
        "scenarios": {g: len(b.scenarios) for g, b in baseline.items()},
        "descriptions": {m.name: m.description for m in mutants},
        "problems": problems,
        "own_rulings": own_rulings,
        #: with ``own_rulings``: scenario -> a mutant of other rulings that kills it
        "idle_killers": dict(sorted(idle_killers.items())),
        "seconds": round(time.perf_counter() - start, 1),
    }


#: where ``railrules mutants --own-rulings --write-hints`` keeps, for each scenario no
#: mutant of its own rulings kills, the mutant that killed it last time
HINTS = Path(__file__).parent / "data" / "idle_killers.json"


def read_hints(path: Path = HINTS) -> dict[str, str]:
    """scenario id -> the mutant that killed it last time (empty when there is none)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _other_kills(idle: Sequence[str], baseline: Mapping[str, Run], mutants: Sequence[Any],
                 jobs: int, hints: Mapping[str, str]) -> dict[str, str]:
    """The scenarios among ``idle`` that some mutant (of any ruling) kills, each with
    the first mutant found to kill it.

    One kill decides a scenario, so the search shrinks as it goes: batches of mutants
    are taken in turn, each graded only on the scenarios no earlier batch has killed,
    and it stops when none is left. The mutants that killed a scenario last time
    (``hints``) go first, in one batch per game; the rest follow in small batches.
    A hint only orders the search: every kill counted here is graded now, and a
    stale hint costs time, never a verdict. The answer is the one grading every
    mutant on every idle scenario gives."""
    killers: dict[str, str] = {}
    lock = threading.Lock()
    first: list[tuple[str, list[str]]] = []
    rest: list[tuple[str, list[str]]] = []
    left: dict[str, set[str]] = {}
    for game, base in baseline.items():
        left[game] = {sid for sid in idle if sid in base.scenarios}
        names = [f"mutant:{m.name}" for m in mutants if m.game == game]
        hinted = sorted({f"mutant:{hints[sid]}" for sid in left[game] if sid in hints}
                        & set(names))
        others = [n for n in names if n not in hinted]
        if left[game] and hinted:
            first.append((game, hinted))
        if left[game]:
            rest += [(game, others[i:i + IDLE_BATCH])
                     for i in range(0, len(others), IDLE_BATCH)]
    queue: deque[tuple[str, list[str]]] = deque(first + rest)

    def worker() -> None:
        while True:
            with lock:
                while queue and not left[queue[0][0]]:
                    queue.popleft()  # that game's idle scenarios are all decided
                if not queue:
                    return
                game, impls = queue.popleft()
                ids = sorted(left[game])
            # an outline's examples share its @id ("twn-railway-towns[AS-ashford]"):
            # select by the id, keep the kills of the examples still undecided
            tags = sorted({sid.split("[", 1)[0] for sid in ids})
            runs = run_batch(game, impls, scenarios=tags)
            with lock:
                for run in runs.values():
                    for sid in sorted(run.failed & left[game]):
                        killers.setdefault(sid, run.impl.removeprefix("mutant:"))
                    left[game] -= run.failed

    threads = [threading.Thread(target=worker) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return killers


#: mutants per batch while searching a killer for the idle scenarios beyond the hints:
#: small, so the scenarios already killed drop out of the later batches early
IDLE_BATCH = 6


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the matrix as JSON")
    parser.add_argument("--game", action="append", default=None,
                        help="only this game's mutants (repeatable)")
    parser.add_argument("--mutant", action="append", default=None,
                        help="only this mutant (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="suites run at once (default 2)")
    parser.add_argument("--own-rulings", action="store_true",
                        help="grade each mutant on the scenarios of the rulings it claims "
                             "(then every mutant on the scenarios none of those kill): "
                             "the same verdicts on survivors, rulings and idle scenarios "
                             "for a fraction of the work; the kills listed are only those")
    parser.add_argument("--write-hints", action="store_true",
                        help="with --own-rulings: keep the killers found for the idle "
                             "scenarios as the next run's first guesses "
                             "(oracle/harness/data/idle_killers.json)")


def run(args: argparse.Namespace) -> int:
    matrix = kill_matrix(args.game, args.mutant, args.jobs, args.own_rulings)
    if args.write_hints and args.own_rulings and not (args.game or args.mutant):
        HINTS.write_text(json.dumps(matrix["idle_killers"], indent=1, sort_keys=True) + "\n")
    if args.json:
        print(json.dumps(matrix, indent=2, sort_keys=True))
    else:
        for name, killers in sorted(matrix["mutants"].items()):
            shown = ", ".join(killers[:4]) + (" ..." if len(killers) > 4 else "")
            print(f"{name:40} {len(killers):3} kills  {shown or 'SURVIVES'}")
        print(f"survivors: {matrix['survivors'] or 'none'}")
        print(f"rulings without kills: {matrix['rulings_without_kills'] or 'none'}")
        print(f"scenarios without kills: {matrix['scenarios_without_kills'] or 'none'}")
        for problem in matrix["problems"]:
            print(problem)
        print(f"{matrix['seconds']} s")
    # A selection of mutants proves nothing about the scenarios it leaves idle.
    idle = matrix["scenarios_without_kills"] if not args.mutant else []
    ok = not (matrix["survivors"] or matrix["rulings_without_kills"] or matrix["problems"]
              or idle)
    return 0 if ok else 1

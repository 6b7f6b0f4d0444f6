"""Route-search figures on real play, for ``railrules bench``.

The corpus is ../shared/real-positions (next to the project checkout, or the folder
``RAILRULES_REAL_POSITIONS`` names): operating-round positions from recorded games of
1830 and 1870, each with the recorded run (its README). Every file is one search:
the ``routes`` query in process (loading the position included), with
``connection_run`` where the recorded run is a connection run.

* ``route_search_real_ms``: the median CPU milliseconds per position (the best of
  ``REPEATS`` runs of each);
* ``route_search_real_ms_max``: the slowest position;
* ``route_search_real_positions``: how many files were searched (0, and the two
  figures null, when the folder is absent).

``python -m oracle.harness.route_bench_real`` prints each position's optimum, the
recorded revenue and its time.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import oracle
from oracle.eighteen.api import API

JSON = dict[str, Any]
REPEATS = 2
#: recorded runs that are connection runs (one train home -> destination, 1870 DS-15)
CONNECTION_RUNS = ("k70_823_SSW", "k70_843_TP")


def corpus() -> Path:
    default = Path(oracle.__file__).resolve().parents[1].parent / "shared" / "real-positions"
    return Path(os.environ.get("RAILRULES_REAL_POSITIONS", default))


def positions(folder: Path) -> list[str]:
    """The position files' names (without ``.json``), sorted."""
    return sorted(p.name.removesuffix(".json") for p in folder.glob("*.json")
                  if not p.name.endswith(".routes.json"))


def search(folder: Path, name: str) -> tuple[int, float]:
    """The optimum the ``routes`` query finds, and its best CPU milliseconds."""
    position = json.loads((folder / f"{name}.json").read_text())
    company = name.split(".")[0].rsplit("_", 1)[1]
    args = {"company": company, "connection_run": name.split(".")[0] in CONNECTION_RUNS}
    best = float("inf")
    total = 0
    for _ in range(REPEATS):
        t0 = time.process_time()
        total = API.query(position, "routes", args)["total"]
        best = min(best, time.process_time() - t0)
    return total, best * 1000


def real_figures() -> dict[str, Any]:
    folder = corpus()
    names = positions(folder) if folder.is_dir() else []
    times = [search(folder, name)[1] for name in names]
    return {"route_search_real_ms": round(statistics.median(times), 1) if times else None,
            "route_search_real_ms_max": round(max(times), 1) if times else None,
            "route_search_real_positions": len(times)}


def main() -> None:
    folder = corpus()
    for name in positions(folder):
        recorded = json.loads((folder / f"{name}.routes.json").read_text())
        human = API.query(json.loads((folder / f"{name}.json").read_text()), "revenue",
                          {"company": name.split(".")[0].rsplit("_", 1)[1],
                           "routes": recorded["human_routes"]})
        total, ms = search(folder, name)
        print(f"{name:24} optimum {total:4}  recorded route "
              f"{human.get('total', human.get('code'))!s:20} {ms:7.1f} ms")
    print(json.dumps(real_figures()))


if __name__ == "__main__":
    main()

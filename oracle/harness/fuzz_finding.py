"""A divergence ``railrules fuzz`` found, shrunk and written out (its trace, draft and
divide: oracle.harness.fuzz_shrink, fuzz_draft), with the shrinking shown as it goes.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from oracle.harness.fuzz_campaign import (
    Campaign,
    implementation,
)
from oracle.harness.fuzz_draft import write_finding
from oracle.harness.fuzz_shrink import revive, shrink
from oracle.harness.lockstep import Divergence, Lockstep, Played, key
from oracle.protocol.implementation import JSON


class ShrinkProgress:
    """Each shorter trace on stderr as it is found: ``shrinking: 170 -> 64 -> 21``,
    at most one a second (the last always), then the totals."""

    def __init__(self, actions: int) -> None:
        self.shown, self.latest, self.at = actions, actions, time.monotonic()
        sys.stderr.write(f"shrinking: {actions}")
        sys.stderr.flush()

    def better(self, actions: int) -> None:
        self.latest = actions
        if time.monotonic() - self.at >= 1.0:
            self._show()

    def _show(self) -> None:
        if self.latest != self.shown:
            sys.stderr.write(f" -> {self.latest}")
            sys.stderr.flush()
            self.shown, self.at = self.latest, time.monotonic()

    def done(self, replays: int, seconds: float, out_of_time: bool) -> None:
        self._show()
        limit = "; stopped at --shrink-seconds" if out_of_time else ""
        sys.stderr.write(f" actions ({replays} replays, {seconds:.1f}s{limit})\n")
        sys.stderr.flush()


def report_finding(out: Path, campaign: Campaign, line: JSON, names: tuple[str, str],
                   shrink_seconds: float | None, lowering: bool = False) -> JSON:
    """Shrink the divergence in ``line`` (unless ``shrink_seconds`` is None) and write
    its trace, draft and divide; what ``summary.json`` says of it."""
    found = Played(list(line["player_names"]), dict(line["options"]), list(line["trace"]),
                   list(line["choices"]), Divergence.from_json(line["divergence"]),
                   start=line.get("start"))
    a = implementation(campaign.impl, campaign.timeout, campaign.adapter_memory)
    b = implementation(campaign.against, campaign.timeout, campaign.adapter_memory)
    assert found.divergence is not None
    print(f"divergence in game {line['game_index']}: {found.divergence.summary()}"
          + (_while(found.divergence.detail) if found.divergence.kind == "error" else ""))
    replays, out_of_time = 0, False
    try:
        lock = Lockstep(a, b, campaign.game)
        t0 = time.perf_counter()
        shrunk = found
        if shrink_seconds is not None and found.actions:
            progress = ShrinkProgress(len(found.actions))
            result = shrink(lock, found, seconds=shrink_seconds, progress=progress.better,
                            lowering=lowering)
            shrunk, replays, out_of_time = result.best, result.replays, result.out_of_time
            progress.done(replays, time.perf_counter() - t0, out_of_time)
        seconds = time.perf_counter() - t0
        revive(lock)  # the divide asks both sides again
        origin = {"seed": campaign.seed, "game_index": line["game_index"],
                  "actions_before_shrinking": len(found.actions)}
        paths = write_finding(out, lock, shrunk, campaign.game, names=names,
                              specs=(campaign.impl, campaign.against), origin=origin)
    finally:
        a.close()
        b.close()
    assert shrunk.divergence is not None
    print(f"shrunk from {len(found.actions)} to {len(shrunk.actions)} actions in "
          f"{seconds:.1f}s ({shrunk.divergence.summary()})")
    for label, path in paths.items():
        print(f"  {label:<6} {path}")
    return {"game_index": line["game_index"], "actions": len(found.actions),
            "shrunk_actions": len(shrunk.actions), "kind": shrunk.divergence.kind,
            "shrink_s": round(seconds, 2), "shrink_replays": replays,
            "shrink_stopped_at_limit": out_of_time,
            **{k: str(v) for k, v in paths.items()}}


def _while(detail: JSON) -> str:
    """For an error while a side applied an action: that action."""
    action = detail.get("action") if isinstance(detail, dict) else None
    return f": {key(action)[:300]}" if isinstance(action, dict) else ""

"""The report of one record's replay: how far it got, where it stopped and why, and the
final values beside the record's (``railrules replay --from``, docs/replay.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from oracle.records.reader import Record

JSON = dict[str, Any]


@dataclass
class Stop:
    """Where the replay stopped: ``kind`` ``refused`` (the engine refused ``translated``,
    with its ``code`` and ``reason``), ``translation`` (the record's facts do not fit
    the engine's position) or ``engine`` (the engine failed to answer: ``code`` is its
    outcome, crash or timeout)."""

    kind: str
    at: str
    record_action: JSON
    translated: JSON | None
    code: str
    reason: str
    #: a refusal's codes, one for each try (the first, then after each implied pass)
    codes: tuple[str, ...] = ()

    def to_json(self) -> JSON:
        out = {"kind": self.kind, "at": self.at, "record_action": self.record_action,
               "translated": self.translated, "code": self.code, "reason": self.reason}
        return {**out, "codes": list(self.codes)} if self.codes else out


@dataclass
class Report:
    file: str
    record: Record
    impl: str
    options: dict[str, str]
    total: int
    applied: int = 0
    implied: int = 0
    dropped: int = 0
    stop: Stop | None = None
    #: the engine's final values by railrules player ID; None: it gives none
    values: dict[str, int] | None = None
    game_over: bool | None = None
    finished: bool = False
    notes: list[str] = field(default_factory=list)
    #: the record actions refused as the replay was told to expect (``Stop.to_json``
    #: with ``why``), played on without
    refused: list[JSON] = field(default_factory=list)

    def final(self, values: dict[str, int] | None, game_over: bool | None) -> None:
        self.values, self.game_over, self.finished = values, game_over, True

    def rows(self) -> list[JSON]:
        """Per player: railrules ID, record key, the record's value, the engine's."""
        out = []
        for key, pid in self.record.player_ids().items():
            out.append({"player": pid, "record_player": key,
                        "record": self.record.result.get(key),
                        "engine": (self.values or {}).get(pid)})
        return out

    def verdict(self) -> str:
        if self.stop is not None:
            return self.stop.kind
        if not self.finished:
            return "played" if self.applied == self.total else "unfinished"
        if self.values is None:
            return "no-values"
        same = all(r["record"] == r["engine"] for r in self.rows())
        return "agrees" if same else "differs"

    def exit_code(self) -> int:
        return 0 if self.verdict() == "agrees" else 1

    def to_json(self) -> JSON:
        return {"file": self.file, "title": self.record.title, "impl": self.impl,
                "options": self.options, "players": self.record.player_ids(),
                "actions": self.total, "applied": self.applied,
                "implied_passes": self.implied, "dropped_passes": self.dropped,
                "verdict": self.verdict(),
                "stop": self.stop.to_json() if self.stop else None,
                "game_end_reason": self.record.game_end_reason,
                "game_over": self.game_over, "values": self.rows(), "notes": self.notes,
                "known_refusals": self.refused}

    def text(self) -> str:
        rules = ", ".join(self.record.optional_rules) or "none"
        lines = [f"replay: {self.file} ({self.record.title}, {len(self.record.players)} "
                 f"players, optional rules: {rules}) through {self.impl}",
                 f"played {self.applied} of {self.total} record actions ({self.implied} "
                 f"implied passes, {self.dropped} recorded passes the engine did not ask "
                 f"for)"]
        lines += [f"refused as expected at {r['at']} ({r['why']}): "
                  f"{', '.join(r.get('codes') or [r['code']])}" for r in self.refused]
        if self.stop is not None:
            s = self.stop
            lines.append(f"stopped at {s.at}: {s.kind}: {s.code}: {s.reason}".replace(
                ": : ", ": "))
            lines.append(f"  record action: {_short(s.record_action)}")
            if s.translated is not None:
                lines.append(f"  translated:    {_short(s.translated)}")
        elif self.values is None:
            lines.append("the engine gives no final values (scores: values)")
        if self.finished:
            over = {True: "yes", False: "no", None: "not answered"}[self.game_over]
            lines.append(f"game over by the engine: {over}; the record ends by "
                         f"{self.record.game_end_reason or 'nothing said'}")
        lines.append("final values: player, record, engine")
        for r in self.rows():
            mark = "   <- differs" if self.finished and r["record"] != r["engine"] else ""
            lines.append(f"  {r['player']} ({r['record_player']}): {r['record']} "
                         f"{r['engine'] if r['engine'] is not None else '-'}{mark}")
        lines.extend(f"note: {n}" for n in self.notes)
        lines.append(f"result: {self.verdict()}")
        return "\n".join(lines) + "\n"


def _short(action: JSON, limit: int = 300) -> str:
    text = json.dumps({k: v for k, v in action.items()
                       if k not in ("user", "created_at", "auto_actions")})
    return text if len(text) <= limit else text[:limit] + " ..."

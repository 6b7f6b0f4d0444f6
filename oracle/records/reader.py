"""Read an 18xx.games record and resolve its undo and redo (docs/replay.md).

A record is one JSON object: ``title``, ``players`` (seat order as listed; each with an
``id``, or only a ``name`` in a hot-seat game), ``settings.optional_rules``, ``actions``
(every entry the table sent, in order), ``result`` (each player's final value, by the
player's id or name) and ``game_end_reason``.

The platform's entries, as we read them:

* ``undo`` takes back the last active action, or every action after ``action_id``
  when it names one; ``redo`` plays the last one taken back again; any other action
  played clears what could be redone;
* ``message`` (chat) and ``program_*`` (the platform's automation settings:
  ``program_buy_shares``, ``program_share_pass``, ``program_disable``) are no game
  actions: ignored wherever they stand, also inside ``auto_actions``; but the auto
  actions a setting carries (the pass it made at once) are played;
* ``auto_actions``: actions the platform played by itself right after the entry, in
  order; taken back and played again with it.

The stored entries carry ``"skip": true`` where the platform's own resolution drops
them; ``skip_disagreements`` holds ours against those flags.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

JSON = dict[str, Any]

UNDO, REDO = "undo", "redo"


class RecordError(ValueError):
    """A record we cannot read or replay: the message names the field and what is wrong."""


class Untranslatable(RecordError):
    """A record action with no railrules counterpart (yet): named, with its place
    (``translate.py``)."""


def ignored(entry: Mapping[str, Any]) -> bool:
    """Chat and the platform's automation settings: no game action."""
    kind = str(entry.get("type", ""))
    return kind == "message" or kind.startswith("program_")


@dataclass(frozen=True, slots=True)
class Played:
    """One action the game played: a kept entry (``auto`` 0) or its ``auto``-th auto
    action (1, 2, ...), with the entry's ``id``."""

    id: int
    auto: int
    data: JSON

    def where(self) -> str:
        return f"action {self.id}" + (f" (auto action {self.auto})" if self.auto else "")


@dataclass(frozen=True)
class Record:
    title: str
    #: each player's key (its id, or its name where the record has no ids), seat order
    players: tuple[str, ...]
    optional_rules: tuple[str, ...]
    entries: tuple[JSON, ...]
    #: player key -> final value
    result: dict[str, int]
    game_end_reason: str | None

    def player_ids(self) -> dict[str, str]:
        """Record player key -> railrules ID: ``P1`` .. ``Pn`` in the listed order."""
        return {key: f"P{i}" for i, key in enumerate(self.players, 1)}


def load_record(path: Path) -> Record:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise RecordError(f"{path}: not a readable JSON file ({err})") from None
    return parse_record(data)


def _player_key(player: Any, i: int) -> str:
    if not isinstance(player, dict) or ("id" not in player and "name" not in player):
        raise RecordError(f"players[{i}]: a player needs an 'id' or a 'name'")
    return str(player["id"] if "id" in player else player["name"])


def _entries(data: JSON) -> tuple[JSON, ...]:
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("the record has no 'actions' list")
    for i, entry in enumerate(actions):
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            raise RecordError(f"actions[{i}]: an action needs a 'type'")
        for j, auto in enumerate(entry.get("auto_actions") or []):
            if not isinstance(auto, dict) or not isinstance(auto.get("type"), str):
                raise RecordError(f"actions[{i}].auto_actions[{j}]: an action needs a 'type'")
    return tuple(actions)


def parse_record(data: Any) -> Record:
    """The record's parts, each checked for shape; names the first bad field."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    title = data.get("title")
    if not isinstance(title, str) or not title:
        raise RecordError("the record has no 'title'")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise RecordError("the record has no 'players' list")
    keys = tuple(_player_key(p, i) for i, p in enumerate(players))
    if len(set(keys)) != len(keys):
        raise RecordError("players: two players with one id")
    settings = data.get("settings") or {}
    rules = settings.get("optional_rules") or [] if isinstance(settings, dict) else []
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise RecordError("settings.optional_rules: a list of rule names")
    result = data.get("result") or {}
    if not isinstance(result, dict) or not all(isinstance(v, int) for v in result.values()):
        raise RecordError("result: player -> final value")
    reason = data.get("game_end_reason")
    return Record(title, keys, tuple(rules), _entries(data),
                  {str(k): v for k, v in result.items()},
                  reason if isinstance(reason, str) else None)


def entry_id(entry: Mapping[str, Any], index: int) -> int:
    value = entry.get("id")
    return value if isinstance(value, int) else index + 1


def resolve(entries: Sequence[JSON]) -> list[tuple[int, JSON]]:
    """The entries the game played, in order, as ``(id, entry)``: undo and redo
    resolved, chat and automation settings left out."""
    active: list[tuple[int, JSON]] = []
    undone: list[tuple[int, JSON]] = []  # a stack: the last taken back on top
    for index, entry in enumerate(entries):
        kind = entry["type"]
        if ignored(entry) and not _autos(entry):
            continue
        if kind == UNDO:
            back = _undo_to(active, entry, index)
            undone.extend(reversed(active[back:]))
            del active[back:]
        elif kind == REDO:
            if not undone:
                raise RecordError(f"action {entry_id(entry, index)}: redo with nothing undone")
            active.append(undone.pop())
        else:
            active.append((entry_id(entry, index), entry))
            undone.clear()
    return active


def _undo_to(active: list[tuple[int, JSON]], entry: JSON, index: int) -> int:
    """Where an undo cuts the active actions: before the last one, or after the one
    ``action_id`` names."""
    target = entry.get("action_id")
    if target is None:
        if not active:
            raise RecordError(f"action {entry_id(entry, index)}: undo with nothing to undo")
        return len(active) - 1
    for i in range(len(active) - 1, -1, -1):
        if active[i][0] == target:
            return i + 1
    raise RecordError(f"action {entry_id(entry, index)}: undo to action {target}, "
                      f"which is not active")


def played(record: Record) -> list[Played]:
    """Every action the game played, in order: the kept entries, each followed by its
    auto actions (chat and automation settings left out)."""
    return list(_played(record.entries))


def _played(entries: Sequence[JSON]) -> Iterator[Played]:
    for eid, entry in resolve(entries):
        if not ignored(entry):
            yield Played(eid, 0, entry)
        for k, auto in enumerate(_autos(entry), 1):
            yield Played(eid, k, auto)


def _autos(entry: JSON) -> list[JSON]:
    """The game actions the platform played right after ``entry``. An automation
    setting has them too: ``program_share_pass`` passes for its player at once, and
    that pass is played though the setting is not."""
    return [a for a in entry.get("auto_actions") or [] if not ignored(a)]


def skip_disagreements(record: Record) -> list[str]:
    """Where our undo/redo resolution and the record's ``skip`` flags disagree: an
    entry we keep that is flagged, or one we drop that is not. Empty when they agree,
    or when the record carries no flags at all."""
    if not any("skip" in e for e in record.entries):
        return []
    kept = {eid for eid, _ in resolve(record.entries)}
    out: list[str] = []
    for index, entry in enumerate(record.entries):
        if ignored(entry):
            continue
        eid = entry_id(entry, index)
        flagged = bool(entry.get("skip"))
        if flagged == (eid in kept):
            what = "kept by undo/redo but flagged skip" if flagged else \
                "dropped by undo/redo but not flagged skip"
            out.append(f"action {eid} ({entry['type']}): {what}")
    return out

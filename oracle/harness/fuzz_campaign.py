"""A fuzz campaign: its settings, one seeded random game, and chunks of games streamed
as JSON lines (one per game, flushed), so a killed campaign loses nothing.

Game ``i`` of a campaign draws everything (the player count within the game record's
range, every choice) from ``random.Random(f"{seed}:{i}")``: any game replays alone,
in any process, in any order; that is what lets pytest-xdist spread the games.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from itertools import compress
from operator import itemgetter, methodcaller
from pathlib import Path
from typing import Any, cast

import orjson

from oracle.core.collector import fewer_collections
from oracle.core.made import Listed
from oracle.games import game_module, resolve
from oracle.harness.fuzz_draft import FINDING_FILES
from oracle.harness.lockstep import Lockstep, Played, TextChooser
from oracle.harness.serve_mutant import resolve_spec
from oracle.protocol.factory import make_implementation
from oracle.protocol.implementation import JSON, Implementation
from oracle.protocol.lifetime import DEFAULT_MEMORY_MIB

STREAM = "games.jsonl"
SETTINGS = "campaign.json"
SUMMARY = "summary.json"
#: the chunks of game indices still to play, for ``-j`` (oracle.harness.fuzz_items)
TODO = "todo.json"
#: the ``-j`` workers' pytest output
WORKERS_LOG = "workers.log"
#: every file a campaign writes in its folder (with ``fuzz_draft.FINDING_FILES``)
RUN_FILES = (STREAM, SETTINGS, SUMMARY, TODO, WORKERS_LOG)


@dataclass(frozen=True)
class Campaign:
    impl: str
    against: str = "oracle"
    game: str = "rocket"
    options: JSON = field(default_factory=dict)
    #: 0: each game draws its player count from the game record's range
    players: int = 0
    games: int = 100
    #: the first game's index: machines sharing a campaign take disjoint ranges
    start: int = 0
    seed: int = 0
    max_actions: int = 400
    timeout: float = 5.0
    #: the bound on an adapter's address space, MiB (0: none): ``--adapter-memory``
    adapter_memory: int = DEFAULT_MEMORY_MIB
    #: each step's request sent before the reply about the one before is read, to an
    #: adapter declaring ``pipelining`` (``--send-ahead``; ``Lockstep.sends_ahead``)
    send_ahead: bool = False
    #: seconds each wait for a served side's reply asks its pipe without sleeping first
    #: (``--poll-us``; ``Lockstep.polls``, oracle/protocol/polling.py)
    poll: float = 0.0

    def to_json(self) -> JSON:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JSON) -> Campaign:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    def same_games(self, other: Campaign) -> bool:
        """Whether ``other`` plays the same games (so its results can be resumed)."""
        mine, theirs = self.to_json(), other.to_json()
        for loose in ("games", "start", "timeout", "adapter_memory", "send_ahead",
                      "poll"):
            mine.pop(loose)
            theirs.pop(loose)
        return mine == theirs


def implementation(spec: str, timeout: float = 5.0,
                   memory_mib: int = DEFAULT_MEMORY_MIB) -> Implementation:
    """``oracle``, ``mutant:NAME`` (served over the protocol) or an adapter command."""
    return make_implementation(resolve_spec(spec), timeout=timeout, max_restarts=0,
                               memory_mib=memory_mib)


_TYPE_OF = methodcaller("get", "type", "")
_FIRST = itemgetter(0)


class _Kinds(dict[str, str]):
    """An action's canonical text -> its type as the chooser reads it (``_TYPE_OF``):
    read once per text (a game lists the same actions step after step); bounded."""

    def __missing__(self, text: str) -> str:
        if len(self) > 1 << 17:
            self.clear()
        try:  # orjson reads some values otherwise (big integers, NaN): a string only
            kind = orjson.loads(text).get("type", "")
        except (orjson.JSONDecodeError, AttributeError):
            kind = None
        if type(kind) is not str:
            kind = str(_TYPE_OF(json.loads(text)))
        self[text] = kind
        return kind


_KINDS: Any = _Kinds()


def random_chooser(rng: random.Random) -> TextChooser:
    """An action type first, then an action of that type: a game-neutral policy that
    keeps games moving (uniform over all actions would mostly shuffle pieces). It draws
    from the sorted actions or, the same draws, from a ``Listed`` (``from_listed``)."""
    def choose(step: int, legal: list[JSON]) -> JSON:
        # each action's type read once, in C (map): the same draws as reading it in a
        # loop per action, some 200 a step
        kinds = list(map(str, map(_TYPE_OF, legal)))
        kind = rng.choice(sorted(set(kinds)))
        return rng.choice(list(compress(legal, map(kind.__eq__, kinds))))

    def from_listed(step: int, listed: Listed) -> int:
        # each group holds texts of one type: its first text's type is the group's
        # (the group's first texts read and their types looked up in C, by ``map``)
        kinds = list(map(_KINDS.__getitem__, map(_FIRST, listed.groups)))
        kind = rng.choice(sorted(set(kinds)))
        sizes = listed.sizes
        # ``choice`` draws by the length alone (``seq[randbelow(len(seq))]``): a place
        # among the texts of ``kind`` is drawn as the text itself would be from them
        place = rng.choice(range(sum(compress(sizes, map(kind.__eq__, kinds)))))
        start = 0
        for size, group_kind in zip(sizes, kinds, strict=True):
            if group_kind == kind:
                if place < size:
                    return start + place
                place -= size
            start += size
        raise IndexError(place)  # (never: the sizes add up)

    chooser: Any = choose
    chooser.from_listed = from_listed
    return cast(TextChooser, chooser)


def players_of(campaign: Campaign, rng: random.Random) -> list[str]:
    low, high = game_module(campaign.game).players
    n = campaign.players or rng.randint(low, high)
    return [f"p{i}" for i in range(1, n + 1)]


def openings_of(game: str, options: JSON) -> list[JSON]:
    """The game's openings for ``options`` (``GameModule.openings``), [] for a game
    whose random games start from a new game; refuses options no opening takes."""
    module = game_module(game)
    if not module.openings:
        return []
    key = (game, json.dumps(options, sort_keys=True))
    found = _OPENINGS.get(key)
    if found is None:
        make: Any = resolve(module.openings)
        found = _OPENINGS[key] = list(make(options))
        if not found:
            raise SystemExit(f"fuzz: no {game} opening takes the options {options}")
    return found


_OPENINGS: dict[tuple[str, str], list[JSON]] = {}


def play_one(lock: Lockstep, campaign: Campaign, index: int) -> Played:
    """Game ``index``: from a new game, or from one of the game's openings, drawn first
    (its players and options are the opening's)."""
    rng = random.Random(f"{campaign.seed}:{index}")
    openings = openings_of(campaign.game, campaign.options)
    if openings:
        opening = rng.choice(openings)
        return lock.play(opening["players"], opening["options"], random_chooser(rng),
                         campaign.max_actions, start=opening["position"])
    return lock.play(players_of(campaign, rng), campaign.options, random_chooser(rng),
                     campaign.max_actions)


def record(index: int, played: Played, seconds: float) -> JSON:
    """Game ``index``'s line: its outcome and counts (``fuzz_summary`` adds them up);
    a diverging game's trace."""
    out: JSON = {"game_index": index, "outcome": played.outcome, "players": len(played.players),
                 "actions": len(played.actions), "gaps": played.gaps,
                 "agreed_actions": played.agreed_actions, "seconds": round(seconds, 4)}
    if played.gaps:
        out.update(declined_actions=played.declined_actions, declined=played.declined,
                   first_declined=played.first_declined)
    if played.stopped:
        out["stopped"] = played.stopped
    if played.notes:
        out["notes"] = played.notes
    if played.divergence is not None:
        out.update(divergence=played.divergence.to_json(), trace=played.actions,
                   choices=played.choices, player_names=played.players,
                   options=played.options)
        if played.start is not None:
            out["start"] = played.start
    return out


def run_games(campaign: Campaign, indices: Iterable[int], stream: Path,
              stop_on_divergence: bool = True) -> Iterator[JSON]:
    """Play the games, appending one flushed line each to ``stream``; yields them."""
    a = implementation(campaign.impl, campaign.timeout, campaign.adapter_memory)
    b = implementation(campaign.against, campaign.timeout, campaign.adapter_memory)
    lock = Lockstep(a, b, campaign.game)
    lock.sends_ahead = campaign.send_ahead
    lock.polls = campaign.poll
    seen: set[str] = set()  # kinds of declined request whose first is streamed already
    try:
        with fewer_collections():  # (no game makes a cycle: oracle/core/collector.py)
            for index in indices:
                t0 = time.perf_counter()
                played = play_one(lock, campaign, index)
                line = record(index, played, time.perf_counter() - t0)
                if "first_declined" in line:  # the first of each kind is enough
                    line["first_declined"] = {k: v for k, v in line["first_declined"].items()
                                              if k not in seen}
                    seen.update(line["first_declined"])
                append_line(stream, line)
                yield line
                if stop_on_divergence and played.divergence is not None:
                    return
    finally:
        a.close()
        b.close()


def append_line(stream: Path, line: JSON) -> None:
    """One ``write`` on an O_APPEND descriptor: workers sharing the stream never
    interleave their lines."""
    data = (json.dumps(line, separators=(",", ":")) + "\n").encode("utf-8")
    fd = os.open(stream, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def read_stream(stream: Path) -> dict[int, JSON]:
    """Finished games by index (a line cut short by a kill is skipped)."""
    done: dict[int, JSON] = {}
    if not stream.exists():
        return done
    for line in stream.read_text(encoding="utf-8").splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            continue
        if isinstance(item, dict) and isinstance(item.get("game_index"), int):
            done[item["game_index"]] = item
    return done


def prepare(out: Path, campaign: Campaign, resume: bool) -> dict[int, JSON]:
    """The output folder ready to append to; the games already done when resuming (a
    new campaign has removed the last one's files first: ``clear_last_run``)."""
    out.mkdir(parents=True, exist_ok=True)
    stream, settings = out / STREAM, out / SETTINGS
    if resume and settings.exists():
        old = Campaign.from_json(json.loads(settings.read_text(encoding="utf-8")))
        if not old.same_games(campaign):
            raise SystemExit(f"--resume: {settings} describes other games; drop --resume "
                             "or use another --out")
        data = stream.read_bytes() if stream.exists() else b""
        if data and not data.endswith(b"\n"):  # half a line from a kill
            stream.write_bytes(data[:data.rfind(b"\n") + 1])
    else:
        stream.write_text("", encoding="utf-8")
    settings.write_text(json.dumps(campaign.to_json(), indent=1) + "\n", encoding="utf-8")
    return read_stream(stream) if resume else {}


def clear_last_run(out: Path) -> list[str]:
    """Remove the files the last campaign wrote in ``out`` (its stream, settings,
    summary, worker files and finding); the names removed. Anything else stays."""
    gone = []
    for name in (*RUN_FILES, *FINDING_FILES):
        path = out / name
        if path.is_file() or path.is_symlink():
            path.unlink()
            gone.append(name)
    return gone

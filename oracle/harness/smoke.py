"""``railrules smoke --impl CMD``: a plain verdict, in seconds, on whether an adapter
speaks the protocol, before a whole certify run.

For each game the handshake declares (and the oracle has): the handshake, a new game,
the start position loaded, its legal actions, one of them applied, and one query
(``game_over``), each compared with the oracle's answer. 18xx games start from an
opening (a scenario's position), as its fuzz games do. A gap the handshake declares is
shown as such; anything else that is not the oracle's answer is shown with what came
back. Exit 0 when every step answered as the oracle does or is a declared gap, 1
otherwise, 2 for a bad command line (docs/protocol.md, "Debugging an adapter").
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from oracle.core import cli_types
from oracle.games import get_game, registered_games
from oracle.harness.fuzz_campaign import openings_of
from oracle.harness.reports.text import for_terminal
from oracle.harness.serve_mutant import impl_spec, resolve_spec
from oracle.protocol import sandbox
from oracle.protocol.factory import make_implementation
from oracle.protocol.implementation import (
    JSON,
    Implementation,
    ImplementationOutcome,
    UndeclaredGap,
    Unsupported,
)
from oracle.protocol.inprocess import InProcess
from oracle.protocol.levels import settle

#: a step's verdicts that keep the smoke test passing
GOOD = ("ok", "agrees", "declared gap")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", required=True, type=impl_spec,
                        help="the adapter command to try (or mutant:NAME)")
    parser.add_argument("--game", action="append", default=None,
                        help="only this game (repeatable; default: every game declared)")
    parser.add_argument("--timeout", type=cli_types.positive_float, default=5.0,
                        help="seconds per reply")
    parser.add_argument("--isolate", choices=sandbox.MODES, default="auto",
                        help="run the adapter in the sandbox (docs/certify.md, Isolation)")


class Smoke:
    """The steps tried so far, each with its verdict."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str, str]] = []

    def step(self, name: str, ask: Callable[[], Any],
             expected: Callable[[], Any] | None = None) -> Any:
        """Ask the adapter; compare with ``expected`` (the oracle) when given. The
        answer, or None when the step did not answer."""
        try:
            got = ask()
        except UndeclaredGap as err:
            self.lines.append((name, "undeclared gap", err.message))
            return None
        except Unsupported as err:
            self.lines.append((name, "declared gap", str(err.detail)))
            return None
        except ImplementationOutcome as err:
            self.lines.append((name, err.outcome, err.message))
            return None
        except AssertionError as err:  # an answer the game's own checks refuse
            self.lines.append((name, "invalid", str(err)))
            return None
        if expected is None:
            self.lines.append((name, "ok", _brief(got)))
            return got
        want = expected()
        if _same(got, want):
            self.lines.append((name, "agrees", _brief(got)))
        else:
            self.lines.append((name, "differs", f"got {_brief(got)}; the oracle: "
                                                f"{_brief(want)}"))
        return got

    @property
    def passed(self) -> bool:
        return all(verdict in GOOD for _, verdict, _ in self.lines)


def _same(got: Any, want: Any) -> bool:
    if isinstance(got, list) and isinstance(want, list):  # legal actions: any order
        return sorted(map(_key, got)) == sorted(map(_key, want))
    return _key(got) == _key(want)


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _brief(value: Any) -> str:
    if isinstance(value, list):
        return f"{len(value)} items"
    text = _key(value)
    return text if len(text) <= 80 else text[:77] + "..."


def start_of(game: str) -> tuple[list[str], JSON, JSON]:
    """(players, options, position) a smoke test of ``game`` starts from."""
    openings = openings_of(game, {})
    if openings:
        first = openings[0]
        return list(first["players"]), dict(first["options"]), first["position"]
    players = ["p1", "p2", "p3"]
    return players, {}, get_game(game).new_game(players, {})


def try_game(smoke: Smoke, impl: Implementation, oracle: InProcess, game: str) -> None:
    """Each step against the oracle's answer; for an engine that plays forced passes
    itself (``turns: decisions``) the oracle's positions are taken to their next
    decision first, as the engine's are (docs/protocol.md, "Version 2")."""
    players, options, start = start_of(game)
    codes = impl.level() == "reasons"
    decisions = impl.turns(game) == "decisions"

    def ref(position: JSON) -> JSON:
        return settle(oracle, game, position) if decisions else position

    smoke.step(f"{game}: new_game", lambda: impl.new_game(game, players, options),
               lambda: ref(oracle.new_game(game, players, options)))
    smoke.step(f"{game}: load", lambda: impl.check_position(game, start), lambda: None)
    smoke.step(f"{game}: legal_actions", lambda: impl.legal_actions(game, start),
               lambda: oracle.legal_actions(game, ref(start)))
    action = sorted(oracle.legal_actions(game, ref(start)), key=_key)[0]
    smoke.step(f"{game}: apply {action.get('type')}",
               lambda: _verdict(impl.apply(game, start, action), codes),
               lambda: _verdict(oracle.apply(game, ref(start), action), codes, ref))
    smoke.step(f"{game}: game_over", lambda: impl.game_over(game, start),
               lambda: oracle.game_over(game, ref(start)))


def _verdict(verdict: Any, codes: bool,
             ref: Callable[[JSON], JSON] | None = None) -> JSON:
    """What the step compares: accepted and the position, and a refusal's code only for
    an engine graded on reasons. ``ref``: how the oracle's position is seen (at its next
    decision, for an engine that plays forced passes itself: docs/protocol.md,
    "Version 2")."""
    position = verdict.position
    if ref is not None and position is not None:
        position = ref(position)
    out: JSON = {"accepted": verdict.accepted, "position": position}
    if codes and not verdict.accepted:
        out["code"] = verdict.code
    return out


def run(args: argparse.Namespace) -> int:
    smoke = Smoke()
    impl = make_implementation(resolve_spec(args.impl), timeout=args.timeout,
                               max_restarts=0, isolate=args.isolate)
    try:
        hello = smoke.step("handshake", impl.hello)
        if hello is not None:
            isolation = hello.get("isolation") or {}
            smoke.lines[-1] = ("handshake", "ok", (
                f"{hello.get('name')} {hello.get('version')} ({hello.get('language')}); "
                f"isolated: {'yes' if isolation.get('isolated') else 'no'}"))
            declared = [str(g.get("game")) for g in hello.get("games") or ()]
            games = [g for g in declared if g in registered_games()
                     and (not args.game or g in args.game)]
            if not games:
                smoke.lines.append(("games", "none", f"declared {declared}; none of them "
                                                     "is a game the oracle has"))
            for game in games:
                try_game(smoke, impl, InProcess(), game)
    finally:
        impl.close()
    width = max(len(name) for name, _, _ in smoke.lines)
    for name, verdict, detail in smoke.lines:
        print(for_terminal(f"  {name:<{width}}  {verdict:<14} {detail}"))
    bad = sum(1 for _, verdict, _ in smoke.lines if verdict not in GOOD)
    gaps = sum(1 for _, verdict, _ in smoke.lines if verdict == "declared gap")
    print(f"smoke: {'pass' if smoke.passed else 'FAIL'} ({len(smoke.lines)} steps, "
          f"{gaps} declared gaps, {bad} wrong or broken)")
    return 0 if smoke.passed else 1

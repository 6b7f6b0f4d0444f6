"""Replies known before they come (oracle/protocol/expected.py): where the lockstep's A
is the reference oracle and B is asked by digests, the client is told the line that
would agree with A exactly, and such a line is taken without being read again. The
line expected is the one ``railrules serve`` writes; the served oracle agrees so at
every step; a reply that differs by one byte (a wrong digest) is read and graded as
before; and against served mutants every finding is the same with the expectations as
without them."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from harness_paths import LIAR, SERVE
from lockstep_findings import findings

from oracle.core import wire_json
from oracle.harness.fuzz_campaign import Campaign, play_one
from oracle.harness.lockstep import Lockstep
from oracle.harness.serve_mutant import command
from oracle.protocol.client import ProtocolClient
from oracle.protocol.expected import ASKED, Agreed, inspect_reply, known_line
from oracle.protocol.implementation import JSON, Verdict
from oracle.protocol.inprocess import InProcess
from oracle.protocol.server import answer, serve

CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=3, games=1,
                    max_actions=60)


class Counting(ProtocolClient):
    """A client counting the replies it took as expected, and those it read."""

    def __init__(self, command: str) -> None:
        super().__init__(command, timeout=10.0, max_restarts=0, isolate="no")
        self.agreed = self.read = 0

    def _reply(self, *args: Any, **kwargs: Any) -> JSON:
        out = super()._reply(*args, **kwargs)
        if type(out) is Agreed:
            self.agreed += 1
        else:
            self.read += 1
        return out


def _requests(players: list[str], seed: int, steps: int) -> list[tuple[bytes, JSON]]:
    """For each step of a random game: the line of an inspect asked with digests, its
    action applied to a whole position, and the position it makes."""
    a = InProcess()
    rng = random.Random(seed)
    position: JSON = a.new_game("rocket", players, {})
    out = []
    for seq in range(steps):
        legal = a.legal_actions("rocket", position)
        if not legal or a.game_over("rocket", position):
            break
        action = rng.choice(legal)
        verdict = a.apply("rocket", position, action)
        assert isinstance(verdict, Verdict) and verdict.position is not None
        request = {"cmd": "inspect", "game": "rocket", "position": position,
                   "action": action, "ask": list(ASKED), "digests": True, "seq": seq}
        out.append((wire_json.dumps(request), verdict.position))
        position = verdict.position
    return out


def _steps(players: list[str], seed: int, steps: int) -> list[tuple[bytes, bytes | None]]:
    """For each step of a random game: the line the general writer makes of the reply
    ``railrules serve`` answers to an inspect asked with digests, and the line
    ``inspect_reply`` expects from A's answers."""
    a, served = InProcess(), InProcess()
    out = []
    for seq, (request, made) in enumerate(_requests(players, seed, steps)):
        written = wire_json.dumps(answer(served, request))
        expected = inspect_reply(seq, a.position_digest("rocket", made),
                                 a.listing_digest("rocket", made),
                                 a.scores("rocket", made), a.game_over("rocket", made))
        out.append((written, expected))
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_line_expected_is_the_line_railrules_serve_writes(seed: int) -> None:
    steps = _steps(["p1", "p2", "p3"], seed, 40)
    assert len(steps) >= 20
    for written, expected in steps:
        assert expected == written


def test_railrules_serve_fills_in_the_line_the_general_writer_makes() -> None:
    """Where the oracle answers an inspect at once, ``serve`` writes its reply by filling
    in the line (``Known``): the very bytes the general writer makes of the reply."""
    requests = [request for request, _ in _requests(["p1", "p2", "p3", "p4"], 5, 40)]
    out = io.BytesIO()
    serve(InProcess(), io.BytesIO(b"".join(r + b"\n" for r in requests)), out)
    again = InProcess()
    replies = [answer(again, request) for request in requests]
    assert out.getvalue().splitlines() == [wire_json.dumps(r) for r in replies]
    filled = [known_line(r) for r in replies]
    assert len(filled) >= 20 and None not in filled


@pytest.mark.parametrize("scores", [{"p\u00e9": 1}, {"p1": 2**70}, {"p1": "\x7f"}])
def test_scores_the_wire_writes_otherwise_are_not_expected(scores: JSON) -> None:
    """Scores the wire would write another way than orjson (a character past ASCII, or
    DEL, escaped; an integer past 64 bits): no line is expected (the reply is read as
    any). Rocket's player IDs are ASCII; another game's scores need not be."""
    assert inspect_reply(1, "a" * 64, ("b" * 64, 3), scores, False) is None
    assert inspect_reply(1, "a" * 64, ("b" * 64, 3), {"p1": 1}, False) is not None


def test_the_served_oracle_is_taken_as_expected_at_every_step() -> None:
    b = Counting(SERVE)
    try:
        played = play_one(Lockstep(InProcess(), b, "rocket"), CAMPAIGN, 0)
    finally:
        b.close()
    assert played.divergence is None and len(played.actions) == CAMPAIGN.max_actions
    # every inspect that applies an action; read: the handshake, the new game, the
    # first inspect (no action) and ``stop``
    assert b.agreed == len(played.actions) and b.read <= 4, (b.agreed, b.read)


def _no_expectations(lock: Lockstep) -> None:
    no_expectation: Callable[..., None] = lambda *_: None  # noqa: E731
    lock._expect_b = no_expectation  # type: ignore[method-assign]


def _findings(b_command: str, expecting: bool) -> tuple[list[Any], int]:
    b = Counting(b_command)
    return findings(b, 3, None if expecting else _no_expectations), b.agreed


@pytest.mark.parametrize("mutant", ["mover_cannot_call", "no_city_scoring",
                                    "stations_never_move"])
def test_a_served_mutant_is_found_alike_with_expected_replies_or_without(mutant: str) -> None:
    read, none_agreed = _findings(command(mutant), False)
    expected, agreed = _findings(command(mutant), True)
    assert expected == read
    assert none_agreed == 0 and agreed > 0
    assert any(game[3] is not None for game in read), "the mutant was never found"


def test_a_reply_one_digit_off_is_read_and_found_as_before() -> None:
    """A served engine whose position digests go wrong after a while (the last digit
    changed): its line differs from the one expected by one byte, is read, and its
    wrong digest is found at the same step, the same kind, as without expectations."""
    read, _ = _findings(f"{LIAR} position 12", False)
    expected, agreed = _findings(f"{LIAR} position 12", True)
    assert expected == read and agreed > 0
    assert read[0][3] is not None and read[0][3][1] == "invalid", read[0][3]

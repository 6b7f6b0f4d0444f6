"""The protocol's optional ``digests`` (oracle/protocol/digests.py, docs/protocol.md):
a served B that declares it answers positions and listings by digests, read against
A's whole answers. The served oracle so agrees as it does without them, asked with
digests every step; a digest that is not the engine's own whole answer is a wrong
answer (``invalid``), never a pass; a malformed one breaks the protocol; an engine
that does not declare the feature is asked as before."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle.harness.fuzz_campaign import Campaign, implementation, play_one
from oracle.harness.lockstep import Lockstep
from oracle.protocol.client import ProtocolClient
from oracle.protocol.digests import (
    Digest,
    from_keys,
    listed_digest,
    listing_digest,
    position_digest,
)
from oracle.protocol.inprocess import InProcess
from oracle.protocol.server import answer
from oracle.rocket.notation import default_board
from oracle.rocket.playout import random_trace
from oracle.rocket.rules import Rules
from oracle.rocket.rules.canonical import legal_groups
from oracle.rocket.setup import initial_state

HERE = Path(__file__).parent
LIAR = f"{sys.executable} {HERE / 'fakes' / 'digest_liar.py'}"
SERVE = f"{sys.executable} -m oracle.harness.cli serve"
CAMPAIGN = Campaign(impl="oracle", against="oracle", game="rocket", seed=0, games=1,
                    max_actions=40)


def _play(b: ProtocolClient) -> tuple[Lockstep, object]:
    lock = Lockstep(InProcess(), b, "rocket")
    try:
        played = play_one(lock, CAMPAIGN, 0)
        assert not b.digests  # only while the game lasts
        return lock, played
    finally:
        b.close()


def test_the_served_oracle_agrees_by_digests_as_it_does_whole() -> None:
    whole = play_one(Lockstep(InProcess(), InProcess(), "rocket"), CAMPAIGN, 0)
    b = implementation(SERVE)
    assert isinstance(b, ProtocolClient)
    lock, played = _play(b)
    assert lock._digests
    assert played.divergence is None and played.actions == whole.actions  # type: ignore[attr-defined]
    assert played.choices == whole.choices  # type: ignore[attr-defined]


def test_the_server_answers_digests_of_its_whole_answers() -> None:
    impl = InProcess(games=["rocket"])
    start = impl.new_game("rocket", ["p1", "p2", "p3"], {})
    action = impl.legal_actions("rocket", start)[0]
    request = {"cmd": "inspect", "seq": 1, "game": "rocket", "position": start,
               "action": action, "ask": ["legal_actions", "scores"], "digests": True}
    parts = answer(impl, __import__("json").dumps(request))["result"]
    after = impl.apply("rocket", start, action).position
    assert parts["apply"]["result"] == {"accepted": True, "digest": position_digest(after)}
    texts = sorted(__import__("json").dumps(a, sort_keys=True, separators=(",", ":"))
                   for a in impl.legal_actions("rocket", after))
    assert parts["legal_actions"]["result"] == {"digest": listing_digest(texts),
                                                "count": len(texts)}
    assert "scores" in parts["scores"]["result"]
    assert isinstance(Digest("0" * 64, 1), Digest)


@pytest.mark.parametrize(("mode", "kind", "field"), [
    ("position", "invalid", "digest"), ("count", "invalid", "digest"),
    ("listing", "invalid", "digest")])
def test_a_digest_that_is_not_its_whole_answer_is_a_wrong_answer(mode: str, kind: str,
                                                                  field: str) -> None:
    _, played = _play(ProtocolClient(f"{LIAR} {mode} 12", isolate="no"))
    divergence = played.divergence  # type: ignore[attr-defined]
    assert divergence is not None and divergence.kind == kind
    assert divergence.detail["field"] == field and divergence.step >= 11


def test_a_malformed_digest_breaks_the_protocol() -> None:
    _, played = _play(ProtocolClient(f"{LIAR} malformed 5", isolate="no"))
    divergence = played.divergence  # type: ignore[attr-defined]
    assert divergence is not None and divergence.kind == "error"
    assert divergence.detail["outcome"] == "crash"
    assert "digest" in divergence.detail["message"]


def test_an_engine_without_the_feature_is_asked_whole() -> None:
    b = ProtocolClient(f"{sys.executable} {HERE / 'fakes' / 'partial.py'} crash_on_move",
                       isolate="no")
    lock = Lockstep(InProcess(), b, "rocket")
    try:
        assert not lock._digests and not b.digests
    finally:
        b.close()


@pytest.mark.parametrize("digest", ["a" * 64 + "\n", "a" * 63, "a" * 65, "A" * 64])
def test_a_digest_is_exactly_64_lowercase_hex_digits(digest: str) -> None:
    """A JSON Schema ``$`` also matches before a final newline: the lengths are bounded
    too, so a digest with one appended is refused like any other malformed one."""
    from oracle.protocol.messages import problem
    assert problem({"accepted": True, "digest": "a" * 64}, "apply.digest.json") is None
    assert problem({"accepted": True, "digest": digest}, "apply.digest.json") is not None
    assert problem({"digest": digest, "count": 3}, "legal_actions.digest.json") is not None


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4), st.sampled_from(["p", "é", "q\\u"]))
def test_a_listing_digested_group_by_group_is_its_whole_digest(seed: int, players: int,
                                                               name: str) -> None:
    """``listed_digest`` over a position's canonical groups, their bytes kept from one
    listing to the next, is the digest and count of the texts written out whole, at
    every position of random games; where a text escapes a character past ASCII (a
    player called ``é``) it declines, and the texts are written again as before."""
    rules = Rules()
    start = initial_state([f"{name}{i}" for i in range(1, players + 1)], None,
                          default_board())
    for state, _ in random_trace(rules, start, random.Random(seed)):
        groups = legal_groups(rules, state)
        texts = from_keys([t for group in groups for t in group])
        found = listed_digest([(), *groups, ()])
        if any("\\u" in t for group in groups for t in group):
            assert found is None
        else:
            assert found == (listing_digest(texts), len(texts))


def test_a_listing_of_the_same_groups_again_is_its_digest_and_no_other_order_s() -> None:
    """A listing of the very groups of a recent one is answered from that one's digest
    (``listed_digest``'s last few): the same groups in another order, or one group
    fewer, are digested as themselves."""
    rules = Rules()
    start = initial_state(["p1", "p2", "p3"], None, default_board())
    trace = random_trace(rules, start, random.Random(4))
    groups = next(g for g in (legal_groups(rules, s) for s, _ in trace) if len(g) >= 3)

    def whole(listing: list[Any]) -> tuple[str, int]:
        texts = [t for group in listing for t in group]
        return listing_digest(texts), len(texts)
    for listing in (groups, groups, list(reversed(groups)), groups[1:], groups):
        assert listed_digest(listing) == whole(listing)

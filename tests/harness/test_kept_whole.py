"""A whole position in a request read as the position kept (oracle/protocol/kept_whole.py):
where it is, as the request's last key, the very canonical text of the position the
served implementation kept last, the rest of the request is read alone and the reply
is the one reading the whole line gives; any other line is read whole, its answers
and its errors as before."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from oracle.core import wire_json
from oracle.core.canonical import canonical_text
from oracle.core.wire_json import Written
from oracle.protocol import server
from oracle.protocol.expected import ASKED
from oracle.protocol.implementation import JSON, Verdict
from oracle.protocol.inprocess import InProcess
from oracle.protocol.kept_whole import read_kept_whole

#: what a line is read into, with the shortcut and without: (the reply, taken)
Read = tuple[JSON, bool]


def _served_pair(seed: int) -> tuple[list[Callable[[bytes], Read]], JSON, JSON]:
    """Two served implementations with the same history (an inspect asked with digests
    that applied one action to a new game, as the lockstep's first step does): one
    reading with the shortcut, one without; and the position kept (its JSON), and
    the next action."""
    a = InProcess()
    rng = random.Random(seed)
    start = a.new_game("rocket", ["p1", "p2", "p3"], {})
    first = rng.choice(a.legal_actions("rocket", start))
    verdict = a.apply("rocket", start, first)
    assert isinstance(verdict, Verdict) and verdict.position is not None
    kept = verdict.position
    line = wire_json.dumps({"cmd": "inspect", "game": "rocket", "position": start,
                            "action": first, "ask": list(ASKED), "digests": True,
                            "seq": 0})
    readers = []
    for shortcut in (True, False):
        impl = InProcess()
        server.answer(impl, line)
        readers.append(_reader(impl, shortcut))
    return readers, kept, rng.choice(a.legal_actions("rocket", kept))


def _reader(impl: InProcess, shortcut: bool) -> Callable[[bytes], Read]:
    def read(line: bytes) -> Read:
        taken = []

        def spy(kept: Any, text: bytes) -> Any:
            found = read_kept_whole(kept, text) if shortcut else None
            taken.append(found is not None)
            return found
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(server, "read_kept_whole", spy)
            return server.answer(impl, line), any(taken)
    return read


def _request(action: JSON, seq: int = 1, **more: Any) -> JSON:
    return {"cmd": "inspect", "game": "rocket", "action": action, "ask": list(ASKED),
            "digests": True, "seq": seq, **more}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_kept_position_sent_whole_is_read_as_kept(seed: int) -> None:
    (fast, slow), kept, action = _served_pair(seed)
    # as the lockstep writes it: the canonical text, the last key (position_refs._whole)
    line = wire_json.dumps_with(_request(action), "position",
                                Written(canonical_text(kept))) + b"\n"
    reply, taken = fast(line)
    assert taken
    assert reply == slow(line)[0]
    assert reply["result"]["apply"]["result"]["accepted"] is True


def _lines(kept: JSON, action: JSON) -> dict[str, bytes]:
    text = canonical_text(kept)
    other = {**kept, "players": list(reversed(kept["players"]))}
    return {
        "position not last": wire_json.dumps({"position": kept, **_request(action)}),
        "spelled otherwise": wire_json.dumps(_request(action, position=kept)),
        "another position": wire_json.dumps_with(_request(action), "position",
                                                 Written(canonical_text(other))),
        "named by reference too": wire_json.dumps_with(
            _request(action, position_ref="0" * 64), "position", Written(text)),
        "not asked with digests": wire_json.dumps_with(
            {**_request(action), "digests": False}, "position", Written(text)),
        "another game": wire_json.dumps_with({**_request(action), "game": "18xx"},
                                             "position", Written(text)),
        "the rest not JSON": b'{"cmd":"inspect","game":"rocket",,"position":%b}' % text,
        "the rest malformed": wire_json.dumps_with({**_request(action), "ask": 7},
                                                   "position", Written(text)),
    }


#: the cases read with the shortcut: the rest of the line is read alone, and its fault
#: named as reading the whole line names it
_TAKEN = {"the rest malformed"}


@pytest.mark.parametrize("case", list(_lines({"players": []}, {}).keys()))
def test_any_other_line_is_read_whole_as_before(case: str) -> None:
    (fast, slow), kept, action = _served_pair(5)
    line = _lines(kept, action)[case]
    reply, taken = fast(line)
    assert reply == slow(line)[0]
    assert taken == (case in _TAKEN)

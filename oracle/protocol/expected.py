"""A reply known before it comes: a served B agreeing with the reference, byte for byte.

Where the fuzz lockstep's A is the built-in oracle in process and B a served engine
asked by digests (oracle/harness/lockstep_digests.py), A's answers about a step are
known before B's reply is read, and so are the exact bytes ``railrules serve`` writes
for those answers (oracle/protocol/server.py: the step's parts, the action's first and
then in the order asked, each the single command's result, the line written by
oracle/core/wire_json.py). A reply that is those bytes exactly is that reply: read, it
is the JSON the bytes were written from, whose every part the reply's schema takes (A
is the reference: its answers are the game's own, as
``ProtocolClient.reference_position`` already holds for its positions), and whose
answers are A's. So the client hands back the answers given with the bytes (``Agreed``)
without reading or checking the line again; any other reply, the same answers spelled
otherwise included (keys in another order, another engine's escapes), is read and
checked as always. Nothing is taken that reading would refuse, and the lockstep
compares the answers as before: the same findings, at the same steps
(tests/harness/test_expected_replies.py).

The server writes such a reply with the same line (``Known``, ``known_line``): where the
oracle answers an inspect asked with digests at once (``InProcess.inspect_digests``),
the line is filled in rather than the reply built as JSON and written again
(tests/harness/test_expected_replies.py holds the line to the one the general writer
makes of the same reply).

Why: reading a served step's reply (parsing it, checking it against the schema,
building its answers) was some 16 us of the harness's 200 a step, on a side whose own
work, not the served engine's, is the step (docs/fuzz.md, "fifteenth pass").
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from oracle.protocol.implementation import INSPECT_QUESTIONS, Answers

#: the ``ask`` of the inspects whose replies are known (the lockstep's: every question,
#: in the order ``_LINE`` writes their parts)
ASKED: Final = INSPECT_QUESTIONS


class Agreed(dict[str, Any]):
    """A reply that came exactly as expected (``ProtocolClient.expect``): its answers
    (``answers``), as reading the reply would have given them. An empty dict to every
    other reader: only ``ProtocolClient._answers`` is handed one."""

    __slots__ = ("answers",)

    def __init__(self, answers: Answers) -> None:
        super().__init__()
        self.answers = answers


#: the line ``inspect_reply`` writes, its values left to fill in: ``seq``, the new
#: position's digest, the listing's digest and count, the scores and the game-over flag
#: (the questions in the order ``ASKED`` asks them; tests/harness/test_expected_replies.py
#: holds the line to the server's own)
_LINE: Final = (b'{"seq":%d,"result":{"apply":{"result":{"accepted":true,"digest":"%b"}},'
                b'"legal_actions":{"result":{"digest":"%b","count":%d}},'
                b'"scores":{"result":{"scores":%b}},"game_over":{"result":{"over":%b}}}}')


class Known(dict[str, Any]):
    """An inspect's parts, as the server answers them (``{"apply": ...,
    "legal_actions": ..., ...}``), whose reply line ``inspect_reply`` writes from
    ``filled`` (the position's digest, the listing's digest and count, the scores and
    the game-over flag): the parts asked as ``ASKED`` asks them, the action accepted."""

    __slots__ = ("filled",)

    def __init__(self, parts: dict[str, Any], filled: tuple[str, tuple[str, int], Any,
                                                           bool]) -> None:
        super().__init__(parts)
        self.filled = filled


def known_line(reply: dict[str, Any]) -> bytes | None:
    """The line of ``reply`` (``{"seq": ..., "result": ...}``) where its result is
    ``Known`` and ``inspect_reply`` writes it; else None (the general writer's way)."""
    result = reply.get("result")
    seq = reply.get("seq")
    if type(result) is not Known or type(seq) is not int:
        return None
    return inspect_reply(seq, *result.filled)


def inspect_reply(seq: int, position_digest: str, listing: tuple[str, int], scores: Any,
                  over: bool) -> bytes | None:
    """The line ``railrules serve`` writes, without its newline, for an inspect asked with
    digests (``ask`` ``ASKED``) whose action it accepts with these answers: the new
    position's digest, the listing's digest and count, the scores and the game-over flag.
    None where the scores are not what orjson writes as the wire does (plain ASCII JSON:
    ``wire_json.dumps`` writes anything else another way)."""
    try:
        scores_text = orjson.dumps(scores)
    except orjson.JSONEncodeError:
        return None
    if not scores_text.isascii() or b"\x7f" in scores_text:
        return None
    return _LINE % (seq, position_digest.encode(), listing[0].encode(), listing[1],
                    scores_text, b"true" if over else b"false")

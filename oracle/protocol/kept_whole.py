"""A whole position in a request read as the position kept, where it is that very text.

The fuzz lockstep sends a served adapter the whole position now and then though it
could name it (``position_refs.goes_whole``): the position its own last apply made,
written as A's canonical text (``position_refs._whole``), the request's last key.
``railrules serve`` read it as any request, parsing some 6 kB into fresh objects, and
then found it was the position it kept (``server._is_kept``, by its canonical text's
digest) and went on with its own object: some 90 us of a 230 us step, on the step the
harness waits longest for (docs/fuzz.md, "sixteenth pass").

Here the line is read with that text left out where it is, byte for byte, the
canonical text of the position the implementation kept last (``Made.canonical``: the
engine writes it from its state's parts): the rest of the request is parsed alone,
with an empty object in the position's place for the request's schema, and the
position is the kept object. That is what reading the whole line gives: the text
parsed is a JSON value whose canonical text is the kept position's, so it is that
position exactly, types included (``_is_kept`` would find it kept), and the keys
before it are the same. Anything else (another position, the same one spelled
otherwise, not the last key, a position named by reference, a line the rest of which
does not parse) is read whole as before, its errors named as before
(tests/harness/test_kept_whole.py).
"""

from __future__ import annotations

from typing import Any, Final

from oracle.core import wire_json
from oracle.core.made import Made
from oracle.protocol.position_refs import Remembered

JSON = dict[str, Any]

#: a request line shorter than this carries no whole position worth the look
WHOLE_BYTES: Final = 1024
_KEY: Final = b',"position":'


def read_kept_whole(kept: Remembered, line: bytes) -> tuple[JSON, Any] | None:
    """The request ``line`` read with its position taken as the one ``kept`` last (the
    module's docstring): the request with an empty object for its position, and that
    position; None where the line is to be read whole."""
    found = kept.newest()
    if found is None or type(found[1]) is not Made:
        return None
    game, position = found
    text = position.canonical()
    end = len(line) - (line[-1:] == b"\n")
    start = end - len(text) - 1  # the position's text, then the request's closing brace
    if start < len(_KEY) or line[end - 1:end] != b"}" \
            or line[start - len(_KEY):start] != _KEY or line[start:end - 1] != text:
        return None
    try:
        msg = wire_json.loads(b"%b{}}" % line[:start])
    except ValueError:  # read whole: its error named as before
        return None
    if type(msg) is not dict or msg.get("position") != {} or msg.get("cmd") != "inspect" \
            or msg.get("game") != game or msg.get("digests") is not True \
            or "position_ref" in msg or "position_of" in msg:
        return None
    return msg, position

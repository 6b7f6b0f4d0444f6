"""Hostile inputs to the wire and to ``railrules serve``: text nested a thousand levels
deep, lines of megabytes, huge arrays in a position, player IDs a position cannot hold.
Each is refused, naming the problem, and the next request is answered as ever
(oracle/core/wire_json.py, oracle/protocol/server.py; docs/certify.md, "Failure
classes")."""

from __future__ import annotations

import copy
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle.core import wire_json
from oracle.core.errors import MalformedInput
from oracle.harness.cli import main
from oracle.protocol.client import ProtocolClient
from oracle.protocol.implementation import Crashed
from oracle.protocol.inprocess import InProcess
from oracle.protocol.server import MAX_REQUEST_BYTES, answer, serve

HELLO = {"seq": 7, "cmd": "hello", "protocol": 1}


def deep(levels: int, opener: str = "[") -> str:
    closer = {"[": "]", '{"a":': "}"}[opener]
    return opener * levels + ("1" if opener != "[" else "") + closer * levels


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


# -- the reader ---------------------------------------------------------------------------

@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_nesting_up_to_the_bound_is_read_past_it_refused(opener: str) -> None:
    assert depth(wire_json.loads(deep(wire_json.MAX_DEPTH, opener))) == wire_json.MAX_DEPTH
    for levels in (wire_json.MAX_DEPTH + 1, 1000, 5000):
        with pytest.raises(ValueError, match="nested deeper than 64 levels"):
            wire_json.loads(deep(levels, opener))


def test_deep_text_that_is_not_json_is_refused_not_a_recursion_error() -> None:
    # the standard module recursed once a level: a RecursionError, not a ValueError
    for text in ("[" * 100_000, "[" * 100_000 + "}", '{"a":' * 50_000):
        with pytest.raises(ValueError):
            wire_json.loads(text)


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"s": "[" * 500, "t": "\\\"]]]" * 100, "u": [["{{{{"]]})
    assert wire_json.loads(text)["u"] == [["{{{{"]]
    # and an escaped quote does not end a string early, in either direction
    hidden = json.dumps(["\"]" * 70 + "x", *([[]] * 3)])
    assert depth(wire_json.loads(hidden)) == 2


_KEYS = st.text(alphabet='[]{}"\\a', max_size=4)
_LEAVES = st.none() | st.integers() | _KEYS


@given(st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(_KEYS, inner, max_size=3), max_leaves=12),
       st.integers(min_value=55, max_value=75), st.booleans())
def test_the_depth_read_off_the_text_is_the_values(value: Any, wrap: int,
                                                  ascii_only: bool) -> None:
    for i in range(wrap):
        value = [value] if i % 3 else {"[\"{": value}
    text = json.dumps(value, ensure_ascii=ascii_only)
    if depth(value) > wire_json.MAX_DEPTH:
        with pytest.raises(wire_json.TooDeep):
            wire_json.loads(text)
    else:
        assert wire_json.loads(text) == value


def test_a_text_over_the_size_bound_is_refused_before_it_is_read() -> None:
    with pytest.raises(wire_json.TooLarge, match=f"larger than {wire_json.MAX_BYTES}"):
        wire_json.loads(b" " * (wire_json.MAX_BYTES + 1))


# -- railrules serve ------------------------------------------------------------------------

def served(*lines: bytes, **options: Any) -> list[dict[str, Any]]:
    out = io.BytesIO()
    serve(InProcess(), io.BytesIO(b"".join(line + b"\n" for line in lines)), out, **options)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_names_deep_nesting_and_answers_the_next_request() -> None:
    line = ('{"seq":1,"cmd":"load","game":"rocket","position":' + deep(1000) + "}").encode()
    first, second = served(line, json.dumps(HELLO).encode())
    assert first == {"seq": None, "errored": {
        "message": "request is not JSON: JSON text nested deeper than 64 levels"}}
    assert second["seq"] == 7 and second["result"]["protocol"] == 2


def test_serve_refuses_a_line_over_its_bound_unread_and_goes_on() -> None:
    big = json.dumps({"seq": 1, "cmd": "load", "game": "rocket",
                      "position": {"pad": "x" * MAX_REQUEST_BYTES}}).encode()
    replies = served(big, json.dumps(HELLO).encode(), big[:1000] + b"\n")
    assert replies[0] == {"seq": None, "errored": {
        "message": f"request larger than {MAX_REQUEST_BYTES} bytes"}}
    assert replies[1]["seq"] == 7 and "result" in replies[1]
    assert replies[2]["seq"] is None and "not JSON" in replies[2]["errored"]["message"]
    # the bound is the line's, its newline not counted; --max-request sets it
    hello = json.dumps(HELLO).encode()
    assert "result" in served(hello, max_request=len(hello))[0]
    assert "larger than" in served(hello, max_request=len(hello) - 1)[0]["errored"]["message"]


def test_a_huge_array_in_a_position_is_refused_fast_naming_the_field() -> None:
    impl = InProcess()
    rocket = impl.new_game("rocket", ["a", "b"], {})
    eighteen = impl.new_game("18xx", ["A", "B", "C"], {"title": "1830"})
    cases = [("rocket", rocket, ("board", "land"), [f"A{k % 9 + 1}" for k in range(100_000)]),
             ("rocket", rocket, ("turn", "moved"), ["x"] * 100_000),
             ("18xx", eighteen, ("operating_order",), ["PRR"] * 100_000),
             ("18xx", eighteen, ("companies", 0, "trains"), ["2"] * 100_000)]
    for game, start, path, value in cases:
        position = copy.deepcopy(start)
        holder: Any = position
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = value
        line = json.dumps({"seq": 1, "cmd": "load", "game": game, "position": position})
        began = time.perf_counter()
        result = answer(impl, line)["result"]
        assert time.perf_counter() - began < 2.0, path  # was 3 s and more, a 1 MB message
        assert not result["valid"]
        assert result["field"] == ".".join(str(p) for p in path)
        assert result["message"] == f"schema: 100000 items, more than " \
            f"{ {'land': 2574, 'moved': 2574}.get(str(path[-1]), 64)}"


@pytest.mark.parametrize("game", ["rocket", "18xx"])
@pytest.mark.parametrize("players", [["<b>", "bob"], ["ok", "x" * 40], ["a b", "c"]])
def test_new_game_refuses_a_player_id_its_own_load_would(game: str,
                                                        players: list[str]) -> None:
    if game == "18xx":
        players = [p.replace("ok", "Ok").replace("bob", "Bob").replace("c", "C")
                   for p in players]
    with pytest.raises(MalformedInput) as err:
        InProcess().new_game(game, players, {})
    assert err.value.field == "players"


def test_new_game_positions_load() -> None:
    impl = InProcess()
    for game, players in (("rocket", ["a-1", "b_2"]), ("18xx", ["A", "B&C", "P1"])):
        assert impl.check_position(game, impl.new_game(game, players, {})) is None
    with pytest.raises(MalformedInput, match="the ID of a company"):
        impl.new_game("18xx", ["PRR", "B"], {"title": "1830"})  # load: "share an ID"
    with pytest.raises(MalformedInput, match="at most 16"):
        impl.new_game("18xx", [f"P{i}" for i in range(17)], {})
    served_reply = answer(impl, json.dumps({"seq": 3, "cmd": "new_game", "game": "rocket",
                                            "players": ["<b>", "a"], "options": {}}))
    assert served_reply["errored"]["message"].startswith("players: player 0 '<b>'")


# -- the harness reading an adapter's deep reply ----------------------------------------

#: replies nested 1,000 levels deep (tests/harness/fakes/deep_reply.py)
DEEP_ADAPTER = f"{sys.executable} {Path(__file__).resolve().parent / 'fakes' / 'deep_reply.py'}"


def test_a_deep_reply_is_a_crash_not_json() -> None:
    client = ProtocolClient(DEEP_ADAPTER, timeout=10, max_restarts=0)
    try:
        with pytest.raises(Crashed, match="reply to 'new_game' is not JSON"):
            client.new_game("rocket", ["a", "b"], {})
    finally:
        client.close()


def test_fuzz_survives_a_deep_reply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    adapter = f"{DEEP_ADAPTER} honest_new_game"
    code = main(["fuzz", "--impl", "oracle", "--against", adapter, "--games", "1",
                 "--max-actions", "3", "--no-shrink", "--out", str(tmp_path / "out"),
                 "--progress", "no", "--timeout", "10"])
    assert code == 1  # a divergence: B crashed, with the reason
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["finding"]["kind"] == "error"
    assert "Traceback" not in capsys.readouterr().err

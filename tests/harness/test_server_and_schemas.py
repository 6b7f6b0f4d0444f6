"""The server answers every command with one well-formed reply; the schemas hold."""

from __future__ import annotations

import io
import json

import jsonschema
from toygame import TOY

from oracle.core.schema import load_schema
from oracle.protocol.inprocess import InProcess
from oracle.protocol.messages import COMMANDS, SCHEMAS, all_schema_names, reply_problem
from oracle.protocol.server import answer, serve

IMPL = InProcess(overrides={"toy": TOY}, games=["toy"])
POSITION = TOY.new_game(["a", "b"], {})


def ask(request: dict[str, object]) -> dict[str, object]:
    reply = answer(IMPL, json.dumps(request))
    assert reply_problem(str(request.get("cmd")), reply) is None, reply
    return reply


def test_every_schema_is_valid_and_every_command_has_two() -> None:
    for name in all_schema_names():
        jsonschema.Draft202012Validator.check_schema(load_schema(SCHEMAS, name))
    assert len(all_schema_names()) == 1 + 2 * len(COMMANDS) + 2  # and two digest forms


def test_each_command_gets_a_result_echoing_seq() -> None:
    base = {"game": "toy", "position": POSITION}
    cases: list[dict[str, object]] = [
        {"cmd": "hello", "protocol": 1},
        {"cmd": "new_game", "game": "toy", "players": ["a", "b"], "options": {}},
        {"cmd": "load", **base}, {"cmd": "position", **base},
        {"cmd": "apply", **base, "action": {"type": "add", "n": 1}},
        {"cmd": "legal_actions", **base}, {"cmd": "scores", **base},
        {"cmd": "game_over", **base}, {"cmd": "stop"},
    ]
    for seq, request in enumerate(cases):
        reply = ask({**request, "seq": seq})
        assert reply["seq"] == seq and "result" in reply, reply


def test_refusals_and_malformed_positions_are_results() -> None:
    reply = ask({"cmd": "apply", "seq": "opaque", "game": "toy", "position": POSITION,
                 "action": {"type": "add", "n": 7}})
    assert reply == {"seq": "opaque", "result": {
        "accepted": False, "code": "add/out_of_range", "ruling": "TOY-OPEN-01",
        "reason": "cannot add 7"}}
    reply = ask({"cmd": "load", "seq": 1, "game": "toy", "position": {**POSITION, "total": "x"}})
    assert reply["result"] == {"valid": False, "field": "total", "message": "must be an integer",
                               "rule": "toy"}


def test_bad_requests_are_errored_replies_naming_the_problem() -> None:
    assert "not JSON" in str(answer(IMPL, "{nope")["errored"])
    reply = answer(IMPL, json.dumps({"cmd": "fly", "seq": 3}))
    assert reply["seq"] == 3 and "unknown cmd" in str(reply["errored"])
    reply = answer(IMPL, json.dumps({"cmd": "apply", "seq": 4, "game": "toy"}))
    assert "position" in str(reply["errored"])


def test_undeclared_game_is_unsupported() -> None:
    reply = ask({"cmd": "new_game", "seq": 1, "game": "chess", "players": ["a"], "options": {}})
    assert reply["unsupported"] == {"feature": "game:chess",
                                    "reason": "game 'chess' is not offered here"}


def test_serve_stops_on_stop_and_answers_in_order() -> None:
    lines = [{"cmd": "hello", "seq": 0, "protocol": 1}, {"cmd": "stop", "seq": 1},
             {"cmd": "hello", "seq": 2, "protocol": 1}]
    stdin = io.BytesIO(b"".join(json.dumps(x).encode() + b"\n" for x in lines))
    stdout = io.BytesIO()
    assert serve(IMPL, stdin, stdout) == 0
    replies = [json.loads(x) for x in stdout.getvalue().splitlines()]
    assert [r["seq"] for r in replies] == [0, 1]

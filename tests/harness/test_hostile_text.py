"""Adapter text cannot steer the terminal or break a report file, and what is stored of
it is bounded (issue: hostile inputs, items 2 and 3)."""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from harness_paths import HERE, ROOT

from oracle.games import PLUGINS_ENV
from oracle.harness import certify
from oracle.harness.collect import stored_record
from oracle.harness.reports.text import POSITION_BOUND, for_terminal, for_xml, scrub

HOSTILE = f"{sys.executable} {HERE / 'fakes' / 'hostile_text.py'}"


def test_terminal_text_shows_every_control_character_as_an_escape() -> None:
    shown = for_terminal("a\x1b[2J\nb\r\x07\u2028\x9b c")
    assert shown == "a\\x1b[2J\\nb\\r\\x07\\u2028\\x9b c"
    assert for_terminal("plain text, été") == "plain text, été"


def test_xml_text_holds_only_what_xml_can_carry() -> None:
    assert for_xml("a\x01b\uffff\ufffec\ud800\td") == "a\ufffdb\ufffd\ufffdc\ufffd\td"
    assert scrub({"k\udc00": ["\ud800x"]}) == {"k\ufffd": ["\ufffdx"]}


def test_a_huge_position_is_not_stored_and_the_cut_is_said() -> None:
    record = {"position": {"junk": "x" * (5 << 20)}, "verdict": {"reason": "r" * 10_000}}
    stored = stored_record(record)
    assert "not stored" in stored["position"]["cut"]
    assert len(json.dumps(stored)) < POSITION_BOUND
    assert len(stored["verdict"]["reason"]) < 2100


def test_hostile_text_reaches_neither_the_terminal_nor_breaks_a_report(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))
    parser = argparse.ArgumentParser()
    certify.add_arguments(parser)
    args = parser.parse_args(["--impl", HOSTILE, "--root", str(ROOT), "--game", "toy",
                              "--out", str(tmp_path), "--name", "evil", "--progress", "no",
                              "-j", "0"])
    assert certify.run(args) == 1
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and "\x07" not in printed and "\r" not in printed
    assert "certified: yes" not in [line.strip() for line in printed.splitlines()]
    assert any(line.startswith("certified: no") for line in printed.splitlines())
    out = tmp_path / "evil"
    ET.parse(out / "junit.xml")  # well-formed XML
    html = (out / "index.html").read_bytes().decode("utf-8")  # valid UTF-8, not empty
    assert "railrules certification" in html and "\x1b" not in html
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["totals"]["error"] > 0

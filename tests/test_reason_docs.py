"""The files generated from the reason-code registry are committed up to date
(``railrules reasons --write`` regenerates them; this test fails when they drift)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.core import reasons
from oracle.core.schema import compiled
from oracle.harness import reason_docs
from oracle.harness.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_generated_files_are_up_to_date() -> None:
    assert reason_docs.stale(ROOT) == [], "run 'railrules reasons --write' and commit"


def test_the_check_names_a_stale_file_and_write_mends_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reasons", "--root", str(tmp_path)]) == 1
    assert "out of date: docs/reason-codes.md" in capsys.readouterr().out
    for rel in reason_docs.generated():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
    assert main(["reasons", "--write", "--root", str(tmp_path)]) == 0
    assert main(["reasons", "--check", "--root", str(tmp_path)]) == 0
    assert (tmp_path / reason_docs.DOC).read_text("utf-8") == reason_docs.markdown()


@pytest.mark.parametrize("game", reasons.games())
def test_the_enum_schema_takes_exactly_the_registered_codes(game: str) -> None:
    name = reasons.file_name(game)
    assert json.loads(reason_docs.enum_schema(game))["enum"] == sorted(reasons.codes(game))
    schema = compiled("oracle.protocol.schemas", name)  # shipped and a valid schema
    assert all(schema.is_valid(code) for code in reasons.codes(game))
    assert not schema.is_valid("turn/no_such_code")


def test_the_table_has_a_row_per_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reasons", "--markdown"]) == 0
    text = capsys.readouterr().out
    for game in reasons.games():
        assert f"## {game}\n" in text
        for entry in reasons.entries(game):
            assert f"| `{entry.code}` | {entry.meaning} |" in text

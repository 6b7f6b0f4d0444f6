"""``railrules smoke``: a plain verdict in seconds on whether an adapter speaks the
protocol (oracle/harness/smoke.py)."""

from __future__ import annotations

import pytest
from harness_paths import FAKE, HERE, ROOT
from requires import needs_node

from oracle.games import PLUGINS_ENV
from oracle.harness.cli import main


def smoke(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["smoke", *argv])
    return code, capsys.readouterr().out


def test_the_served_oracle_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = smoke(capsys, "--impl", "railrules serve")
    assert code == 0 and "smoke: pass (11 steps, 0 declared gaps, 0 wrong or broken)" in out
    assert "rocket: apply" in out and "18xx: legal_actions" in out


@needs_node
def test_declared_gaps_are_shown_and_pass(capsys: pytest.CaptureFixture[str]) -> None:
    adapter = ROOT / "examples" / "js-rocket" / "adapter.mjs"
    code, out = smoke(capsys, "--impl", f"node {adapter}")
    assert code == 0 and "declared gap   legal_actions" in out


@pytest.mark.parametrize(("mode", "words"), [("crash", "crash"),
                                             ("unsupported_apply", "undeclared gap")])
def test_a_broken_adapter_fails_naming_the_step(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        mode: str, words: str) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "toygame:TOY_MODULE")
    monkeypatch.setenv("PYTHONPATH", str(HERE))
    code, out = smoke(capsys, "--impl", f"{FAKE} {mode}", "--timeout", "2")
    assert code == 1 and "smoke: FAIL" in out
    line = next(x for x in out.splitlines() if "toy: apply" in x)
    assert words in line

"""``railrules --version`` prints the package version, the suite hash a report records
and the protocol version (issue 29, item 4)."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from harness_paths import ROOT

import oracle
from oracle.harness.cli import main
from oracle.harness.suite_info import chosen, suite_info
from oracle.protocol.messages import PROTOCOL_VERSION


def test_version_names_the_package_the_suite_and_the_protocol(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    lines = capsys.readouterr().out.splitlines()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    suite = suite_info(chosen(None))
    assert lines[0] == f"railrules {project['version']}"
    assert project["version"] == oracle.__version__  # the one version a report records
    match = re.fullmatch(r"suite ([0-9a-f]{64}) \((.+)\)", lines[1])
    assert match is not None and match[1] == suite["hash"]
    assert match[2].split(", ") == suite["games"]
    assert lines[2] == f"protocol {PROTOCOL_VERSION}"


def test_the_command_prints_it_from_another_folder(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "oracle.harness.cli", "--version"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"railrules {oracle.__version__}\nsuite ")

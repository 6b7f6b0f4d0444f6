"""Golden positions: figures a published source states, run through the public API.

Each ``tests/eighteen/golden/<title>_<what>.json`` holds the source (URL and
section), a one-line paraphrase, a canonical position and its checks: an action
(``apply``; ``actions``: several in turn, the last one checked) or a query
(``routes``, ``revenue``) and the published figures it must
give (``equals``: values after, ``changes``: differences from before, ``refused``:
the reason code). docs/18xx-golden.md lists the sources and how to add one.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from oracle.core.errors import IllegalAction
from oracle.eighteen.api import API

JSON = dict[str, Any]
GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
_SEGMENT = re.compile(r"^([A-Za-z0-9_]+)(?:\[([^\]]+)\])?$")


def fact(document: Any, path: str) -> Any:
    """``companies[SSW].treasury``: a key, then an item of a list by its ``id``."""
    value = document
    for part in path.split("."):
        match = _SEGMENT.match(part)
        assert match is not None, f"bad path segment {part!r} in {path!r}"
        key, item = match.groups()
        value = value[key]
        if item is not None:
            value = next(v for v in value if v["id"] == item)
    return value


def load(path: Path) -> JSON:
    golden: JSON = json.loads(path.read_text())
    return golden


def test_there_are_golden_positions_for_several_titles() -> None:
    titles = {load(path)["title"] for path in FILES}
    assert len(FILES) >= 5 and len(titles) >= 2


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_file_is_complete_and_canonical(path: Path) -> None:
    golden = load(path)
    assert golden["id"] == path.stem and path.stem.startswith(golden["title"] + "_")
    assert golden["source"]["url"].startswith("http") and golden["source"]["section"]
    assert golden["paraphrase"] and golden["checks"]
    position = golden["position"]
    assert position["title"] == golden["title"]
    API.validate(position)
    assert API.canonical(position) == position


def _check(position: JSON, check: JSON) -> None:
    when = check["when"]
    if "query" in when:
        answer = API.query(copy.deepcopy(position), when["query"], when["args"])
        for path, expected in check["equals"].items():
            assert fact(answer, path) == expected, path
        return
    actions = when["actions"] if "actions" in when else [when["action"]]
    before = position
    for action in actions[:-1]:  # the steps leading to the checked action
        step = API.apply(copy.deepcopy(before), action)
        assert API.conservation(before, step) == []
        before = step
    if "refused" in check:
        with pytest.raises(IllegalAction) as err:
            API.apply(copy.deepcopy(before), actions[-1])
        assert err.value.code == check["refused"]
        return
    after = API.apply(copy.deepcopy(before), actions[-1])
    assert API.conservation(before, after) == []
    for path, expected in check.get("equals", {}).items():
        assert fact(after, path) == expected, path
    for path, change in check.get("changes", {}).items():
        assert fact(after, path) - fact(position, path) == change, path


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_figures_hold(path: Path) -> None:
    golden = load(path)
    for check in golden["checks"]:
        _check(golden["position"], check)

"""One scenario in the HTML report: its steps, expected against observed at the
failing step, the board (a shared SVG file, with the moment it shows) and a link to
its exchange log. Every string from a run (and so possibly from the adapter) is
escaped here."""

from __future__ import annotations

import json
import posixpath
from html import escape
from typing import Any, Final
from urllib.parse import quote

from oracle.games import game_modules, resolve
from oracle.harness.outcomes import BAD
from oracle.harness.reports.anchors import ruling_anchor, scenario_anchor
from oracle.harness.reports.board import placeholder
from oracle.harness.reports.board_files import BoardFiles
from oracle.harness.reports.moment import board_moment

COLOURS: Final = {"pass": "#1e8449", "fail": "#c0392b", "skipped": "#7f8c8d",
                  "unsupported": "#95a5a6", "undeclared-gap": "#a93226", "error": "#d35400",
                  "crash": "#8e44ad", "timeout": "#b9770e", "setup-error": "#6e2c00",
                  "graded": "#1e8449", "not-graded": "#d35400", "untested": "#7f8c8d"}


def badge(outcome: str) -> str:
    colour = COLOURS.get(outcome, "#555")
    return f'<span class="badge" style="background:{colour}">{escape(outcome)}</span>'


def exchanges_link(record: dict[str, Any], logs: str | None) -> str:
    """A link to the scenario's exchange log (``--log-exchanges``), beside a scenario
    that did not pass (a failure, an error, an undeclared gap: ``BAD``), or nothing. The
    link is relative (the report folder and the logs move together), its path quoted and
    escaped, and only to a file in the logs' folder: the file name comes from the record,
    which an adapter cannot write, but a results stream on disk could have been edited."""
    name = record.get("exchanges")
    if logs is None or not isinstance(name, str) or record.get("outcome") not in BAD:
        return ""
    if not name or name.startswith(".") or "/" in name or "\\" in name:
        return ""
    href = quote(posixpath.join(logs, name), safe="/")
    return f' <a class="log" href="{escape(href, quote=True)}">exchanges</a>'


def picture(game: str, position: Any, symbols: dict[str, str] | None = None) -> str:
    """The board as SVG, drawn by the renderer the game's record names (if any). With
    ``symbols`` a renderer may share parts between pictures of one page; without, the
    picture stands alone (a file of its own)."""
    module = game_modules().get(game)
    if module is None or not module.board:
        return placeholder(game)
    draw: Any = resolve(module.board)
    return str(draw(game, position, symbols))


def _steps(record: dict[str, Any]) -> str:
    out = ['<ol class="steps">']
    for step in record.get("steps") or ():
        if not isinstance(step, dict):
            continue
        status = str(step.get("status", "not run"))
        out.append(f'<li class="{escape(status.replace(" ", "-"), quote=True)}">'
                   f'<b>{escape(str(step.get("keyword", "")))}</b> '
                   f'{escape(str(step.get("text", "")))}')
        if step.get("table"):
            rows = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row)
                           + "</tr>" for row in step["table"] if isinstance(row, list))
            out.append(f"<table>{rows}</table>")
        if step.get("docstring"):
            out.append(f"<pre>{escape(str(step['docstring']))}</pre>")
        out.append("</li>")
    out.append("</ol>")
    return "".join(out)


def comparison(record: dict[str, Any]) -> str:
    """Expected against observed at the failing step, side by side (or nothing)."""
    if record.get("outcome") == "pass" or not (record.get("expected") or record.get("observed")):
        return ""
    failed = record.get("failed_step")
    at = ""
    if isinstance(failed, dict) and isinstance(failed.get("index"), int):
        at = (f'<p class="at">at step {failed["index"] + 1}: '
              f'<b>{escape(str(failed.get("keyword", "")))}</b> '
              f'{escape(str(failed.get("text", "")))}</p>')
    return (f'{at}<div class="cmp"><div><b>expected</b><pre>'
            f'{escape(str(record.get("expected", "")))}</pre></div><div><b>observed</b>'
            f'<pre>{escape(str(record.get("observed", "")))}</pre></div></div>')


def board_figure(record: dict[str, Any], boards: BoardFiles) -> str:
    if not record.get("game") and record.get("position") is None:
        return ""
    game = str(record.get("game", ""))
    svg = picture(game, record.get("position"))
    return boards.figure(svg, board_moment(record), f"board of {record.get('id', '')}")


def ruling_links(record: dict[str, Any]) -> str:
    return " ".join(f'<a href="#{ruling_anchor(str(r))}">{escape(str(r))}</a>'
                    for r in record.get("rulings") or ())


def scenario_card(record: dict[str, Any], boards: BoardFiles, logs: str | None = None, *,
                  opened: bool = False, anchored: bool = True,
                  words: str = "") -> str:
    """The scenario as a ``<details>`` card: summary line, then (opened or not) its
    reading, steps, expected against observed, verdict, stderr and board. ``words``:
    HTML shown first in the card (the rulings' texts, on a failure)."""
    outcome = str(record.get("outcome"))
    ident = f' id="{scenario_anchor(str(record.get("id", "")))}"' if anchored else ""
    where = f"{record.get('feature', '')}:{record.get('line', '')}"
    out = [f'<details class="scenario"{ident}{" open" if opened else ""}><summary>'
           f'{badge(outcome)} <b>{escape(str(record.get("name", "")))}</b> '
           f'<code>{escape(str(record.get("id", "")))}</code> '
           f'<span class="src">{escape(where)}</span>{exchanges_link(record, logs)}</summary>',
           words]
    if record.get("open"):
        found = record.get("options")
        options: dict[str, Any] = found if isinstance(found, dict) else {}
        reading = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        out.append(f"<p>Reading of an open ruling: <code>{escape(reading or '(default)')}"
                   f"</code></p>")
    out.append(comparison(record))
    out.append(_steps(record))
    if record.get("verdict") and outcome != "pass":
        out.append(f"<p>last verdict: <code>{escape(json.dumps(record['verdict']))}</code></p>")
    if record.get("stderr"):
        out.append(f"<b>adapter stderr</b><pre>{escape(str(record['stderr']))}</pre>")
    out.append(board_figure(record, boards))
    out.append("</details>")
    return "".join(out)

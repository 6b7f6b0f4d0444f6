"""What every page of the site and of the compare view shares: the style sheet (a file
of its own, so pages stay small), the page frame and the outcome marks. No script but
the site's own search, no font or style from outside."""

from __future__ import annotations

from html import escape

CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:1100px;color:#222;
padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}h3{font-size:1.05em}
a{color:#1f5f9f}nav{font-size:.9em;margin-bottom:1em}
.mark{display:inline-block;padding:1px 7px;border-radius:9px;color:#fff;font-size:.8em}
.pass{background:#1e8449}.fail{background:#c0392b}.gap{background:#d35400}
.none{background:#aaa}.settled{background:#2471a3}.open{background:#7d3c98}
.superseded{background:#7f8c8d}
.words{font-size:1.1em;margin:.4em 0}.src{color:#666;font-size:.9em}
.passage{border-left:3px solid #ccc;padding:.1em .8em;color:#333}
section.scenario{border:1px solid #ddd;border-radius:6px;margin:1em 0;padding:.3em .9em}
pre.gherkin{background:#f6f6f6;padding:.6em;white-space:pre-wrap;word-break:break-word;
font-size:.85em}
pre.gherkin .kw{color:#7d3c98;font-weight:bold}pre.gherkin .tag{color:#888}
img.board{max-width:100%;height:auto;border:1px solid #eee}
table.grid{border-collapse:collapse}table.grid td,table.grid th{border:1px solid #ddd;
padding:3px 8px;text-align:left;vertical-align:top}
table.matrix td{text-align:center}table.matrix td.rid{text-align:left}
.reading{display:block;font-size:.75em;color:#555}
.note{background:#fdebd0;padding:.5em;border-radius:4px}
#results li{margin:.2em 0}input#q{font-size:1.1em;width:60%;padding:.3em}
"""


def mark(kind: str, text: str | None = None, title: str = "") -> str:
    """A coloured mark: ``kind`` is one of the CSS classes above (never adapter text)."""
    shown = escape(text if text is not None else kind)
    hint = f' title="{escape(title, quote=True)}"' if title else ""
    return f'<span class="mark {escape(kind, quote=True)}"{hint}>{shown}</span>'


def page(title: str, body: str, root: str = "", scripts: tuple[str, ...] = ()) -> str:
    """A whole page. ``root``: the way up to the site's folder (``../`` from a ruling);
    ``title`` is escaped here, ``body`` is HTML built by the caller."""
    tags = "".join(f'<script src="{escape(root + s, quote=True)}" defer></script>'
                   for s in scripts)
    return ("<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{escape(title)}</title>"
            f"<link rel='stylesheet' href='{escape(root, quote=True)}style.css'>{tags}"
            f"</head><body>{body}</body></html>\n")

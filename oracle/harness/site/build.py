"""Write the rulings site into a folder: ``index.html``, ``rulings/<ID>.html`` per
ruling, ``boards/*.svg``, ``search.json`` with ``search-data.js`` and ``search.js``,
and ``style.css``. Returns the figures the command prints (pages, sizes)."""

from __future__ import annotations

from pathlib import Path

from oracle.harness.site.index_page import index_page
from oracle.harness.site.model import SiteData
from oracle.harness.site.page_shell import CSS
from oracle.harness.site.ruling_page import ruling_page
from oracle.harness.site.search_index import SCRIPT, index_json, index_script


def _write(path: Path, text: str) -> int:
    path.write_text(text, encoding="utf-8")
    return path.stat().st_size


def build_site(data: SiteData, out: Path) -> dict[str, int | str]:
    """Write the site; ``data.boards`` must already name files under ``out``."""
    (out / "rulings").mkdir(parents=True, exist_ok=True)
    stats = {"rulings": len(data.ruling_ids()), "scenarios": len(data.scenarios)}
    sizes = {}
    for rid in data.ruling_ids():
        sizes[f"rulings/{rid}.html"] = _write(out / "rulings" / f"{rid}.html",
                                              ruling_page(data, rid))
    sizes["index.html"] = _write(out / "index.html", index_page(data, stats))
    _write(out / "style.css", CSS)
    _write(out / "search.js", SCRIPT)
    _write(out / "search.json", index_json(data))
    _write(out / "search-data.js", index_script(data))
    boards = sorted(set(data.boards.values()))
    board_bytes = sum((out / b).stat().st_size for b in boards)
    largest = max(sizes.items(), key=lambda kv: kv[1])
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {**stats, "pages": len(sizes), "largest_page_bytes": largest[1],
            "page_bytes": sum(sizes.values()), "boards": len(boards),
            "board_bytes": board_bytes, "total_bytes": total,
            "largest_page": largest[0]}

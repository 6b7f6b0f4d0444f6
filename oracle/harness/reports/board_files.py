"""Board pictures as SVG files beside the HTML page, each drawn once.

The page links each picture (``<img src="boards/NAME.svg" loading="lazy">``) instead of
holding it: a whole 18xx map is some 30 kB of SVG, and the oracle's page held four
hundred of them inline (9 MB). A file is named by a hash of its text, so a position
drawn by several scenarios is written once. A picture in ``<img>`` runs no script and
loads nothing, and every text in it was escaped by its renderer.
"""

from __future__ import annotations

import hashlib
import shutil
from html import escape
from pathlib import Path
from typing import Final

from oracle.harness.reports.text import for_xml

#: the folder, beside index.html, that holds the pictures
BOARDS_DIR: Final = "boards"


class BoardFiles:
    """The pictures one page links, by file name."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}

    def add(self, svg: str) -> str:
        """The page-relative path of ``svg``'s file (stored once)."""
        text = for_xml(svg)
        name = hashlib.sha256(text.encode("utf-8")).hexdigest()[:20] + ".svg"
        self.files.setdefault(name, text)
        return f"{BOARDS_DIR}/{name}"

    def figure(self, svg: str, caption: str, alt: str) -> str:
        """A ``<figure>`` linking the picture (opened alone it shows its tooltips) with
        ``caption`` under it; ``caption`` and ``alt`` are plain text, escaped here."""
        href = escape(self.add(svg), quote=True)
        return (f'<figure class="board"><a href="{href}"><img src="{href}" loading="lazy" '
                f'alt="{escape(alt, quote=True)}"></a><figcaption>{escape(caption)}'
                f"</figcaption></figure>")

    def write(self, out: Path) -> None:
        """Write the pictures to ``out/boards/``, emptied of an earlier run's first."""
        folder = out / BOARDS_DIR
        if folder.is_dir() and not folder.is_symlink():
            shutil.rmtree(folder)
        elif folder.exists() or folder.is_symlink():
            folder.unlink()
        folder.mkdir(parents=True)
        for name, text in self.files.items():
            (folder / name).write_text(text, "utf-8")

"""Read an HTML report the way the tests need: its element ids, its links, its images,
the order of its sections and scenario cards, and the text a reader sees without
opening anything (outside closed ``<details>``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

#: elements that never close (no end tag), so they never hold text
_VOID = {"br", "img", "meta", "link", "input", "hr", "wbr", "source"}


@dataclass
class Page:
    ids: list[str] = field(default_factory=list)
    hrefs: list[str] = field(default_factory=list)
    images: list[str] = field(default_factory=list)
    #: the ids of scenario cards (``details.scenario``), in page order
    cards: list[str] = field(default_factory=list)
    #: the ids of sections, in page order
    sections: list[str] = field(default_factory=list)
    visible: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)

    def anchors(self) -> list[str]:
        return [h[1:] for h in self.hrefs if h.startswith("#")]

    def broken(self, folder: Path | None = None) -> list[str]:
        """Links to an anchor the page lacks, and (given its folder) files it lacks."""
        ids = set(self.ids)
        bad = [f"#{a}" for a in self.anchors() if a not in ids]
        if folder is not None:
            bad += [f for f in [*self.images, *(h for h in self.hrefs if not h.startswith("#"))]
                    if not (folder / f).is_file()]
        return bad


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden: inside a closed details)
        self.in_summary = 0

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        self.page.tags.append(tag)
        if "id" in attr:
            self.page.ids.append(attr["id"])
            if tag == "section":
                self.page.sections.append(attr["id"])
            if tag == "details" and "scenario" in attr.get("class", "").split():
                self.page.cards.append(attr["id"])
        if tag == "a" and "href" in attr:
            self.page.hrefs.append(attr["href"])
        if tag == "img":
            self.page.images.append(attr.get("src", ""))
        if tag in _VOID:
            return
        hidden = self._hidden()
        if tag == "details" and "open" not in attr:
            hidden = True  # its content, but not its summary
        if tag == "summary" and self.stack and self.stack[-1][0] == "details":
            hidden = len(self.stack) > 1 and self.stack[-2][1]
        self.stack.append((tag, hidden))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._hidden() and data.strip():
            self.page.visible.append(data)


def read(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page

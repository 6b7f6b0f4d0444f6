"""1825: Unit 1 plus the kit hexes of Hull, Oban, Milford Haven and Plymouth
(``data/1825.json``). Its privates have no powers (they only pay revenue)."""

from __future__ import annotations

from oracle.eighteen.loader import load_title

TITLE = load_title("1825")

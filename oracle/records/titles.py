"""What a record's names mean in railrules terms, per title: company and private IDs,
the optional rules we model (a small explicit table), and the title facts the
translation reads (the map, the tile catalogue), from the oracle's title data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from oracle.eighteen.model.title import TitleData
from oracle.records.reader import Record, RecordError

#: record optional rule -> (railrules option, value), per title. A record naming a rule
#: not listed here is refused by name: we would replay another game than it records.
OPTIONAL_RULES: Final[dict[str, dict[str, tuple[str, str]]]] = {
    "1830": {"multiple_brown_from_ipo": ("multiple_brown_from_ipo", "yes")},
    "1870": {},
}

#: how the platform plays the points the rules leave open, as railrules options, per
#: title (docs/replay.md): 18xx.games ranks the companies yet to operate again after
#: each company's turn
PLATFORM_READINGS: Final[dict[str, dict[str, str]]] = {
    "1830": {"operating_order": "each_turn"},
    "1870": {"operating_order": "each_turn", "first_priority": "next_in_turn",
             "ledge_move": "up", "destination_token_slot": "extra",
             "half_pay_rounding": "withheld_down"},
}

#: readings the platform played before it changed them: title -> (option, reading, the
#: first moment (unix seconds) of the later reading, the source). A record whose play
#: began before that moment replays under the older reading. 1870's connection check
#: counted track alone until tobymao/18xx PR #4752 added the trains' reach (issue
#: #4830, 2021-03-27, reports the fix: a company connected by track its trains could
#: not run got stuck; record 34110, 2021-03-23, ends so)
PLATFORM_BEFORE: Final[dict[str, tuple[tuple[str, str, int, str], ...]]] = {
    "1870": (("destination_connection", "track", 1616803200, "tobymao/18xx #4752"),),
}

#: the share a private brings its buyer in the auction: private -> certificate ID
#: (1830's C&A: a PRR share; 1870's MKT private: an MKT share)
PRIVATE_SHARES: Final[dict[str, dict[str, str]]] = {
    "1830": {"CA": "PRR_1"},
    "1870": {"MKT": "MKT_1"},
}


def title_data(record: Record) -> TitleData:
    from oracle.eighteen.titles import TITLES  # the reference data, read lazily

    title = TITLES.get(record.title)
    if title is None or record.title not in OPTIONAL_RULES:
        known = ", ".join(sorted(OPTIONAL_RULES))
        raise RecordError(f"title {record.title!r}: not replayed (titles: {known})")
    return title


def game_options(record: Record) -> dict[str, str]:
    """The ``new_game`` options of a record: its title and each optional rule's
    railrules option; a rule we do not model is refused by name."""
    table = OPTIONAL_RULES.get(record.title, {})
    unknown = [rule for rule in record.optional_rules if rule not in table]
    if unknown:
        raise UnmodelledRule(record.title, unknown)
    options = {"title": record.title, **PLATFORM_READINGS.get(record.title, {})}
    began = played_at(record)
    for name, reading, until, _ in PLATFORM_BEFORE.get(record.title, ()):
        if began is not None and began < until:
            options[name] = reading
    for rule in record.optional_rules:
        name, value = table[rule]
        options[name] = value
    return options


def played_at(record: Record) -> int | None:
    """When the record's play began: its earliest action's ``created_at`` (unix
    seconds), None where no action carries one."""
    times = [e["created_at"] for e in record.entries
             if isinstance(e.get("created_at"), int) and not isinstance(e["created_at"], bool)]
    return min(times) if times else None


class UnmodelledRule(RecordError):
    """The record is played under optional rules we do not model."""

    def __init__(self, title: str, rules: list[str]) -> None:
        super().__init__(f"optional rule {', '.join(rules)} of {title} is not modelled: "
                         f"the record is refused")
        self.rules = rules


@dataclass(frozen=True)
class Names:
    """A title's record names -> railrules IDs (``B&O`` -> ``BO``: the ampersand
    dropped), checked against the title's companies and privates."""

    title: TitleData

    def company(self, name: object, where: str) -> str:
        cid = str(name).replace("&", "")
        if self.title.company(cid) is None:
            raise RecordError(f"{where}: unknown company {name!r} in {self.title.id}")
        return cid

    def private(self, name: object, where: str) -> str:
        pid = str(name).replace("&", "")
        if pid not in {p.id for p in self.title.privates}:
            raise RecordError(f"{where}: unknown private {name!r} in {self.title.id}")
        return pid

    def certificate(self, cert: object, where: str) -> tuple[str, str]:
        """``'B&O_3'`` -> (``BO``, ``'B&O_3'``): the company and the certificate's ID."""
        text = str(cert)
        name, _, number = text.rpartition("_")
        if not name or not number.isdigit():
            raise RecordError(f"{where}: {cert!r} is not a certificate like 'PRR_2'")
        return self.company(name, where), text

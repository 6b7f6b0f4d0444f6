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
    "1856": {"alternate_destinations": ("alternate_destinations", "yes")},
}

#: how the platform plays the points the rules leave open, as railrules options, per
#: title (docs/replay.md): 18xx.games ranks the companies yet to operate again after
#: each company's turn
PLATFORM_READINGS: Final[dict[str, dict[str, str]]] = {
    "1830": {"operating_order": "each_turn"},
    "1870": {"operating_order": "each_turn", "first_priority": "next_in_turn",
             "ledge_move": "up", "destination_token_slot": "extra",
             "half_pay_rounding": "withheld_down"},
    "1856": {"operating_order": "each_turn", "first_priority": "next_in_turn"},
}

#: readings the platform played before it changed them: title -> (option, reading, the
#: first moment (unix seconds) of the later reading, the source). A record whose play
#: began before that moment replays under the older reading.
#: 1870: the connection check counted track alone until tobymao/18xx PR #4752 added the
#: trains' reach (issue #4830, 2021-03-27, reports the fix: a company connected by
#: track its trains could not run got stuck; record 34110, 2021-03-23, ends so).
#: 1856: 18xx.games first played the destinations it now lists as its optional rule
#: ``alternate_destinations`` (hotseat001, March 2021: WGB's escrow is released when
#: its track reaches Lake Huron, H5); by May 2021 the charters' (hotseat004: CPR's
#: escrow released; 51745, August 2021: CV at I14, LPS at F17, GT at K8). The change
#: is dated by the first record known to play the new one (2021-05-28).
PLATFORM_BEFORE: Final[dict[str, tuple[tuple[str, str, int, str], ...]]] = {
    "1870": (("destination_connection", "track", 1616803200, "tobymao/18xx #4752"),),
    "1856": (("alternate_destinations", "yes", 1622160000,
              "the first record known to play the charter destinations"),),
}

#: what a title's records hold whose rules we do not model, action types and company
#: names -> why: not refused before the replay starts (the record is read, and played
#: up to it), the replay stops there naming it
UNMODELLED: Final[dict[str, dict[str, str]]] = {}

#: a ``special_buy``'s description -> the private whose right it buys (1856)
RIGHTS: Final[dict[str, dict[str, str]]] = {
    "1856": {"Bridge Token": "NFSBC", "Tunnel Token": "SCFTC"},
}

#: the share a private brings its buyer in the auction: private -> certificate ID
#: (1830's C&A: a PRR share; 1870's MKT private: an MKT share)
PRIVATE_SHARES: Final[dict[str, dict[str, str]]] = {
    "1830": {"CA": "PRR_1"},
    "1870": {"MKT": "MKT_1"},
}


#: a record's private name -> ours, where the two differ (1856's Waterloo & Saugeen)
PRIVATE_NAMES: Final[dict[str, dict[str, str]]] = {
    "1856": {"WSRC": "WSR"},
}


#: a record's train instance -> our train type, where the platform then counted a
#: title's trains otherwise: 1856's records know no primed trains (2', 3', 4', 5'),
#: their sixth 2, fifth 3, fourth 4 and third 5 are ours (the same price and reach;
#: the primed train starts its phase)
TRAIN_INSTANCES: Final[dict[str, dict[str, str]]] = {
    "1856": {"2-5": "2'", "3-4": "3'", "4-3": "4'", "5-2": "5'"},
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
        pid = PRIVATE_NAMES.get(self.title.id, {}).get(pid, pid)
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

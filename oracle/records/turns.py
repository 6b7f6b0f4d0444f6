"""A record's company turns: the played actions cut into operating turns, each named by
its round as the platform counts them (``OR 4.1``: the first operating round of the
fourth set, a set following each stock round).

A turn is a run of actions by one company: its own, its privates' powers (with the
company act that follows them), its president's emergency sales (a player's
``sell_shares`` followed by the same company's action), other companies' discards
(over the train limit after its purchase), and another company's connection run where
the turn's track reached its destination (1870: the platform's
``destination_connection`` names it; its choice, run and dividend). Player acts
between company turns are the stock round (or the auction) where they hold a par, a
bid, or a pass of every player (a stock round ends so; 1870 lets a player trade a share
between company turns, and pass): the next company turn opens a new set. Within a set,
a company operating again opens the next operating round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from oracle.records.reader import Played
from oracle.records.titles import Names


@dataclass
class Turn:
    index: int
    round: str
    company: str
    actions: list[Played] = field(default_factory=list)
    #: where the turn starts in the played actions
    start: int = 0


#: a company's acts that are no operating turn: the platform's own check of 1870's
#: destinations (played as an auto action of any company's last act), and a company
#: trading its own shares in the stock round (1870)
NOT_OPERATING = frozenset({"destination_connection", "buy_shares", "sell_shares"})


def _company_of(p: Played, names: Names) -> str | None:
    if p.data.get("entity_type") == "corporation" and p.data.get("type") not in NOT_OPERATING:
        return names.company(p.data.get("entity"), p.where())
    return None


def _emergency(played: Sequence[Played], i: int, company: str, names: Names) -> bool:
    """A player's sale inside ``company``'s turn: the next action that is no such
    sale is the company's."""
    for p in played[i:]:
        if p.data.get("entity_type") == "player" and p.data.get("type") == "sell_shares":
            continue
        return _company_of(p, names) == company
    return False


def _own_turn_follows(played: Sequence[Played], i: int, company: str, names: Names) -> bool:
    """Whether the connection run that starts at ``i`` opens ``company``'s own turn:
    after its run and dividend, the company acts on."""
    for p in played[i + 1:]:
        if p.data.get("type") in ("run_routes", "dividend", "destination_connection"):
            continue
        return _company_of(p, names) == company
    return False


def company_turns(played: Sequence[Played], names: Names, seats: int) -> list[Turn]:
    """The company turns of ``played``, in a game of ``seats`` players."""
    cutter = _Cutter(played, names, seats)
    for i, p in enumerate(played):
        cutter.take(i, p)
    return cutter.turns


class _Cutter:
    def __init__(self, played: Sequence[Played], names: Names, seats: int) -> None:
        self.played, self.names, self.seats = played, names, seats
        self.turns: list[Turn] = []
        self.current: Turn | None = None
        #: a private's power waits for the company act it goes with (its owner's turn)
        self.pending: list[tuple[int, Played]] = []
        self.guest: str | None = None
        self.connected: set[str] = set()
        self.passes, self.sets, self.rounds = 0, 0, 0
        self.operated: set[str] = set()
        self.stock = True

    def take(self, i: int, p: Played) -> None:
        kind = p.data.get("type")
        if kind == "destination_connection":
            self.connected = {self.names.company(c, p.where())
                              for c in p.data.get("corporations") or []}
        company = _company_of(p, self.names)
        if company is not None:
            self.company_act(i, p, company)
        elif p.data.get("entity_type") == "company":
            self.pending.append((i, p))
        elif self.current is not None and _emergency(self.played, i, self.current.company,
                                                     self.names):
            self.current.actions.append(p)
        elif p.data.get("entity_type") == "player" or kind in ("buy_shares", "sell_shares"):
            self.current = None
            self.passes += kind == "pass"
            self.stock = self.stock or kind in ("par", "bid") or self.passes >= self.seats

    def company_act(self, i: int, p: Played, company: str) -> None:
        current = self.current
        if current is None and self.turns and self.turns[-1].company == company and \
                not self.stock:
            current = self.current = self.turns[-1]  # on after players acted (1870)
        if current is not None and p.data.get("type") == "choose" and \
                company in self.connected and \
                not _own_turn_follows(self.played, i, company, self.names):
            self.guest = company  # 1870: this turn's track reached its destination
        if current is not None and (company in (current.company, self.guest) or
                                    p.data.get("type") == "discard_train"):
            # another company's discard (over the limit now), or its connection run
            current.actions.extend([*(q for _, q in self.pending), p])
            self.pending.clear()
            return
        self.guest, self.passes = None, 0
        if self.stock:
            self.sets, self.rounds, self.operated, self.stock = self.sets + 1, 1, set(), False
        elif company in self.operated:
            self.rounds, self.operated = self.rounds + 1, set()
        self.operated.add(company)
        start = self.pending[0][0] if self.pending else i
        self.current = Turn(len(self.turns), f"OR {self.sets}.{self.rounds}", company,
                            [*(q for _, q in self.pending), p], start)
        self.pending.clear()
        self.turns.append(self.current)

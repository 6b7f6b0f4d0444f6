"""Apply translated record actions to an engine, with the passes the platform implies.

The recording platform needs no pass for an optional step: a company that acts for a
later step (runs its trains while it could still place a token) has passed the steps
before it, and a step where the mover can do nothing (no token to place, no train to
run, nothing to buy) ends by itself. The record then holds no pass for it. An engine
that waits for every pass (turn structure ``explicit``) gets it here: when an action is
refused, and the engine's legal actions for its mover offer no act of that kind (or,
for another's act, nothing but passes; the acts open at any step, buying a private, do
not count), the mover passes and the action is tried again. A recorded pass for a mover
the engine has already moved past (it ended the step or the turn by itself) is
dropped. Everything else the engine refuses is a disagreement with the record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from oracle.core.errors import MalformedInput
from oracle.protocol.implementation import Implementation, Unsupported, Verdict

JSON = dict[str, Any]
GAME = "18xx"

#: acts a company may take at any step of its turn: they do not keep a step open
ANY_STEP = frozenset({"buy_private", "exchange_private", "take_loan", "repay_loan"})

#: the most passes put in before one recorded action (a company turn has fewer steps)
MAX_IMPLIED = 8


def mover(position: JSON) -> str | None:
    """Who the position waits for: the operating company, else the player to act in a
    whole game's auction or stock round (``game_round.acting``); "" nobody, None not
    known."""
    turn, game_round = position.get("turn") or {}, position.get("game_round") or {}
    if game_round.get("protection") and game_round.get("acting") is not None:
        return str(game_round["acting"])  # a president deciding on price protection
    formation = game_round.get("formation")
    if formation:  # 1856's CGR formation: the company decided on, then the CGR
        return str((formation.get("deciding") or [formation.get("national")])[0])
    if turn.get("company") is not None and turn.get("step") != "done" and \
            game_round.get("kind", "operating") == "operating":
        return str(turn["company"])
    acting = game_round.get("acting")
    if acting is not None:
        return str(acting)  # a whole game's auction or stock round
    return "" if turn.get("step") == "done" else None  # "": the round (game) is over


def acted(position: JSON) -> bool:
    """Whether the player to act has bought or sold this turn of a stock round (the
    platform ends his turn by itself where he may do no more; a pass here only ends
    it, it counts toward no round's end)."""
    game_round = position.get("game_round") or {}
    return game_round.get("kind") == "stock" and bool(
        game_round.get("bought") or game_round.get("sold_this_turn"))


def actor(action: JSON) -> str | None:
    """Who acts: the player a player's action names (its ``company`` is the share's),
    else the company."""
    who = action.get("player") if "player" in action else action.get("company")
    return None if who is None else str(who)


def moved_past(position: JSON, action: JSON) -> bool:
    """Whether ``action`` is a recorded pass of a company whose turn the engine has
    ended (``turn.company`` another, or none). A player's pass is never dropped: where
    the engine waits for another player, that one passes first if the platform would
    have (``Steps.implied_pass``), else the pass is refused."""
    if action.get("type") != "pass" or "company" not in action:
        return False
    return bool(mover(position) != action["company"])


class Refused(Exception):
    """The engine refused a translated action: ``verdict`` where the record's action
    first met a refusal, ``later`` the last one after the passes put in (or None)."""

    def __init__(self, action: JSON, verdict: Verdict, later: Verdict | None = None,
                 codes: tuple[str, ...] = ()) -> None:
        super().__init__(f"{verdict.code}: {verdict.reason}".strip(": "))
        self.action, self.verdict, self.later = action, verdict, later
        #: every refusal's code, the first first, one for each implied pass between
        self.codes = codes or (verdict.code,)

    def reason(self) -> str:
        """The first refusal's reason, and the last one's where passes came between."""
        if self.later is None:
            return self.verdict.reason
        return (f"{self.verdict.reason} (then, after the implied passes: "
                f"{self.later.code}: {self.later.reason})")


@dataclass
class Steps:
    """One engine and what it has been asked to apply."""

    impl: Implementation
    #: every action applied, in order, the implied passes among them
    applied: list[JSON] = field(default_factory=list)
    implied: int = 0
    dropped: int = 0
    #: an act the engine asks for before ``action`` that the record holds elsewhere or
    #: not at all (the driver's: a home token, ``replay_record._home_token``), or None
    pre_act: Callable[[JSON, JSON], JSON | None] | None = None

    def play(self, position: JSON, action: JSON) -> JSON:
        """Apply ``action``, with implied passes before it; the new position. Raises
        ``Refused`` for the first refusal no implied pass explains, with the engine's
        verdict where the record's action first met it (and, after implied passes, the
        last one: ``Refused.later``)."""
        first: Verdict | None = None
        codes: list[str] = []
        for _ in range(MAX_IMPLIED + 1):
            if moved_past(position, action):
                self.dropped += 1
                return position
            verdict = self.apply(position, action)
            if verdict.accepted and verdict.position is not None:
                self.applied.append(action)
                return verdict.position
            first = first or verdict
            codes.append(verdict.code)
            implied = self.pre_act(position, action) if self.pre_act else None
            implied = implied or self.implied_pass(position, action)
            passed = self.apply(position, implied) if implied is not None else None
            if implied is None or passed is None or not passed.accepted or \
                    passed.position is None:
                raise Refused(action, first, verdict if verdict is not first else None,
                              tuple(codes))
            self.applied.append(implied)
            self.implied += 1
            position = passed.position
        raise Refused(action, first or Verdict.refuse("replay/too_many_passes"),
                      Verdict.refuse("replay/too_many_passes",
                                     reason=f"still refused after {MAX_IMPLIED} implied "
                                            f"passes"))

    def apply(self, position: JSON, action: JSON) -> Verdict:
        """The engine's verdict; an action it finds malformed is refused (the in-process
        oracle raises for it what an adapter answers as an error)."""
        try:
            return self.impl.apply(GAME, position, action)
        except MalformedInput as err:
            return Verdict.refuse("malformed", reason=f"{err.field}: {err.message}")

    def implied_pass(self, position: JSON, action: JSON | None = None) -> JSON | None:
        """The mover's pass where the record implies it: the mover's step offers no
        act of ``action``'s kind (the platform takes a later step's act as passing the
        steps before it), or, for another's act or none, nothing but passes (the
        platform ends a step where its mover can do nothing)."""
        who = mover(position)
        if who is None:
            return None
        try:
            legal = self.impl.legal_actions(GAME, position)
        except Unsupported:
            return None
        # a run of no routes is the route step's pass by another name
        mine = [a for a in legal if actor(a) == who and a.get("type") not in ANY_STEP
                and not (a.get("type") == "run_routes" and not a.get("routes"))]
        passes = [a for a in mine if a.get("type") == "pass"]
        if not passes:
            return _nothing_run(position, who, action)
        if action is not None and actor(action) == who:
            if "player" in action:
                # a player's own act: a stock-round turn has no later step, but one
                # refused after he bought or sold is his next turn (the others, who
                # could do nothing, passed over by the platform)
                return passes[0] if acted(position) else None
            kinds = {a.get("type") for a in mine}
            return passes[0] if action.get("type") not in kinds else None
        if acted(position):
            return passes[0]  # another player acts: the platform ended this one's turn
        if action is not None and "player" in action and "company" in position.get("turn", {}) \
                and action.get("type") not in ANY_STEP and (position.get("turn") or {}).get(
                    "company") is not None:
            return passes[0]  # a player's act: the operating company's turn is over
        return passes[0] if len(passes) == len(mine) else None

    def finish(self, position: JSON, company: str) -> JSON:
        """Pass ``company``'s turn to its end where nothing but passes is left."""
        for _ in range(MAX_IMPLIED):
            if mover(position) != company:
                return position
            implied = self.implied_pass(position)
            if implied is None:
                return position
            verdict = self.apply(position, implied)
            if not verdict.accepted or verdict.position is None:
                return position
            self.applied.append(implied)
            self.implied += 1
            position = verdict.position
        return position


def _nothing_run(position: JSON, who: str, action: JSON | None) -> JSON | None:
    """A company whose trains ran nothing: the platform has no dividend step for it (it
    withholds the nothing by itself), so a later act implies the withholding."""
    turn = position.get("turn") or {}
    if turn.get("step") != "dividend" or turn.get("revenue", 0) or action is None \
            or (actor(action) == who and action.get("type") == "dividend"):
        return None
    return {"type": "dividend", "company": who, "kind": "withhold"}

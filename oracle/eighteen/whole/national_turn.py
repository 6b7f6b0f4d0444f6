"""The CGR once formed (1856; 18xx.games's ``g_1856``: the ``RemoveTokens`` and
``NationalizationDiscardTrains`` steps, the national's abilities):

* its president's last decisions of the formation (``settle``): on each hex where it
  holds two tokens he removes one (``remove_token``), then as many tokens over its
  ten as it holds, none on a merged company's home hex; then he may discard trains
  to the open market (``discard_train``): those that will rust, and permanent ones
  while it holds more than three, and must while more than three could go; ``pass``
  ends it. Over its limit he must discard too, any train: the platform lets him pass
  and has the CGR discard later, in the step every company over its limit discards
  in; here the formation is left within the limit;
* it holds one train more than the phase allows others (three in phases 6 and D);
* it buys only permanent trains, and until it has owned one (``finance.permanent``) it
  withholds its revenue and its price does not move.
"""

from __future__ import annotations

from dataclasses import replace

from oracle.eighteen.mechanisms import excess
from oracle.eighteen.model.actions import Action, DiscardTrain, Pass
from oracle.eighteen.model.finance_actions import RemoveToken
from oracle.eighteen.model.formation import Formation
from oracle.eighteen.model.records import TrainType
from oracle.eighteen.model.rosters import company_train_limit, may_buy, roster
from oracle.eighteen.model.state import Company, State
from oracle.eighteen.model.title import TitleData
from oracle.eighteen.turn.context import TurnContext, refuse


def with_formation(state: State, formation: Formation | None) -> State:
    assert state.game is not None
    return replace(state, game=replace(state.game, formation=formation))


def is_national(title: TitleData, company_id: str) -> bool:
    national = title.whole.national if title.whole is not None else None
    return national is not None and national.company.id == company_id


def any_permanent(title: TitleData, trains: tuple[str, ...]) -> bool:
    types = roster(title)
    return any(t in types and types[t].rusted_by is None for t in trains)


def discardable(title: TitleData, company: Company) -> list[str]:
    """The trains its president may discard at the formation: those that will rust,
    and the permanent ones while it holds more than it keeps."""
    national = title.whole.national if title.whole is not None else None
    kept = national.kept_permanent if national is not None else 0
    types = roster(title)
    rusting = [t for t in company.trains if t in types and types[t].rusted_by]
    permanent = [t for t in company.trains if t not in rusting]
    return rusting + (permanent if len(permanent) > kept else [])


def _over(rules: TurnContext, state: State, company: Company) -> bool:
    limit = company_train_limit(rules.title(state), state.phase, company.id)
    return limit is not None and len(company.trains) > limit


def may_discard(rules: TurnContext, state: State, company: Company) -> bool:
    return bool(discardable(rules.title(state), company)) or _over(rules, state, company)


def must_discard(rules: TurnContext, state: State, company: Company) -> bool:
    national = rules.title(state).whole.national  # type: ignore[union-attr]
    kept = national.kept_permanent if national is not None else 0
    return len(discardable(rules.title(state), company)) > kept or \
        _over(rules, state, company)


def check_permanent(title: TitleData, company: Company, train: TrainType) -> None:
    """The CGR buys only permanent trains."""
    if not may_buy(title, company.id, train.name):
        raise refuse("cgr/permanent_only", f"{company.id} buys only permanent trains, "
                     f"not a {train.name}")


def check_trade(title: TitleData, buyer: Company, seller: Company, train: str,
                price: int) -> None:
    """A train the CGR buys from another company, or sells to one: a permanent one
    it buys, and at its face value either way."""
    if not is_national(title, buyer.id) and not is_national(title, seller.id):
        return
    found = roster(title).get(train)
    if found is None:
        return
    check_permanent(title, buyer, found)
    if price != found.price:
        raise refuse("cgr/face_value", f"the CGR trades trains at their face value, "
                     f"{found.price} for a {train}")


def withholds(title: TitleData, company: Company) -> bool:
    """The CGR withholds, and its price stays, until it has owned a permanent train."""
    return is_national(title, company.id) and not (
        company.finance is not None and company.finance.permanent)


def bought(title: TitleData, company: Company, train: TrainType) -> Company:
    """The CGR has owned a permanent train once it buys one."""
    if train.rusted_by or not is_national(title, company.id) or company.finance is None \
            or company.finance.permanent:
        return company
    return replace(company, finance=replace(company.finance, permanent=True))


def settle(rules: TurnContext, state: State, formation: Formation, action: Action) -> State:
    """The CGR president's decision: a token removed, a train discarded, or a pass."""
    cgr = state.company(formation.national)
    assert cgr is not None
    if isinstance(action, RemoveToken):
        return _remove(rules, state, formation, cgr, action)
    if formation.removing or formation.excess:
        raise refuse("cgr/tokens_first", "the CGR's president removes its tokens first")
    if isinstance(action, DiscardTrain):
        if action.train not in cgr.trains:
            raise refuse("train/not_held", f"{cgr.id} holds no {action.train} train")
        if action.train not in discardable(rules.title(state), cgr) and \
                not _over(rules, state, cgr):
            raise refuse("cgr/keeps_train", f"the CGR keeps its {action.train}: only "
                         "trains that will rust, and permanent ones over three, go")
        trains = list(cgr.trains)
        trains.remove(action.train)
        cgr = replace(cgr, trains=tuple(trains))
        state = replace(state.with_company(cgr),
                        pool_trains=tuple(sorted((*state.pool_trains, action.train))))
        return finish(rules, state, replace(formation,
                                            discarding=may_discard(rules, state, cgr)))
    if isinstance(action, Pass) and must_discard(rules, state, cgr):
        raise refuse("cgr/must_discard", "the CGR holds more trains than it may keep")
    return finish(rules, state, replace(formation, discarding=False))


def _remove(rules: TurnContext, state: State, formation: Formation, cgr: Company,
            action: RemoveToken) -> State:
    """A token of the CGR leaves the game: one of two on the first such hex, else one
    off the merged companies' home hexes while it holds more than its charter."""
    token = next((t for t in state.tokens if (t.hex, t.city, t.company)
                  == (action.hex, action.city, cgr.id)), None)
    if token is None:
        raise refuse("token/none_there", f"{cgr.id} has no token in {action.hex} city "
                     f"{action.city}")
    if formation.removing:
        if action.hex != formation.removing[0]:
            raise refuse("cgr/not_this_token", f"the CGR removes one of its two tokens "
                         f"on {formation.removing[0]} first")
        formation = replace(formation, removing=formation.removing[1:])
    elif formation.excess:
        homes = {rules.title(state).company(c).home for c in formation.merging  # type: ignore[union-attr]
                 if rules.title(state).company(c) is not None}
        if action.hex in homes:
            raise refuse("cgr/not_this_token", "the CGR keeps the merged companies' homes")
        formation = replace(formation, excess=formation.excess - 1)
    else:
        raise refuse("cgr/not_this_token", "the CGR keeps its tokens")
    tokens = list(state.tokens)
    tokens.remove(token)
    return finish(rules, replace(state, tokens=tuple(tokens)), formation)


def finish(rules: TurnContext, state: State, formation: Formation | None) -> State:
    """The formation waits on its next decision, or is over: the turn goes on (to the
    next company where the one whose turn it was merged)."""
    if formation is not None and (formation.removing or formation.excess
                                  or formation.discarding):
        return with_formation(state, formation)
    state = with_formation(state, None)
    if formation is not None and formation.turn_over:
        return rules.next_company(state, formation.national)
    if state.turn.step == excess.STEP:  # a company over the limit may have merged
        return excess.after_purchase(rules, state)
    return state


def settle_candidates(rules: TurnContext, state: State, formation: Formation) -> list[Action]:
    cgr = state.company(formation.national)
    if cgr is None:
        return []
    mine = [t for t in state.tokens if t.company == cgr.id]
    if formation.removing or formation.excess:
        return [RemoveToken(cgr.id, t.hex, t.city) for t in mine]
    return [Pass(cgr.id), *(DiscardTrain(cgr.id, t) for t in sorted(set(cgr.trains)))]

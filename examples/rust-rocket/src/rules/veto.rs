//! The veto window and veto round (SR-VETO-01..08): anyone may ask for a round;
//! the others bid in one lap from the mover's left; the mover may defend the space
//! he chose by equalling or topping the high bid, or give way. The winner pays.

use super::action::Action;
use super::geometry::{destinations, Survey};
use super::moving::complete_move;
use crate::board::Space;
use crate::position::{Bid, Phase, Position, Status};

fn pending_line(p: &Position) -> String {
    p.pending.as_ref().map(|m| m.line.clone()).unwrap_or_default()
}

fn held(p: &Position, player: &str) -> i64 {
    let line = pending_line(p);
    p.holdings.get(player).map(|h| h.shares_of(&line).total()).unwrap_or(0)
}

/// The most `player` could pay in real shares: his own, and as many as he can swap
/// his supplementary ones for with the other players (SR-VETO-08). Only the reading
/// refuse_bid limits bids by it.
fn payable(p: &Position, player: &str) -> i64 {
    let line = pending_line(p);
    let own = p.holdings.get(player).map(|h| h.shares_of(&line)).unwrap_or_default();
    let others: i64 =
        p.holdings.iter().filter(|(id, _)| id.as_str() != player).map(|(_, h)| h.shares_of(&line).real).sum();
    own.real + own.supplementary.min(others)
}

/// The most `player` may offer, bidding or defending.
fn max_offer(p: &Position, player: &str) -> i64 {
    let mut most = held(p, player);
    if p.options.veto_shortfall == "refuse_bid" {
        most = most.min(payable(p, player));
    }
    most
}

fn min_bid(p: &Position) -> i64 {
    p.pending.as_ref().and_then(|m| m.high.as_ref()).map(|h| h.shares + 1).unwrap_or(1)
}

/// Whether the next bidder has any bid at all (else his pass is forced).
pub fn can_bid(p: &Position, player: &str) -> bool {
    max_offer(p, player) >= min_bid(p)
}

/// The spaces the locomotive could have chosen for this move.
fn bid_spaces(p: &Position) -> Vec<Space> {
    let Some(m) = &p.pending else { return Vec::new() };
    destinations(p, &Survey::of(p), &m.line, m.origin, m.origin_heading)
}

fn need_phase(p: &Position, phase: Phase) -> Result<(), String> {
    if p.phase == phase {
        Ok(())
    } else if p.phase == Phase::Action {
        Err("no move is waiting for a veto round now".into())
    } else {
        Err(format!("not now: the move's veto is at the {} step", p.phase.name()))
    }
}

fn mover(p: &Position) -> String {
    p.turn.active.clone()
}

pub fn legal_in_window(p: &Position) -> Vec<Action> {
    let mut out: Vec<Action> = p.players.iter().map(|pl| Action::CallVeto { player: pl.clone() }).collect();
    out.push(Action::PlaceTile { player: mover(p) });
    out
}

pub fn legal_bids(p: &Position) -> Vec<Action> {
    let Some(bidder) = p.pending.as_ref().and_then(|m| m.bidders.first()).cloned() else { return Vec::new() };
    let mut out = vec![Action::VetoPass { player: bidder.clone() }];
    let spaces = bid_spaces(p);
    for shares in min_bid(p)..=max_offer(p, &bidder) {
        for to in &spaces {
            out.push(Action::VetoBid { player: bidder.clone(), shares, to: *to });
        }
    }
    out
}

pub fn legal_defence(p: &Position) -> Vec<Action> {
    let Some(m) = &p.pending else { return Vec::new() };
    let Some(high) = &m.high else { return Vec::new() };
    let player = mover(p);
    let mut out = vec![Action::Concede { player: player.clone() }];
    for shares in high.shares..=max_offer(p, &player) {
        out.push(Action::Defend { player: player.clone(), shares, to: m.chosen });
    }
    out
}

/// SR-VETO-01, 06: anyone may ask, the mover too; asking starts the lap of bids
/// from the mover's left. The mover never bids: he defends.
pub fn call_veto(p: &mut Position, _player: &str) -> Result<(), String> {
    need_phase(p, Phase::VetoWindow)?;
    let seats = p.seats_from(&mover(p));
    if let Some(m) = p.pending.as_mut() {
        m.bidders = seats[1..].to_vec();
    }
    p.phase = Phase::VetoBidding;
    Ok(())
}

/// Nobody asked: the mover lays the tile and the move stands.
pub fn place_tile(p: &mut Position, player: &str) -> Result<(), String> {
    need_phase(p, Phase::VetoWindow)?;
    if player != mover(p) {
        return Err(format!("only the mover, {}, lays the tile", mover(p)));
    }
    let chosen = p.pending.as_ref().map(|m| m.chosen).ok_or("no move is pending")?;
    complete_move(p, chosen);
    Ok(())
}

fn check_bidder(p: &Position, player: &str) -> Result<(), String> {
    need_phase(p, Phase::VetoBidding)?;
    let next = p.pending.as_ref().and_then(|m| m.bidders.first()).cloned().unwrap_or_default();
    if player != next {
        return Err(format!("it is {next}'s bid, not {player}'s"));
    }
    Ok(())
}

/// SR-VETO-05, 07: at least one share, more than the high bid, no more than held,
/// for a space the locomotive could have chosen.
pub fn bid(p: &mut Position, player: &str, shares: i64, to: Space) -> Result<(), String> {
    check_bidder(p, player)?;
    if shares < 1 {
        return Err("a bid is at least one share".into());
    }
    if shares < min_bid(p) {
        return Err(format!("a bid must top the high bid: at least {} shares", min_bid(p)));
    }
    if shares > held(p, player) {
        return Err(format!("{player} holds only {} shares of the line", held(p, player)));
    }
    if shares > max_offer(p, player) {
        return Err("the bid could not be paid in real shares".into());
    }
    if !bid_spaces(p).contains(&to) {
        return Err(format!("the locomotive could not have moved to {}", to.id()));
    }
    if let Some(m) = p.pending.as_mut() {
        m.high = Some(Bid { player: player.to_string(), shares, to });
    }
    next_bidder(p);
    Ok(())
}

/// SR-VETO-02: asking creates no duty to bid.
pub fn pass(p: &mut Position, player: &str) -> Result<(), String> {
    check_bidder(p, player)?;
    next_bidder(p);
    Ok(())
}

/// After the lap: with a high bid the mover decides; without one the move stands.
fn next_bidder(p: &mut Position) {
    let Some(m) = p.pending.as_mut() else { return };
    if !m.bidders.is_empty() {
        m.bidders.remove(0);
    }
    if !m.bidders.is_empty() {
        return;
    }
    if m.high.is_some() {
        p.phase = Phase::VetoDefence;
    } else {
        let chosen = m.chosen;
        complete_move(p, chosen);
    }
}

/// SR-VETO-03, 04: only the space first chosen, with at least the high bid.
pub fn defend(p: &mut Position, player: &str, shares: i64, to: Space) -> Result<(), String> {
    need_phase(p, Phase::VetoDefence)?;
    if player != mover(p) {
        return Err(format!("only the mover, {}, defends", mover(p)));
    }
    let m = p.pending.clone().ok_or("no move is pending")?;
    let high = m.high.ok_or("there is no high bid")?;
    if to != m.chosen {
        return Err(format!("the mover may defend only the space he chose, {}", m.chosen.id()));
    }
    if shares < high.shares {
        return Err(format!("a defence must equal or top the high bid of {}", high.shares));
    }
    if shares > held(p, player) {
        return Err(format!("{player} holds only {} shares of the line", held(p, player)));
    }
    if shares > max_offer(p, player) {
        return Err("the defence could not be paid in real shares".into());
    }
    pay(p, player, &m.line, shares);
    complete_move(p, m.chosen);
    Ok(())
}

pub fn concede(p: &mut Position, player: &str) -> Result<(), String> {
    need_phase(p, Phase::VetoDefence)?;
    if player != mover(p) {
        return Err(format!("only the mover, {}, gives way", mover(p)));
    }
    let m = p.pending.clone().ok_or("no move is pending")?;
    let high = m.high.ok_or("there is no high bid")?;
    pay(p, &high.player, &m.line, high.shares);
    complete_move(p, high.to);
    Ok(())
}

/// SR-VETO-07, 08, SR-SUP-02: the winner pays real shares back to the pile (out of
/// the game for an isolated line), swapping supplementary shares for real ones with
/// the players after him in seating order first; what still cannot be paid in real
/// shares is paid in supplementary ones, back to the supply.
fn pay(p: &mut Position, payer: &str, line: &str, shares: i64) {
    let own = p.shares_mut(payer, line).real;
    let mut short = shares - own.min(shares);
    let seats = p.seats_from(payer);
    for other in seats.iter().skip(1) {
        if short == 0 {
            break;
        }
        let theirs = p.holdings.get(other).map(|h| h.shares_of(line).real).unwrap_or(0);
        let swap = theirs.min(short).min(p.shares_mut(payer, line).supplementary);
        if swap > 0 {
            let payer_shares = p.shares_mut(payer, line);
            payer_shares.supplementary -= swap;
            payer_shares.real += swap;
            let other_shares = p.shares_mut(other, line);
            other_shares.real -= swap;
            other_shares.supplementary += swap;
            short -= swap;
        }
    }
    let paid_real = shares - short;
    let payer_shares = p.shares_mut(payer, line);
    payer_shares.real -= paid_real;
    payer_shares.supplementary -= short;
    p.supply.supplementary_issued -= short;
    let l = p.line_mut(line);
    if l.status == Status::Active {
        l.pile += paid_real;
    } else {
        l.discarded += paid_real;
    }
}

//! The turn: whose decision it is, what happens after each action, when the game
//! ends (SR-END-01: between actions, never inside one), and the forced passes this
//! engine plays itself.

use super::action::Action;
use super::geometry::{line_destinations, Survey};
use super::{moving, stations, tokens, veto};
use crate::position::{Phase, Position, Status};
use crate::scoring;

/// Actions of the action phase are the active player's, and only outside a veto round.
pub fn check_actor(p: &Position, player: &str) -> Result<(), String> {
    if p.phase != Phase::Action {
        return Err("a move is waiting for its veto round and tile: only that may happen now".into());
    }
    if player != p.turn.active {
        return Err(format!("it is {}'s turn, not {player}'s", p.turn.active));
    }
    Ok(())
}

/// `pass` is legal only when the player can do nothing else (docs/rocket.md, "A turn").
pub fn pass(p: &mut Position, player: &str) -> Result<(), String> {
    check_actor(p, player)?;
    if has_real_action(p, player) {
        return Err(format!("{player} can still act, so may not pass"));
    }
    end_action(p);
    Ok(())
}

fn has_real_action(p: &Position, player: &str) -> bool {
    tokens::any_token(p) || !moving::legal_moves(p, player).is_empty() || stations::any_station_action(p, player)
}

/// After a completed action: count it, end the game if it is over, else pass the
/// turn on after two actions.
pub fn end_action(p: &mut Position) {
    p.phase = Phase::Action;
    p.pending = None;
    p.turn.actions_taken += 1;
    if let Some(reason) = end_reason(p) {
        p.phase = Phase::Over;
        p.end_reason = Some(reason.into());
        scoring::final_scoring(p);
        return;
    }
    if p.turn.actions_taken >= 2 {
        let seats = p.seats_from(&p.turn.active);
        p.turn.active = seats.get(1).cloned().unwrap_or_default();
        p.turn.actions_taken = 0;
        p.turn.moved.clear();
    }
}

/// The tiles ran out, or at most one line is left.
fn end_reason(p: &Position) -> Option<&'static str> {
    if p.supply.tiles_left <= 0 {
        return Some("tiles");
    }
    if lines_left(p) <= 1 {
        return Some("one_line");
    }
    None
}

/// Lines that can still be extended (option end_lines). Once no locomotive can
/// move, none can ever be again: track, places, water and locomotives never clear.
fn lines_left(p: &Position) -> usize {
    let survey = Survey::of(p);
    let movable = |id: &str| !line_destinations(p, &survey, id).is_empty();
    let live: Vec<&String> = p.lines.iter().filter(|(_, l)| l.status != Status::Dissolved).map(|(id, _)| id).collect();
    if !live.iter().any(|id| movable(id)) {
        return 0;
    }
    live.iter()
        .filter(|id| match p.lines[id.as_str()].status {
            Status::Active => true,
            // an isolated line counts only under "undissolved", and only while it can move
            _ => p.options.end_lines == "undissolved" && movable(id),
        })
        .count()
}

/// The pass that is the only thing the deciding player may do, if any: a bidder who
/// cannot bid (no shares enough to top the high bid) must pass; a player with
/// nothing else to do in the action phase must pass.
pub fn forced_pass(p: &Position) -> Option<Action> {
    match p.phase {
        Phase::VetoBidding => {
            let bidder = p.pending.as_ref()?.bidders.first()?.clone();
            (!veto::can_bid(p, &bidder)).then_some(Action::VetoPass { player: bidder })
        }
        Phase::Action => {
            let player = p.turn.active.clone();
            (!has_real_action(p, &player)).then_some(Action::Pass { player })
        }
        _ => None,
    }
}

/// Plays forced passes until someone has a real decision (or the game is over).
pub fn play_forced(p: &mut Position) {
    // Each pass moves the game on (a bidder fewer, or an action counted); the bound
    // only guards against a position no game could reach.
    for _ in 0..64 {
        let result = match forced_pass(p) {
            Some(Action::VetoPass { player }) => veto::pass(p, &player),
            Some(Action::Pass { player }) => pass(p, &player),
            _ => return,
        };
        if result.is_err() {
            return;
        }
    }
}

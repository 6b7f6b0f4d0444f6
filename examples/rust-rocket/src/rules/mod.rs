//! The rules, one part a file: moving a locomotive, the veto round, stations,
//! tokens, isolation, and the turn (whose decision it is, when the game ends).
//!
//! Refusals carry our own free-text reason: this engine answers at the level
//! "verdicts" and knows no reason codes.

pub mod action;
pub mod geometry;
pub mod isolation;
pub mod moving;
pub mod stations;
pub mod tokens;
pub mod turn;
pub mod veto;

use crate::json::Value;
use crate::position::{Phase, Position};
use action::Action;

pub enum Failure {
    /// A legal-looking action the rules refuse: the reason in our own words.
    Refused(String),
    /// Not an action of this game at all (unknown player, type, field).
    Malformed(String),
}

/// Applies one action to a position and returns the next decision (forced passes
/// played, docs in README.md "Whose decision it is").
pub fn apply(p: &Position, value: &Value) -> Result<Position, Failure> {
    let action = action::parse(p, value).map_err(Failure::Malformed)?;
    let mut next = p.clone();
    // The position may stop at a forced pass (one from another engine, say); that
    // pass itself is accepted, and any other action is judged at the next decision.
    if turn::forced_pass(&next).as_ref() != Some(&action) {
        turn::play_forced(&mut next);
    }
    apply_one(&mut next, &action).map_err(Failure::Refused)?;
    turn::play_forced(&mut next);
    Ok(next)
}

fn apply_one(p: &mut Position, action: &Action) -> Result<(), String> {
    if p.phase == Phase::Over {
        return Err("the game is over: nothing more happens".into());
    }
    match action {
        Action::Move { player, line, to } => moving::move_loco(p, player, line, *to),
        Action::CallVeto { player } => veto::call_veto(p, player),
        Action::PlaceTile { player } => veto::place_tile(p, player),
        Action::VetoBid { player, shares, to } => veto::bid(p, player, *shares, *to),
        Action::VetoPass { player } => veto::pass(p, player),
        Action::Defend { player, shares, to } => veto::defend(p, player, *shares, *to),
        Action::Concede { player } => veto::concede(p, player),
        Action::PlaceStation { player, to } => stations::place_station(p, player, *to),
        Action::MoveStation { player, from, to } => stations::move_station(p, player, *from, *to),
        Action::TakeToken { player, city, industry } => tokens::take_token(p, player, city, industry),
        Action::Pass { player } => turn::pass(p, player),
    }
}

/// Every legal action of the position as it stands (call it on a next decision:
/// then it never lists a pass that is the only choice).
pub fn legal_actions(p: &Position) -> Vec<Action> {
    match p.phase {
        Phase::Over => Vec::new(),
        Phase::Action => {
            let player = p.turn.active.clone();
            let mut out = moving::legal_moves(p, &player);
            out.extend(stations::legal_stations(p, &player));
            out.extend(tokens::legal_tokens(p, &player));
            if out.is_empty() {
                out.push(Action::Pass { player });
            }
            out
        }
        Phase::VetoWindow => veto::legal_in_window(p),
        Phase::VetoBidding => veto::legal_bids(p),
        Phase::VetoDefence => veto::legal_defence(p),
    }
}

//! Moving a locomotive (docs/rocket.md, "A turn", 1; SR-SEQ-01 orders it): the
//! move and its share, then, once the veto round is over, the move's completion:
//! tile, passenger, connections and their payouts, merger, isolation.

use super::action::Action;
use super::geometry::{line_destinations, Survey};
use super::{isolation, turn};
use crate::board::{Dir, Kind, Space};
use crate::position::{Pending, Phase, Position, Status};
use crate::scoring;

pub fn legal_moves(p: &Position, player: &str) -> Vec<Action> {
    if p.phase != Phase::Action || player != p.turn.active {
        return Vec::new();
    }
    let survey = Survey::of(p);
    let mut out = Vec::new();
    for id in p.lines.keys() {
        if p.turn.moved.contains(id) {
            continue;
        }
        for to in line_destinations(p, &survey, id) {
            out.push(Action::Move { player: player.to_string(), line: id.clone(), to });
        }
    }
    out
}

pub fn move_loco(p: &mut Position, player: &str, line: &str, to: Space) -> Result<(), String> {
    turn::check_actor(p, player)?;
    let l = p.line(line);
    if l.status == Status::Dissolved {
        return Err(format!("the {line} line has merged into another and has no locomotive"));
    }
    if p.turn.moved.contains(line) {
        return Err(format!("the {line} locomotive has already moved this turn"));
    }
    let survey = Survey::of(p);
    if !line_destinations(p, &survey, line).contains(&to) {
        return Err(format!("the {line} locomotive cannot move to {}", to.id()));
    }
    let (origin, origin_heading) = super::geometry::move_start(p, line).ok_or("the line cannot move")?;
    // SR-SEQ-02: the share is the mover's at once; SR-SUP-03: supplementary once the
    // pile is empty; SR-ISO-03: none for an isolated line.
    if l.status == Status::Active {
        if p.line(line).pile > 0 {
            p.line_mut(line).pile -= 1;
            p.shares_mut(player, line).real += 1;
        } else {
            p.shares_mut(player, line).supplementary += 1;
            p.supply.supplementary_issued += 1;
        }
    }
    let l = p.line_mut(line);
    l.started = true;
    l.loco = Some(to);
    l.heading = Dir::between(origin, to);
    p.turn.moved.insert(line.to_string());
    p.pending = Some(Pending {
        line: line.to_string(),
        origin,
        origin_heading,
        chosen: to,
        bidders: Vec::new(),
        high: None,
    });
    p.phase = Phase::VetoWindow;
    Ok(())
}

/// The move stands on `last` (the chosen space, or the high bid's after a veto).
pub fn complete_move(p: &mut Position, last: Space) {
    let Some(pending) = p.pending.clone() else { return };
    let line = pending.line.as_str();
    let mover = p.turn.active.clone();
    {
        let l = p.line_mut(line);
        l.loco = Some(last);
        l.heading = Dir::between(pending.origin, last);
    }
    // The tile goes on the space left behind; none on a starting town.
    if !p.board.place_at.contains_key(&pending.origin) {
        lay_tile(p, line, pending.origin);
    }
    // A passenger for stopping on another player's station.
    let survey = Survey::of(p);
    if let Some(owner) = survey.station.get(&last) {
        if *owner != mover && p.supply.passengers > 0 {
            p.supply.passengers -= 1;
            p.holding(&mover).passengers += 1;
        }
    }
    connect(p, line, last);
    let touching = survey.lines_touching(last, line);
    if let Some(survivor) = touching.into_iter().next() {
        merge(p, line, &survivor, last);
    }
    isolation::update(p);
    turn::end_action(p);
}

/// Lays one tile of the supply on `space` for `line`; past the last tile only a
/// merger lays one, the imaginary 61st (SR-MRG-04).
fn lay_tile(p: &mut Position, line: &str, space: Space) {
    if p.supply.tiles_left > 0 {
        p.supply.tiles_left -= 1;
    } else {
        p.supply.imaginary_tiles += 1;
    }
    p.line_mut(line).track.insert(space);
}

/// SR-TWN-02..05: the line reaches the places next to its locomotive; each new
/// city pays its token majority, new railway towns pay the line's station majority.
fn connect(p: &mut Position, line: &str, at: Space) {
    let mut new_cities = Vec::new();
    let mut new_towns = 0;
    for n in at.neighbours() {
        let Some(place) = p.board.place_at.get(&n).cloned() else { continue };
        if !p.line_mut(line).connected.insert(place.clone()) {
            continue;
        }
        match p.board.places[&place].kind {
            Kind::City => new_cities.push(place),
            Kind::Railway => new_towns += 1,
            Kind::Start => {}
        }
    }
    for city in new_cities {
        scoring::city_payout(p, &city);
    }
    if new_towns > 0 {
        scoring::railway_payout(p, line);
    }
}

/// SR-MRG-01: the moving line dissolves into the line it touches. Its shareholders
/// are paid for its own places, then swap two shares for one of the survivor.
fn merge(p: &mut Position, gone: &str, survivor: &str, at: Space) {
    scoring::merger_payout(p, gone);
    exchange_shares(p, gone, survivor);
    if p.options.merger_lays_tile {
        lay_tile(p, survivor, at);
    }
    let dissolved = p.line_mut(gone);
    let track = std::mem::take(&mut dissolved.track);
    let connected = dissolved.connected.clone();
    dissolved.status = Status::Dissolved;
    dissolved.loco = None;
    dissolved.heading = None;
    dissolved.merged_into = Some(survivor.to_string());
    let kept = p.line_mut(survivor);
    kept.track.extend(track);
    kept.connected.extend(connected);
}

/// Two shares of the dissolved line (real and supplementary alike, SR-SUP-01) for
/// one of the survivor: from its pile while it lasts and it is not isolated, then
/// supplementary ones (SR-ISO-05, SR-SUP-03); holders served from the mover on.
/// Every share of the dissolved line leaves the game.
fn exchange_shares(p: &mut Position, gone: &str, survivor: &str) {
    let round_up = p.options.merger_odd_share == "up";
    for player in p.seats_from(&p.turn.active) {
        let held = p.holding(&player).shares.remove(gone).unwrap_or_default();
        p.supply.supplementary_issued -= held.supplementary;
        let mut due = if round_up { (held.total() + 1) / 2 } else { held.total() / 2 };
        while due > 0 {
            let from_pile = p.line(survivor).status == Status::Active && p.line(survivor).pile > 0;
            if from_pile {
                p.line_mut(survivor).pile -= 1;
                p.shares_mut(&player, survivor).real += 1;
            } else {
                p.shares_mut(&player, survivor).supplementary += 1;
                p.supply.supplementary_issued += 1;
            }
            due -= 1;
        }
    }
    let l = p.line_mut(gone);
    l.discarded = 16;
    l.pile = 0;
}

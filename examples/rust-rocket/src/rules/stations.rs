//! Stations (SR-STA-01, 02): placed on open land, not next to a locomotive or a
//! station; seven a player; one still in the open may move, one track has reached
//! is part of the line and fixed.

use super::action::Action;
use super::geometry::Survey;
use super::turn::check_actor;
use crate::board::Space;
use crate::position::Position;
use crate::validate::STATIONS_PER_PLAYER;

/// Why a station may not stand on `to`; `leaving` is the space a moved station
/// comes from (it does not stand in its own way).
fn problem(p: &Position, survey: &Survey, to: Space, leaving: Option<Space>) -> Option<String> {
    let here = to.id();
    if !p.board.is_land(to) {
        return Some(format!("{here} is not land on the board"));
    }
    if let Some(place) = p.board.place_at.get(&to) {
        return Some(format!("{here} holds {place}"));
    }
    if survey.track.contains_key(&to) {
        return Some(format!("{here} holds a track tile"));
    }
    if survey.has_loco(to) {
        return Some(format!("{here} holds a locomotive"));
    }
    if survey.station.contains_key(&to) && Some(to) != leaving {
        return Some(format!("{here} holds a station"));
    }
    for n in to.neighbours() {
        if survey.has_loco(n) {
            return Some(format!("{here} is next to a locomotive"));
        }
        if survey.station.contains_key(&n) && Some(n) != leaving {
            return Some(format!("{here} is next to a station"));
        }
    }
    None
}

/// SR-STA-01: track (a tile, or the locomotive standing on it) fixes a station.
fn is_fixed(survey: &Survey, at: Space) -> bool {
    survey.track.contains_key(&at) || survey.loco.contains_key(&at)
}

pub fn place_station(p: &mut Position, player: &str, to: Space) -> Result<(), String> {
    check_actor(p, player)?;
    if p.holding(player).stations.len() >= STATIONS_PER_PLAYER {
        return Err("all seven of the player's stations are on the board".into());
    }
    if let Some(why) = problem(p, &Survey::of(p), to, None) {
        return Err(why);
    }
    p.holding(player).stations.insert(to);
    super::turn::end_action(p);
    Ok(())
}

pub fn move_station(p: &mut Position, player: &str, from: Space, to: Space) -> Result<(), String> {
    check_actor(p, player)?;
    if !p.holding(player).stations.contains(&from) {
        return Err(format!("{player} has no station on {}", from.id()));
    }
    let survey = Survey::of(p);
    if is_fixed(&survey, from) {
        return Err(format!("track has reached the station on {}: it is fixed", from.id()));
    }
    if from == to {
        return Err("a station must move somewhere".into());
    }
    if let Some(why) = problem(p, &survey, to, Some(from)) {
        return Err(why);
    }
    let stations = &mut p.holding(player).stations;
    stations.remove(&from);
    stations.insert(to);
    super::turn::end_action(p);
    Ok(())
}

/// The spaces a new (or moved) station could go to.
fn open_spaces(p: &Position, survey: &Survey, leaving: Option<Space>) -> Vec<Space> {
    p.board.land.iter().copied().filter(|s| problem(p, survey, *s, leaving).is_none()).collect()
}

fn movable_stations(p: &Position, survey: &Survey, player: &str) -> Vec<Space> {
    let Some(h) = p.holdings.get(player) else { return Vec::new() };
    h.stations.iter().copied().filter(|s| !is_fixed(survey, *s)).collect()
}

pub fn legal_stations(p: &Position, player: &str) -> Vec<Action> {
    let survey = Survey::of(p);
    let mut out = Vec::new();
    let placed = p.holdings.get(player).map(|h| h.stations.len()).unwrap_or(0);
    if placed < STATIONS_PER_PLAYER {
        for to in open_spaces(p, &survey, None) {
            out.push(Action::PlaceStation { player: player.to_string(), to });
        }
    }
    for from in movable_stations(p, &survey, player) {
        for to in open_spaces(p, &survey, Some(from)) {
            if to != from {
                out.push(Action::MoveStation { player: player.to_string(), from, to });
            }
        }
    }
    out
}

/// Whether the player has any station action (cheaper than listing them all).
pub fn any_station_action(p: &Position, player: &str) -> bool {
    let survey = Survey::of(p);
    let placed = p.holdings.get(player).map(|h| h.stations.len()).unwrap_or(0);
    if placed < STATIONS_PER_PLAYER && p.board.land.iter().any(|s| problem(p, &survey, *s, None).is_none()) {
        return true;
    }
    movable_stations(p, &survey, player)
        .into_iter()
        .any(|from| p.board.land.iter().any(|s| *s != from && problem(p, &survey, *s, Some(from)).is_none()))
}

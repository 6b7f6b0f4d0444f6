//! `load`: is a position one the game could reach? The form is checked by
//! position.rs; here, that everything adds up (docs/rocket.md, "Validation refuses
//! impossible positions naming the field and rule").

use crate::board::{kind_of, Kind};
use crate::position::{invalid, Invalid, Phase, Position, Status};

const SHARES_PER_LINE: i64 = 16;
const PASSENGERS: i64 = 9;
const TILES: i64 = 60;
pub const STATIONS_PER_PLAYER: usize = 7;

fn ruled(field: String, message: String, rule: &'static str) -> Invalid {
    Invalid { field, message, rule }
}

pub fn check(p: &Position) -> Result<(), Invalid> {
    check_places(p)?;
    check_players(p)?;
    check_lines(p)?;
    check_holdings(p)?;
    check_supply(p)?;
    check_phase(p)
}

/// SR-TWN-01/06: only the game's 28 places, each of its own kind, on land.
fn check_places(p: &Position) -> Result<(), Invalid> {
    for (id, place) in &p.board.places {
        let Some(kind) = kind_of(id) else {
            return Err(ruled(format!("board.places.{id}"), "not one of the 28 places".into(), "SR-TWN-01"));
        };
        if place.kind != kind {
            let message = format!("{id} is a {} place, and places never change kind", kind.name());
            return Err(ruled(format!("board.places.{id}.kind"), message, "SR-TWN-06"));
        }
        if !p.board.land.contains(&place.space) {
            return Err(invalid(format!("board.places.{id}.space"), "a place stands on land"));
        }
    }
    for city in p.board.cities() {
        if !p.board.industries.contains_key(city) {
            return Err(invalid(format!("board.industries.{city}"), "every city has its industries"));
        }
    }
    Ok(())
}

fn check_players(p: &Position) -> Result<(), Invalid> {
    if !p.players.contains(&p.turn.active) {
        return Err(invalid("turn.active", format!("{:?} is not a player", p.turn.active)));
    }
    for player in &p.players {
        if !p.holdings.contains_key(player) {
            return Err(invalid(format!("holdings.{player}"), "is missing"));
        }
    }
    if let Some(other) = p.holdings.keys().find(|h| !p.players.contains(h)) {
        return Err(invalid(format!("holdings.{other}"), "is not a player"));
    }
    if let Some(line) = p.turn.moved.iter().find(|l| !p.lines.contains_key(*l)) {
        return Err(invalid("turn.moved", format!("{line} is no line")));
    }
    Ok(())
}

fn check_lines(p: &Position) -> Result<(), Invalid> {
    let towns: Vec<&String> = p.board.places.iter().filter(|(_, pl)| pl.kind == Kind::Start).map(|(id, _)| id).collect();
    if towns.len() != p.lines.len() || towns.iter().any(|t| !p.lines.contains_key(*t)) {
        return Err(invalid("lines", "one entry per starting town on the board"));
    }
    for (id, line) in &p.lines {
        let field = |f: &str| format!("lines.{id}.{f}");
        let held: i64 = p.holdings.values().map(|h| h.shares_of(id).real).sum();
        if line.pile + held + line.discarded != SHARES_PER_LINE {
            let message = format!("pile {} + held {held} + discarded {}; a line has exactly 16", line.pile, line.discarded);
            return Err(ruled(field("pile"), message, "SR-SUP-02"));
        }
        if let Some(loco) = line.loco {
            if let Some(place) = p.board.place_at.get(&loco) {
                let message = format!("a locomotive never stands on a place ({place} is on {})", loco.id());
                return Err(ruled(field("loco"), message, "SR-TWN-01"));
            }
            if !p.board.is_land(loco) {
                return Err(invalid(field("loco"), "a locomotive stands on land"));
            }
        }
        if line.status != Status::Dissolved && line.started && line.loco.is_none() {
            return Err(invalid(field("loco"), "a started line has its locomotive on the board"));
        }
        if let Some(into) = &line.merged_into {
            if !p.lines.contains_key(into) {
                return Err(invalid(field("merged_into"), "is no line"));
            }
        }
        for place in &line.connected {
            if !p.board.places.contains_key(place) {
                return Err(invalid(field("connected"), format!("{place} is not on the board")));
            }
        }
        if let Some(space) = line.track.iter().find(|s| !p.board.is_land(**s) || p.board.place_at.contains_key(s)) {
            return Err(invalid(field("track"), format!("no tile can lie on {}", space.id())));
        }
    }
    Ok(())
}

fn check_holdings(p: &Position) -> Result<(), Invalid> {
    for (player, h) in &p.holdings {
        if h.stations.len() > STATIONS_PER_PLAYER {
            let message = format!("{player} has {} stations; each player has 7, never more", h.stations.len());
            return Err(ruled(format!("holdings.{player}.stations"), message, "SR-STA-02"));
        }
        if let Some(line) = h.shares.keys().find(|l| !p.lines.contains_key(*l)) {
            return Err(invalid(format!("holdings.{player}.shares.{line}"), "is no line"));
        }
    }
    for city in p.board.cities() {
        let mut all: Vec<String> = p.city_tokens.get(city).cloned().unwrap_or_default();
        for h in p.holdings.values() {
            for (industry, n) in h.tokens.get(city).into_iter().flatten() {
                all.extend(std::iter::repeat(industry.clone()).take(*n as usize));
            }
        }
        all.sort();
        if Some(&all) != p.board.industries.get(city) {
            return Err(invalid(format!("city_tokens.{city}"), "tokens on the city and in hand must be its three tokens"));
        }
    }
    let cities: Vec<&String> = p.board.cities().collect();
    if let Some(city) = p.city_tokens.keys().find(|c| !cities.contains(c)) {
        return Err(invalid(format!("city_tokens.{city}"), "is no city on the board"));
    }
    Ok(())
}

fn check_supply(p: &Position) -> Result<(), Invalid> {
    let s = &p.supply;
    let held: i64 = p.holdings.values().map(|h| h.passengers).sum();
    if s.passengers + held != PASSENGERS {
        return Err(invalid("supply.passengers", format!("{} passengers; there are 9", s.passengers + held)));
    }
    let supplementary: i64 = p.holdings.values().flat_map(|h| h.shares.values()).map(|s| s.supplementary).sum();
    if supplementary != s.supplementary_issued {
        let message = format!("players hold {supplementary} supplementary shares, {} issued", s.supplementary_issued);
        return Err(invalid("supply.supplementary_issued", message));
    }
    let laid: i64 = p.lines.values().map(|l| l.track.len() as i64).sum();
    if laid + s.tiles_elsewhere + s.tiles_left != TILES + s.imaginary_tiles {
        let message = format!("{laid} tiles laid + {} elsewhere + {} left is not 60", s.tiles_elsewhere, s.tiles_left);
        return Err(invalid("supply.tiles_left", message));
    }
    let money: i64 = p.holdings.values().map(|h| h.money).sum();
    if money != s.bank_paid {
        return Err(invalid("supply.bank_paid", "money comes only from the bank: the totals differ"));
    }
    Ok(())
}

fn check_phase(p: &Position) -> Result<(), Invalid> {
    let veto = matches!(p.phase, Phase::VetoWindow | Phase::VetoBidding | Phase::VetoDefence);
    match &p.pending {
        None if veto => Err(invalid("pending", format!("phase {} needs the move it is about", p.phase.name()))),
        Some(_) if !veto => Err(invalid("pending", "only a veto phase has a pending move")),
        Some(m) => {
            let line = p.lines.get(&m.line).ok_or_else(|| invalid("pending.line", "is no line"))?;
            if line.loco != Some(m.chosen) || line.status == Status::Dissolved {
                return Err(invalid("pending.chosen", "the moving locomotive stands on the chosen space"));
            }
            if m.bidders.iter().any(|b| !p.players.contains(b)) {
                return Err(invalid("pending.bidders", "bidders are players"));
            }
            if p.phase == Phase::VetoDefence && m.high.is_none() {
                return Err(invalid("pending.high", "a defence answers a high bid"));
            }
            Ok(())
        }
        None => {
            if (p.phase == Phase::Over) != p.end_reason.is_some() {
                return Err(invalid("end_reason", "a game over has its reason, and only then"));
            }
            Ok(())
        }
    }
}

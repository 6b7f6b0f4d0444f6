//! Money: the payouts during play (cities, railway towns, mergers), the final
//! scoring, and the `scores` answer. The bank never runs out; every pound paid is
//! counted in `supply.bank_paid`.

use crate::board::Kind;
use crate::json::{obj, Value};
use crate::position::{Position, Status};
use std::collections::BTreeMap;

const CITY: (i64, i64) = (2000, 1000);
const PER_PLACE: (i64, i64) = (1000, 500);
const MAJORITY: (i64, i64) = (6000, 3000);

/// Pays the top two of `counts` (players with nothing rank nowhere) `first` and
/// `second`, ties read by the option tie_rule: "split" shares the prizes of the
/// ranks the tied players fill (rounded down), "each_full" gives each tied player
/// his rank's prize and skips the ranks they fill.
fn award(p: &mut Position, counts: &BTreeMap<String, i64>, first: i64, second: i64) {
    let mut levels: Vec<i64> = counts.values().copied().filter(|n| *n > 0).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let prizes = [first, second];
    let mut rank = 0;
    for level in levels {
        if rank >= prizes.len() {
            break;
        }
        let tied: Vec<String> = counts.iter().filter(|(_, n)| **n == level).map(|(pl, _)| pl.clone()).collect();
        let each = if p.options.tie_rule == "each_full" {
            prizes[rank]
        } else {
            let filled: i64 = prizes.iter().skip(rank).take(tied.len()).sum();
            filled / tied.len() as i64
        };
        for player in tied.iter() {
            pay(p, player, each);
        }
        rank += tied.len();
    }
}

fn pay(p: &mut Position, player: &str, amount: i64) {
    if amount > 0 {
        p.holding(player).money += amount;
        p.supply.bank_paid += amount;
    }
}

/// SR-TWN-02: a city new to a line pays its token holders.
pub fn city_payout(p: &mut Position, city: &str) {
    let counts = p.holdings.iter().map(|(pl, h)| (pl.clone(), h.tokens.get(city).map(|t| t.values().sum()).unwrap_or(0))).collect();
    award(p, &counts, CITY.0, CITY.1);
}

/// The places a railway-town payout counts (option town_payout_basis).
fn towns_counted(p: &Position, line: &str) -> i64 {
    let connected = &p.line(line).connected;
    if p.options.town_payout_basis == "all_places" {
        return connected.len() as i64;
    }
    connected.iter().filter(|c| p.board.places.get(*c).is_some_and(|pl| pl.kind == Kind::Railway)).count() as i64
}

/// Stations on the line: on its track, or under its locomotive.
fn station_counts(p: &Position, line: &str) -> BTreeMap<String, i64> {
    let l = p.line(line);
    p.holdings
        .iter()
        .map(|(pl, h)| {
            let n = h.stations.iter().filter(|s| l.track.contains(s) || l.loco == Some(**s)).count() as i64;
            (pl.clone(), n)
        })
        .collect()
}

fn share_counts(p: &Position, line: &str) -> BTreeMap<String, i64> {
    p.holdings.iter().map(|(pl, h)| (pl.clone(), h.shares_of(line).total())).collect()
}

/// SR-TWN-03: new railway towns pay the line's station holders per town counted.
pub fn railway_payout(p: &mut Position, line: &str) {
    let towns = towns_counted(p, line);
    let counts = station_counts(p, line);
    award(p, &counts, PER_PLACE.0 * towns, PER_PLACE.1 * towns);
}

/// The places a shareholders' payout counts (option merger_count_basis): every
/// place the line reaches, or its cities only. Mergers and final scoring alike.
fn places_counted(p: &Position, line: &str) -> i64 {
    let connected = &p.line(line).connected;
    if p.options.merger_count_basis == "cities" {
        connected.iter().filter(|c| p.board.places.get(*c).is_some_and(|pl| pl.kind == Kind::City)).count() as i64
    } else {
        connected.len() as i64
    }
}

/// The line's shareholders, per place counted.
fn shareholder_payout(p: &mut Position, line: &str) {
    let places = places_counted(p, line);
    let counts = share_counts(p, line);
    award(p, &counts, PER_PLACE.0 * places, PER_PLACE.1 * places);
}

/// SR-MRG-01: the dissolved line's shareholders, for the places it reached.
pub fn merger_payout(p: &mut Position, line: &str) {
    shareholder_payout(p, line);
}

/// Final scoring: industry and passenger majorities, then each line still on the
/// board (started and not dissolved): its shareholders per place it reaches, its
/// station holders per railway town.
pub fn final_scoring(p: &mut Position) {
    let reached: Vec<String> = p.lines.values().flat_map(|l| l.connected.iter().cloned()).collect();
    for industry in ["brewing", "leather", "steel", "textiles"] {
        let counts = p
            .holdings
            .iter()
            .map(|(pl, h)| {
                let n = h
                    .tokens
                    .iter()
                    .filter(|(city, _)| !p.options.discard_unconnected_tokens || reached.contains(city))
                    .filter_map(|(_, t)| t.get(industry))
                    .sum();
                (pl.clone(), n)
            })
            .collect();
        award(p, &counts, MAJORITY.0, MAJORITY.1);
    }
    let passengers = p.holdings.iter().map(|(pl, h)| (pl.clone(), h.passengers)).collect();
    award(p, &passengers, MAJORITY.0, MAJORITY.1);
    let lines: Vec<String> =
        p.lines.iter().filter(|(_, l)| l.started && l.status != Status::Dissolved).map(|(id, _)| id.clone()).collect();
    for line in lines {
        shareholder_payout(p, &line);
        railway_payout(p, &line);
    }
}

/// The `scores` answer: money, or victory points (pounds / 1000) in the 2018 edition.
pub fn scores_json(p: &Position) -> Value {
    let vp = p.options.edition == "2018";
    let score = |money: i64| if vp { Value::Raw(thousandths(money)) } else { Value::Int(money) };
    let over = p.phase == crate::position::Phase::Over;
    let best = p.players.iter().map(|pl| p.holdings.get(pl).map(|h| h.money).unwrap_or(0)).max().unwrap_or(0);
    let mut winners: Vec<String> = if over {
        p.players.iter().filter(|pl| p.holdings.get(*pl).map(|h| h.money).unwrap_or(0) == best).cloned().collect()
    } else {
        Vec::new()
    };
    winners.sort();
    let scores = p.players.iter().map(|pl| (pl.clone(), score(p.holdings.get(pl).map(|h| h.money).unwrap_or(0)))).collect();
    obj(vec![
        ("unit", Value::str(if vp { "vp" } else { "pounds" })),
        ("scores", Value::Obj(scores)),
        ("over", Value::Bool(over)),
        ("end_reason", p.end_reason.clone().map(Value::Str).unwrap_or(Value::Null)),
        ("winners", Value::Arr(winners.into_iter().map(Value::Str).collect())),
    ])
}

/// 1500 -> "1.5", 2000 -> "2.0": an exact decimal, read back as the same float
/// Python gets from 1500 / 1000.
fn thousandths(money: i64) -> String {
    let whole = money / 1000;
    let frac = format!("{:03}", money % 1000);
    let frac = frac.trim_end_matches('0');
    format!("{whole}.{}", if frac.is_empty() { "0" } else { frac })
}

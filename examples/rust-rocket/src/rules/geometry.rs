//! What stands where, and where a locomotive may go (docs/rocket.md, "A turn", 1).

use crate::board::{Dir, Space};
use crate::position::{Position, Status};
use std::collections::{BTreeSet, HashMap};

/// The pieces on the board, read once from a position.
pub struct Survey {
    /// space -> line whose track tile lies there
    pub track: HashMap<Space, String>,
    /// space -> line whose started locomotive stands there (dissolved lines have none)
    pub loco: HashMap<Space, String>,
    /// spaces of locomotives still on their starting town (lines not started)
    pub waiting_locos: BTreeSet<Space>,
    /// space -> owner of the station there
    pub station: HashMap<Space, String>,
}

impl Survey {
    pub fn of(p: &Position) -> Survey {
        let mut survey =
            Survey { track: HashMap::new(), loco: HashMap::new(), waiting_locos: BTreeSet::new(), station: HashMap::new() };
        for (id, line) in &p.lines {
            for space in &line.track {
                survey.track.insert(*space, id.clone());
            }
            if line.status == Status::Dissolved {
                continue;
            }
            match (line.started, line.loco) {
                (true, Some(at)) => {
                    survey.loco.insert(at, id.clone());
                }
                _ => {
                    if let Some(town) = p.board.places.get(id) {
                        survey.waiting_locos.insert(town.space);
                    }
                }
            }
        }
        for (player, h) in &p.holdings {
            for space in &h.stations {
                survey.station.insert(*space, player.clone());
            }
        }
        survey
    }

    /// Whether some locomotive (started or on its town) stands on `space`.
    pub fn has_loco(&self, space: Space) -> bool {
        self.loco.contains_key(&space) || self.waiting_locos.contains(&space)
    }

    /// SR-MRG-02/03: the other lines `space` touches through their track or their
    /// locomotive; a starting town is no part of a line, and a line not started
    /// touches nothing.
    pub fn lines_touching(&self, space: Space, except: &str) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for n in space.neighbours() {
            for owner in [self.track.get(&n), self.loco.get(&n)].into_iter().flatten() {
                if owner != except {
                    out.insert(owner.clone());
                }
            }
        }
        out
    }
}

/// Where a line's locomotive starts its next move from, and the directions it may
/// take: out of its starting town in any direction, else the three spaces ahead.
pub fn move_start(p: &Position, line: &str) -> Option<(Space, Option<Dir>)> {
    let l = p.lines.get(line)?;
    if l.status == Status::Dissolved {
        return None;
    }
    if l.started {
        Some((l.loco?, l.heading))
    } else {
        Some((p.board.places.get(line)?.space, None))
    }
}

pub fn directions(heading: Option<Dir>) -> Vec<Dir> {
    match heading {
        Some(h) => h.ahead().to_vec(),
        None => Dir::ALL.to_vec(),
    }
}

/// The spaces `line`'s locomotive may move to from `from`: land, no place, no
/// track, no other locomotive, and not next to two other lines (SR-ISO-06). The
/// line's own locomotive is the piece moving, so it blocks nothing (a veto round
/// asks this with the locomotive already on the chosen space).
pub fn destinations(p: &Position, survey: &Survey, line: &str, from: Space, heading: Option<Dir>) -> Vec<Space> {
    let mut out = Vec::new();
    for dir in directions(heading) {
        let Some(to) = from.step(dir) else { continue };
        let other_loco = survey.loco.get(&to).is_some_and(|l| l != line) || survey.waiting_locos.contains(&to);
        if !p.board.is_land(to) || p.board.place_at.contains_key(&to) || survey.track.contains_key(&to) || other_loco {
            continue;
        }
        if survey.lines_touching(to, line).len() >= 2 {
            continue;
        }
        out.push(to);
    }
    out.sort();
    out
}

/// The destinations of `line`'s next move from where it stands now.
pub fn line_destinations(p: &Position, survey: &Survey, line: &str) -> Vec<Space> {
    match move_start(p, line) {
        Some((from, heading)) => destinations(p, survey, line, from, heading),
        None => Vec::new(),
    }
}

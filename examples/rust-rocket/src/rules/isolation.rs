//! Isolation (SR-ISO-01..07): after each completed move, a line that can no longer
//! reach a new railway town or city and can no longer merge is isolated, and its
//! pile leaves the game. The search follows the locomotive's possible routes over
//! the board as it stands, never crossing the track the route itself would lay;
//! the two-lines ban is ignored (SR-ISO-06) and so is the number of tiles left
//! (SR-ISO-07).

use super::geometry::{directions, move_start, Survey};
use crate::board::{Dir, Kind, Space};
use crate::position::{Position, Status};
use std::collections::{HashMap, HashSet};

/// Exact route searches can blow up on open boards; past this many steps tried we
/// stop and call the line not isolated (an open board has routes everywhere).
const SEARCH_BUDGET: usize = 200_000;

pub fn update(p: &mut Position) {
    let survey = Survey::of(p);
    let doomed: Vec<String> = p
        .lines
        .iter()
        .filter(|(_, l)| l.status == Status::Active)
        .map(|(id, _)| id.clone())
        .filter(|id| !has_future(p, &survey, id))
        .collect();
    for id in doomed {
        let l = p.line_mut(&id);
        l.status = Status::Isolated;
        l.discarded += l.pile;
        l.pile = 0;
    }
}

struct Search<'a> {
    p: &'a Position,
    survey: &'a Survey,
    line: &'a str,
    goals: HashSet<Space>,
    /// fewest steps from (space, heading) to a goal, ignoring the route's own track
    distance: HashMap<(Space, Dir), u32>,
    steps: usize,
}

impl<'a> Search<'a> {
    fn enterable(&self, s: Space) -> bool {
        self.p.board.is_land(s)
            && !self.p.board.place_at.contains_key(&s)
            && !self.survey.track.contains_key(&s)
            && !self.survey.loco.get(&s).is_some_and(|l| l != self.line)
            && !self.survey.waiting_locos.contains(&s)
    }

    /// A space where the locomotive would reach a new railway town or city, or touch
    /// another started line (a merger).
    fn is_goal(&self, s: Space) -> bool {
        let connected = &self.p.line(self.line).connected;
        let new_place = s.neighbours().any(|n| {
            self.p.board.place_at.get(&n).is_some_and(|place| {
                let kind = self.p.board.places[place].kind;
                kind != Kind::Start && !connected.contains(place)
            })
        });
        new_place || !self.survey.lines_touching(s, self.line).is_empty()
    }

    fn successors(&self, s: Space, heading: Option<Dir>) -> Vec<(Space, Dir)> {
        directions(heading)
            .into_iter()
            .filter_map(|d| s.step(d).map(|t| (t, d)))
            .filter(|(t, _)| self.enterable(*t))
            .collect()
    }

    /// The relaxed distances: a route may cross itself here, so a state with no
    /// distance can reach no goal at all.
    fn relax(&mut self) {
        let spaces: Vec<Space> = self.p.board.land.iter().copied().filter(|s| self.enterable(*s)).collect();
        for s in &spaces {
            if self.goals.contains(s) {
                for d in Dir::ALL {
                    self.distance.insert((*s, d), 0);
                }
            }
        }
        loop {
            let mut changed = false;
            for s in &spaces {
                for d in Dir::ALL {
                    let best = self
                        .successors(*s, Some(d))
                        .iter()
                        .filter_map(|next| self.distance.get(next))
                        .min()
                        .map(|n| n + 1);
                    if let Some(best) = best {
                        if self.distance.get(&(*s, d)).is_none_or(|old| best < *old) {
                            self.distance.insert((*s, d), best);
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Depth first over simple routes, nearest-looking step first.
    fn route(&mut self, s: Space, heading: Dir, visited: &mut HashSet<Space>) -> bool {
        self.steps += 1;
        if self.steps > SEARCH_BUDGET {
            return true;
        }
        let mut next: Vec<((Space, Dir), u32)> = self
            .successors(s, Some(heading))
            .into_iter()
            .filter(|(t, _)| !visited.contains(t))
            .filter_map(|state| self.distance.get(&state).map(|d| (state, *d)))
            .collect();
        next.sort_by_key(|(_, d)| *d);
        for ((t, d), dist) in next {
            if dist == 0 {
                return true;
            }
            visited.insert(t);
            let found = self.route(t, d, visited);
            visited.remove(&t);
            if found {
                return true;
            }
        }
        false
    }
}

fn has_future(p: &Position, survey: &Survey, line: &str) -> bool {
    let Some((from, heading)) = move_start(p, line) else { return false };
    let mut search = Search { p, survey, line, goals: HashSet::new(), distance: HashMap::new(), steps: 0 };
    search.goals = p.board.land.iter().copied().filter(|s| search.enterable(*s) && search.is_goal(*s)).collect();
    if search.goals.is_empty() {
        return false;
    }
    search.relax();
    let mut visited = HashSet::from([from]);
    for (t, d) in search.successors(from, heading) {
        match search.distance.get(&(t, d)) {
            Some(0) => return true,
            Some(_) => {
                visited.insert(t);
                if search.route(t, d, &mut visited) {
                    return true;
                }
                visited.remove(&t);
            }
            None => {}
        }
    }
    false
}

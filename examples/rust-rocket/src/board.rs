//! The hex grid and the board: spaces, directions, land and water, the 28 places.
//!
//! Spaces are named like "B3": a row letter and a column from 1. The grid is
//! pointy-top and odd rows (B, D, ...) sit half a space to the right, so a space's
//! neighbours above and below depend on whether its row is shifted.

use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A space; ordered by row, then column, which is the canonical order of space lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Space {
    pub row: u8,
    pub col: u8,
}

impl Space {
    /// "B3" -> row 1, column 2 (both from 0). The protocol's pattern: ^[A-Z][1-9][0-9]?$
    pub fn parse(id: &str) -> Option<Space> {
        let bytes = id.as_bytes();
        if !(2..=3).contains(&bytes.len()) || !bytes[0].is_ascii_uppercase() {
            return None;
        }
        if bytes[1] == b'0' || !bytes[1..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let col: u8 = id[1..].parse().ok()?;
        Some(Space { row: bytes[0] - b'A', col: col - 1 })
    }

    pub fn id(self) -> String {
        format!("{}{}", (b'A' + self.row) as char, self.col as u32 + 1)
    }

    /// The neighbour in direction `dir`, if it can be named at all.
    pub fn step(self, dir: Dir) -> Option<Space> {
        let (dr, dc) = dir.offset(self.row % 2 == 1);
        let row = self.row as i32 + dr;
        let col = self.col as i32 + dc;
        if (0..26).contains(&row) && (0..99).contains(&col) {
            Some(Space { row: row as u8, col: col as u8 })
        } else {
            None
        }
    }

    pub fn neighbours(self) -> impl Iterator<Item = Space> {
        Dir::ALL.into_iter().filter_map(move |d| self.step(d))
    }
}

/// The six directions, counter-clockwise from east; a locomotive's heading is the
/// direction of its last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

impl Dir {
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    fn index(self) -> usize {
        Dir::ALL.iter().position(|d| *d == self).unwrap_or(0)
    }

    fn turned(self, steps: usize) -> Dir {
        Dir::ALL[(self.index() + steps) % 6]
    }

    /// Straight on, or a 60-degree bend either way: the three spaces ahead.
    pub fn ahead(self) -> [Dir; 3] {
        [self, self.turned(1), self.turned(5)]
    }

    /// (row, column) offset; the diagonal steps depend on the row being shifted.
    fn offset(self, odd_row: bool) -> (i32, i32) {
        let shift = if odd_row { 1 } else { 0 };
        match self {
            Dir::E => (0, 1),
            Dir::W => (0, -1),
            Dir::NE => (-1, shift),
            Dir::NW => (-1, shift - 1),
            Dir::SE => (1, shift),
            Dir::SW => (1, shift - 1),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Dir::E => "e",
            Dir::NE => "ne",
            Dir::NW => "nw",
            Dir::W => "w",
            Dir::SW => "sw",
            Dir::SE => "se",
        }
    }

    pub fn parse(name: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The direction of the step from `from` to its neighbour `to`.
    pub fn between(from: Space, to: Space) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| from.step(*d) == Some(to))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Start,
    Railway,
    City,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Start => "start",
            Kind::Railway => "railway",
            Kind::City => "city",
        }
    }
    pub fn parse(name: &str) -> Option<Kind> {
        [Kind::Start, Kind::Railway, Kind::City].into_iter().find(|k| k.name() == name)
    }
}

/// SR-TWN-01/06: the game's 28 places, their two-letter abbreviations (the board
/// drawings use them) and their kinds, which never change.
pub const PLACES: [(&str, &str, Kind); 28] = [
    ("bristol", "BR", Kind::Start),
    ("crewe", "CR", Kind::Start),
    ("dover", "DO", Kind::Start),
    ("liverpool", "LV", Kind::Start),
    ("norwich", "NO", Kind::Start),
    ("southampton", "SO", Kind::Start),
    ("york", "YO", Kind::Start),
    ("ashford", "AS", Kind::Railway),
    ("aylesbury", "AY", Kind::Railway),
    ("derby", "DE", Kind::Railway),
    ("leeds", "LE", Kind::Railway),
    ("lincoln", "LI", Kind::Railway),
    ("oxford", "OX", Kind::Railway),
    ("peterborough", "PE", Kind::Railway),
    ("rugby", "RU", Kind::Railway),
    ("swindon", "SW", Kind::Railway),
    ("birmingham", "BI", Kind::City),
    ("brighton", "BT", Kind::City),
    ("cambridge", "CA", Kind::City),
    ("gloucester", "GL", Kind::City),
    ("guildford", "GU", Kind::City),
    ("hertford", "HE", Kind::City),
    ("london", "LO", Kind::City),
    ("manchester", "MA", Kind::City),
    ("northampton", "NH", Kind::City),
    ("nottingham", "NT", Kind::City),
    ("reading", "RE", Kind::City),
    ("sheffield", "SH", Kind::City),
];

pub fn kind_of(place: &str) -> Option<Kind> {
    PLACES.iter().find(|(id, _, _)| *id == place).map(|(_, _, k)| *k)
}

/// "york" -> "York": the display name the canonical position carries.
pub fn display_name(place: &str) -> String {
    let mut chars = place.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[derive(Clone, Debug)]
pub struct Place {
    pub space: Space,
    pub kind: Kind,
    pub name: String,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub name: String,
    pub approximate: bool,
    pub land: BTreeSet<Space>,
    pub water: BTreeSet<Space>,
    pub places: BTreeMap<String, Place>,
    /// Each city's three industry tokens, sorted.
    pub industries: BTreeMap<String, Vec<String>>,
    /// space -> place ID, derived from `places`.
    pub place_at: HashMap<Space, String>,
}

impl Board {
    pub fn index_places(&mut self) {
        self.place_at = self.places.iter().map(|(id, p)| (p.space, id.clone())).collect();
    }

    pub fn is_land(&self, space: Space) -> bool {
        self.land.contains(&space)
    }

    pub fn cities(&self) -> impl Iterator<Item = &String> {
        self.places.iter().filter(|(_, p)| p.kind == Kind::City).map(|(id, _)| id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_neighbours() {
        let c3 = Space::parse("C3").unwrap();
        assert_eq!(c3.id(), "C3");
        let ahead: Vec<String> = Dir::E.ahead().iter().map(|d| c3.step(*d).unwrap().id()).collect();
        assert_eq!(ahead, ["C4", "B3", "D3"]);
        let b5 = Space::parse("B5").unwrap();
        assert_eq!(b5.step(Dir::SE).unwrap().id(), "C6");
        assert_eq!(Space::parse("A0"), None);
        assert_eq!(Space::parse("Z99").unwrap().id(), "Z99");
    }
}

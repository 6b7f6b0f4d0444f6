//! The default board for `new_game`: the approximate England board railrules plays
//! on (its board file format is in docs/rocket-scenarios.md, "The board notation").
//! Only land, water and places matter here: a new game has no pieces on it.

use crate::board::{display_name, Board, Place, Space, PLACES};
use std::collections::{BTreeMap, BTreeSet, HashMap};

const ROWS: &str = "
    1  2  3  4  5  6  7  8  9  10 11 12 13 14 15
A  ~  ~  .  .  .  .  .  .  .  ~  ~  ~  ~  ~  ~
B   ~  .  .  .  .  .  YO .  .  ~  ~  ~  ~  ~  ~
C  ~  .  .  .  .  LE .  .  .  .  ~  ~  ~  ~  ~
D   ~  .  .  MA .  .  .  .  .  .  ~  ~  ~  ~  ~
E  ~  LV .  .  .  SH .  .  LI .  .  ~  ~  ~  ~
F   -  .  CR .  .  .  NT .  .  .  .  ~  ~  ~  ~
G  -  .  .  .  .  DE .  .  .  .  ~  ~  .  .  ~
H   -  .  .  .  .  .  RU .  PE .  .  .  .  NO ~
I  -  .  .  .  BI .  .  .  .  .  .  .  .  .  ~
J   -  .  .  .  .  .  NH .  .  CA .  .  .  .  ~
K  -  .  .  .  .  .  .  .  .  .  .  .  .  .  ~
L   -  -  .  GL .  OX .  AY .  HE .  .  .  ~  ~
M  ~  ~  BR .  .  .  .  .  .  .  .  .  .  ~  ~
N   ~  .  .  SW .  RE .  GU .  LO .  AS .  ~  ~
O  ~  .  .  .  .  .  .  .  .  .  .  .  .  DO ~
P   ~  ~  .  .  .  SO .  .  .  BT .  .  ~  ~  ~
Q  ~  ~  ~  ~  ~  ~  ~  ~  ~  ~  ~  ~  ~  ~  ~
";

/// Placeholder industries (each city: two alike, one different), as the board file has them.
const INDUSTRIES: [(&str, [&str; 3]); 12] = [
    ("birmingham", ["brewing", "brewing", "leather"]),
    ("brighton", ["leather", "leather", "steel"]),
    ("cambridge", ["steel", "steel", "textiles"]),
    ("gloucester", ["brewing", "textiles", "textiles"]),
    ("guildford", ["brewing", "brewing", "leather"]),
    ("hertford", ["leather", "leather", "steel"]),
    ("london", ["steel", "steel", "textiles"]),
    ("manchester", ["brewing", "textiles", "textiles"]),
    ("northampton", ["brewing", "brewing", "leather"]),
    ("nottingham", ["leather", "leather", "steel"]),
    ("reading", ["steel", "steel", "textiles"]),
    ("sheffield", ["brewing", "textiles", "textiles"]),
];

pub fn board() -> Board {
    let mut land = BTreeSet::new();
    let mut water = BTreeSet::new();
    let mut places = BTreeMap::new();
    for line in ROWS.lines() {
        let mut tokens = line.split_whitespace();
        let Some(row) = tokens.next().filter(|t| t.len() == 1 && t.as_bytes()[0].is_ascii_uppercase()) else {
            continue; // the column header and blank lines
        };
        let row = row.as_bytes()[0] - b'A';
        for (col, token) in tokens.enumerate() {
            let space = Space { row, col: col as u8 };
            match token {
                "." => {
                    land.insert(space);
                }
                "~" => {
                    water.insert(space);
                }
                "-" => {}
                abbrev => {
                    if let Some((id, _, kind)) = PLACES.iter().find(|(_, a, _)| *a == abbrev) {
                        land.insert(space);
                        places.insert(id.to_string(), Place { space, kind: *kind, name: display_name(id) });
                    }
                }
            }
        }
    }
    let industries = INDUSTRIES
        .iter()
        .map(|(city, tokens)| (city.to_string(), tokens.iter().map(|t| t.to_string()).collect()))
        .collect();
    let mut board = Board {
        name: "england-approx".into(),
        approximate: true,
        land,
        water,
        places,
        industries,
        place_at: HashMap::new(),
    };
    board.index_places();
    board
}

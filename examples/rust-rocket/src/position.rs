//! The canonical position (docs/rocket.md, "The canonical position"; the schema is
//! oracle/rocket/position.schema.json): reading it from JSON, naming the field at
//! fault, and writing it back in the one canonical form (sorted lists, zero counts
//! left out).

use crate::board::{display_name, Board, Dir, Kind, Place, Space};
use crate::json::{obj, Value};
use crate::options::Options;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A position that cannot be read: the field at fault and why.
#[derive(Debug)]
pub struct Invalid {
    pub field: String,
    pub message: String,
    /// The catalogue ruling the check rests on, or "" for the position format itself.
    pub rule: &'static str,
}

pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Invalid {
    Invalid { field: field.into(), message: message.into(), rule: "" }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Action,
    VetoWindow,
    VetoBidding,
    VetoDefence,
    Over,
}

impl Phase {
    const NAMES: [(Phase, &'static str); 5] = [
        (Phase::Action, "action"),
        (Phase::VetoWindow, "veto_window"),
        (Phase::VetoBidding, "veto_bidding"),
        (Phase::VetoDefence, "veto_defence"),
        (Phase::Over, "over"),
    ];
    pub fn name(self) -> &'static str {
        Phase::NAMES.iter().find(|(p, _)| *p == self).map(|(_, n)| *n).unwrap_or("action")
    }
    fn parse(name: &str) -> Option<Phase> {
        Phase::NAMES.iter().find(|(_, n)| *n == name).map(|(p, _)| *p)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Active,
    Isolated,
    Dissolved,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Isolated => "isolated",
            Status::Dissolved => "dissolved",
        }
    }
    fn parse(name: &str) -> Option<Status> {
        [Status::Active, Status::Isolated, Status::Dissolved].into_iter().find(|s| s.name() == name)
    }
}

#[derive(Clone, Debug)]
pub struct Line {
    pub started: bool,
    pub status: Status,
    pub loco: Option<Space>,
    pub heading: Option<Dir>,
    pub track: BTreeSet<Space>,
    pub connected: BTreeSet<String>,
    pub pile: i64,
    pub discarded: i64,
    pub merged_into: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Shares {
    pub real: i64,
    pub supplementary: i64,
}

impl Shares {
    pub fn total(self) -> i64 {
        self.real + self.supplementary
    }
}

#[derive(Clone, Debug, Default)]
pub struct Holding {
    pub money: i64,
    pub shares: BTreeMap<String, Shares>,
    pub stations: BTreeSet<Space>,
    /// city -> industry -> count
    pub tokens: BTreeMap<String, BTreeMap<String, i64>>,
    pub passengers: i64,
}

impl Holding {
    pub fn shares_of(&self, line: &str) -> Shares {
        self.shares.get(line).copied().unwrap_or_default()
    }
}

#[derive(Clone, Debug)]
pub struct Bid {
    pub player: String,
    pub shares: i64,
    pub to: Space,
}

/// The move awaiting its veto round and tile.
#[derive(Clone, Debug)]
pub struct Pending {
    pub line: String,
    pub origin: Space,
    pub origin_heading: Option<Dir>,
    pub chosen: Space,
    /// Players still to bid, in order.
    pub bidders: Vec<String>,
    pub high: Option<Bid>,
}

#[derive(Clone, Debug)]
pub struct Turn {
    pub active: String,
    pub actions_taken: i64,
    /// Lines whose locomotive moved this turn.
    pub moved: BTreeSet<String>,
}

#[derive(Clone, Debug)]
pub struct Supply {
    pub passengers: i64,
    pub supplementary_issued: i64,
    pub tiles_left: i64,
    pub tiles_elsewhere: i64,
    pub imaginary_tiles: i64,
    pub bank_paid: i64,
}

#[derive(Clone, Debug)]
pub struct Position {
    pub options: Options,
    pub board: Board,
    pub players: Vec<String>,
    pub turn: Turn,
    pub phase: Phase,
    pub pending: Option<Pending>,
    pub lines: BTreeMap<String, Line>,
    pub holdings: BTreeMap<String, Holding>,
    pub city_tokens: BTreeMap<String, Vec<String>>,
    pub supply: Supply,
    pub end_reason: Option<String>,
}

impl Position {
    pub fn holding(&mut self, player: &str) -> &mut Holding {
        self.holdings.entry(player.to_string()).or_default()
    }

    pub fn shares_mut(&mut self, player: &str, line: &str) -> &mut Shares {
        self.holding(player).shares.entry(line.to_string()).or_default()
    }

    /// The players in seating order starting with `first`.
    pub fn seats_from(&self, first: &str) -> Vec<String> {
        let start = self.players.iter().position(|p| p == first).unwrap_or(0);
        (0..self.players.len()).map(|i| self.players[(start + i) % self.players.len()].clone()).collect()
    }

    pub fn line(&self, id: &str) -> &Line {
        &self.lines[id]
    }

    pub fn line_mut(&mut self, id: &str) -> &mut Line {
        self.lines.get_mut(id).expect("a line of this position")
    }
}

// -- reading -------------------------------------------------------------------------

const INDUSTRIES: [&str; 4] = ["brewing", "leather", "steel", "textiles"];

struct Reader<'a> {
    value: &'a Value,
    path: String,
}

impl<'a> Reader<'a> {
    fn root(value: &'a Value) -> Reader<'a> {
        Reader { value, path: String::new() }
    }

    fn at(&self, key: &str) -> Result<Reader<'a>, Invalid> {
        let path = if self.path.is_empty() { key.to_string() } else { format!("{}.{}", self.path, key) };
        let fields = self.value.as_obj().ok_or_else(|| invalid(self.name(), "must be an object"))?;
        let value = fields.iter().find(|(k, _)| k == key).map(|(_, v)| v).ok_or_else(|| invalid(&path, "is missing"))?;
        Ok(Reader { value, path })
    }

    fn name(&self) -> String {
        if self.path.is_empty() { "position".into() } else { self.path.clone() }
    }

    fn fail<T>(&self, message: &str) -> Result<T, Invalid> {
        Err(invalid(self.name(), message))
    }

    /// The object's fields, refusing keys outside `allowed` (the schema is closed).
    fn fields(&self, allowed: &[&str]) -> Result<Vec<(String, Reader<'a>)>, Invalid> {
        let fields = self.value.as_obj().ok_or_else(|| invalid(self.name(), "must be an object"))?;
        let mut out = Vec::new();
        for (key, value) in fields {
            let path = if self.path.is_empty() { key.clone() } else { format!("{}.{}", self.path, key) };
            if !allowed.is_empty() && !allowed.contains(&key.as_str()) {
                return Err(invalid(path, "is not a field of the position format"));
            }
            out.push((key.clone(), Reader { value, path }));
        }
        Ok(out)
    }

    fn map(&self) -> Result<Vec<(String, Reader<'a>)>, Invalid> {
        self.fields(&[])
    }

    fn items(&self) -> Result<Vec<Reader<'a>>, Invalid> {
        let items = self.value.as_arr().ok_or_else(|| invalid(self.name(), "must be an array"))?;
        Ok(items.iter().enumerate().map(|(i, value)| Reader { value, path: format!("{}.{}", self.path, i) }).collect())
    }

    fn string(&self) -> Result<String, Invalid> {
        self.value.as_str().map(str::to_string).ok_or_else(|| invalid(self.name(), "must be a string"))
    }

    fn id(&self) -> Result<String, Invalid> {
        let s = self.string()?;
        let ok = (1..=32).contains(&s.len())
            && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
        if ok { Ok(s) } else { self.fail("is not an ID ([a-z0-9_-], 1 to 32 characters)") }
    }

    fn count(&self, max: i64) -> Result<i64, Invalid> {
        match self.value.as_int() {
            Some(n) if (0..=max).contains(&n) => Ok(n),
            Some(_) => self.fail(&format!("must be between 0 and {max}")),
            None => self.fail("must be an integer"),
        }
    }

    fn boolean(&self) -> Result<bool, Invalid> {
        self.value.as_bool().ok_or_else(|| invalid(self.name(), "must be true or false"))
    }

    fn is_null(&self) -> bool {
        matches!(self.value, Value::Null)
    }

    fn space(&self) -> Result<Space, Invalid> {
        Space::parse(&self.string()?).ok_or_else(|| invalid(self.name(), "is not a space like \"B3\""))
    }

    fn spaces(&self) -> Result<BTreeSet<Space>, Invalid> {
        let mut out = BTreeSet::new();
        for item in self.items()? {
            if !out.insert(item.space()?) {
                return item.fail("repeats a space");
            }
        }
        Ok(out)
    }

    fn heading(&self) -> Result<Option<Dir>, Invalid> {
        if self.is_null() {
            return Ok(None);
        }
        Dir::parse(&self.string()?).map(Some).ok_or_else(|| invalid(self.name(), "is not a heading"))
    }

    fn industry(&self) -> Result<String, Invalid> {
        let s = self.string()?;
        if INDUSTRIES.contains(&s.as_str()) { Ok(s) } else { self.fail("is not an industry") }
    }
}

const TOP: [&str; 13] = [
    "game", "version", "options", "board", "players", "turn", "phase", "pending", "lines", "holdings",
    "city_tokens", "supply", "end_reason",
];

/// Reads a position; checks its form only (validate.rs checks that it adds up).
pub fn from_json(value: &Value) -> Result<Position, Invalid> {
    let root = Reader::root(value);
    root.fields(&TOP)?;
    for key in TOP {
        root.at(key)?;
    }
    if root.at("game")?.value.as_str() != Some("rocket") {
        return Err(invalid("game", "must be \"rocket\""));
    }
    if root.at("version")?.value.as_int() != Some(1) {
        return Err(invalid("version", "must be 1"));
    }
    let options = Options::from_json(root.at("options")?.value, "options").map_err(|(f, m)| invalid(f, m))?;
    let board = read_board(&root.at("board")?)?;
    let mut players = Vec::new();
    let players_at = root.at("players")?;
    for item in players_at.items()? {
        let id = item.id()?;
        if players.contains(&id) {
            return item.fail("repeats a player");
        }
        players.push(id);
    }
    if !(2..=4).contains(&players.len()) {
        return players_at.fail("must list 2 to 4 players");
    }
    let turn = read_turn(&root.at("turn")?)?;
    let phase_at = root.at("phase")?;
    let phase = Phase::parse(&phase_at.string()?).ok_or_else(|| invalid("phase", "is not a phase"))?;
    let pending_at = root.at("pending")?;
    let pending = if pending_at.is_null() { None } else { Some(read_pending(&pending_at)?) };
    let mut lines = BTreeMap::new();
    for (id, line) in root.at("lines")?.map()? {
        lines.insert(id, read_line(&line)?);
    }
    let mut holdings = BTreeMap::new();
    for (player, holding) in root.at("holdings")?.map()? {
        holdings.insert(player, read_holding(&holding)?);
    }
    let mut city_tokens = BTreeMap::new();
    for (city, tokens) in root.at("city_tokens")?.map()? {
        let mut list = Vec::new();
        for item in tokens.items()? {
            list.push(item.industry()?);
        }
        list.sort();
        city_tokens.insert(city, list);
    }
    let supply = read_supply(&root.at("supply")?)?;
    let end_at = root.at("end_reason")?;
    let end_reason = if end_at.is_null() {
        None
    } else {
        let reason = end_at.string()?;
        if reason != "tiles" && reason != "one_line" {
            return end_at.fail("must be null, \"tiles\" or \"one_line\"");
        }
        Some(reason)
    };
    Ok(Position { options, board, players, turn, phase, pending, lines, holdings, city_tokens, supply, end_reason })
}

fn read_board(at: &Reader) -> Result<Board, Invalid> {
    at.fields(&["name", "approximate", "land", "water", "places", "industries"])?;
    let mut places = BTreeMap::new();
    for (id, place) in at.at("places")?.map()? {
        place.fields(&["space", "kind", "name"])?;
        let kind_at = place.at("kind")?;
        let kind = Kind::parse(&kind_at.string()?).ok_or_else(|| invalid(kind_at.name(), "is not a kind of place"))?;
        let name = place.at("name")?.string()?;
        places.insert(id, Place { space: place.at("space")?.space()?, kind, name });
    }
    let mut industries = BTreeMap::new();
    for (city, tokens) in at.at("industries")?.map()? {
        let mut list = Vec::new();
        for item in tokens.items()? {
            list.push(item.industry()?);
        }
        if list.len() != 3 {
            return tokens.fail("a city has three industry tokens");
        }
        list.sort();
        industries.insert(city, list);
    }
    let mut board = Board {
        name: at.at("name")?.string()?,
        approximate: at.at("approximate")?.boolean()?,
        land: at.at("land")?.spaces()?,
        water: at.at("water")?.spaces()?,
        places,
        industries,
        place_at: HashMap::new(),
    };
    board.index_places();
    Ok(board)
}

fn read_turn(at: &Reader) -> Result<Turn, Invalid> {
    at.fields(&["active", "actions_taken", "moved"])?;
    let mut moved = BTreeSet::new();
    for item in at.at("moved")?.items()? {
        moved.insert(item.id()?);
    }
    Ok(Turn { active: at.at("active")?.id()?, actions_taken: at.at("actions_taken")?.count(2)?, moved })
}

fn read_pending(at: &Reader) -> Result<Pending, Invalid> {
    at.fields(&["line", "origin", "origin_heading", "chosen", "bidders", "high"])?;
    let mut bidders = Vec::new();
    for item in at.at("bidders")?.items()? {
        bidders.push(item.id()?);
    }
    let high_at = at.at("high")?;
    let high = if high_at.is_null() {
        None
    } else {
        high_at.fields(&["player", "shares", "to"])?;
        let shares = high_at.at("shares")?.count(i64::MAX)?;
        if shares < 1 {
            return Err(invalid(format!("{}.shares", high_at.name()), "a bid is at least one share"));
        }
        Some(Bid { player: high_at.at("player")?.id()?, shares, to: high_at.at("to")?.space()? })
    };
    Ok(Pending {
        line: at.at("line")?.id()?,
        origin: at.at("origin")?.space()?,
        origin_heading: at.at("origin_heading")?.heading()?,
        chosen: at.at("chosen")?.space()?,
        bidders,
        high,
    })
}

fn read_line(at: &Reader) -> Result<Line, Invalid> {
    at.fields(&["started", "status", "loco", "heading", "track", "connected", "pile", "discarded", "merged_into"])?;
    let status_at = at.at("status")?;
    let status = Status::parse(&status_at.string()?).ok_or_else(|| invalid(status_at.name(), "is not a status"))?;
    let loco_at = at.at("loco")?;
    let merged_at = at.at("merged_into")?;
    let mut connected = BTreeSet::new();
    for item in at.at("connected")?.items()? {
        if !connected.insert(item.id()?) {
            return item.fail("repeats a place");
        }
    }
    Ok(Line {
        started: at.at("started")?.boolean()?,
        status,
        loco: if loco_at.is_null() { None } else { Some(loco_at.space()?) },
        heading: at.at("heading")?.heading()?,
        track: at.at("track")?.spaces()?,
        connected,
        pile: at.at("pile")?.count(16)?,
        discarded: at.at("discarded")?.count(16)?,
        merged_into: if merged_at.is_null() { None } else { Some(merged_at.id()?) },
    })
}

fn read_holding(at: &Reader) -> Result<Holding, Invalid> {
    at.fields(&["money", "shares", "stations", "tokens", "passengers"])?;
    let mut shares = BTreeMap::new();
    for (line, held) in at.at("shares")?.map()? {
        held.fields(&["real", "supplementary"])?;
        let s = Shares { real: held.at("real")?.count(16)?, supplementary: held.at("supplementary")?.count(i64::MAX)? };
        shares.insert(line, s);
    }
    let mut tokens = BTreeMap::new();
    for (city, by_industry) in at.at("tokens")?.map()? {
        let mut counts = BTreeMap::new();
        for (industry, n) in by_industry.map()? {
            if !INDUSTRIES.contains(&industry.as_str()) {
                return n.fail("is not an industry");
            }
            let count = n.count(3)?;
            if count < 1 {
                return n.fail("must be between 1 and 3");
            }
            counts.insert(industry, count);
        }
        tokens.insert(city, counts);
    }
    Ok(Holding {
        money: at.at("money")?.count(i64::MAX)?,
        shares,
        stations: at.at("stations")?.spaces()?,
        tokens,
        passengers: at.at("passengers")?.count(9)?,
    })
}

fn read_supply(at: &Reader) -> Result<Supply, Invalid> {
    at.fields(&["passengers", "supplementary_issued", "tiles_left", "tiles_elsewhere", "imaginary_tiles", "bank_paid"])?;
    Ok(Supply {
        passengers: at.at("passengers")?.count(9)?,
        supplementary_issued: at.at("supplementary_issued")?.count(i64::MAX)?,
        tiles_left: at.at("tiles_left")?.count(60)?,
        tiles_elsewhere: at.at("tiles_elsewhere")?.count(60)?,
        imaginary_tiles: at.at("imaginary_tiles")?.count(1)?,
        bank_paid: at.at("bank_paid")?.count(i64::MAX)?,
    })
}

// -- writing -------------------------------------------------------------------------

fn spaces_json(spaces: &BTreeSet<Space>) -> Value {
    Value::Arr(spaces.iter().map(|s| Value::Str(s.id())).collect())
}

fn strings_json<'a>(items: impl Iterator<Item = &'a String>) -> Value {
    Value::Arr(items.map(|s| Value::str(s)).collect())
}

fn opt_str(value: Option<String>) -> Value {
    value.map(Value::Str).unwrap_or(Value::Null)
}

pub fn to_json(p: &Position) -> Value {
    let board = &p.board;
    let places = board
        .places
        .iter()
        .map(|(id, place)| {
            let name = if place.name.is_empty() { display_name(id) } else { place.name.clone() };
            let v = obj(vec![
                ("space", Value::Str(place.space.id())),
                ("kind", Value::str(place.kind.name())),
                ("name", Value::Str(name)),
            ]);
            (id.clone(), v)
        })
        .collect();
    let industries = board.industries.iter().map(|(c, t)| (c.clone(), strings_json(t.iter()))).collect();
    let board_json = obj(vec![
        ("name", Value::str(&board.name)),
        ("approximate", Value::Bool(board.approximate)),
        ("land", spaces_json(&board.land)),
        ("water", spaces_json(&board.water)),
        ("places", Value::Obj(places)),
        ("industries", Value::Obj(industries)),
    ]);
    let turn = obj(vec![
        ("active", Value::str(&p.turn.active)),
        ("actions_taken", Value::Int(p.turn.actions_taken)),
        ("moved", strings_json(p.turn.moved.iter())),
    ]);
    let pending = match &p.pending {
        None => Value::Null,
        Some(m) => obj(vec![
            ("line", Value::str(&m.line)),
            ("origin", Value::Str(m.origin.id())),
            ("origin_heading", opt_str(m.origin_heading.map(|d| d.name().to_string()))),
            ("chosen", Value::Str(m.chosen.id())),
            ("bidders", strings_json(m.bidders.iter())),
            (
                "high",
                match &m.high {
                    None => Value::Null,
                    Some(b) => obj(vec![
                        ("player", Value::str(&b.player)),
                        ("shares", Value::Int(b.shares)),
                        ("to", Value::Str(b.to.id())),
                    ]),
                },
            ),
        ]),
    };
    let lines = p.lines.iter().map(|(id, l)| (id.clone(), line_json(l))).collect();
    let holdings = p.holdings.iter().map(|(id, h)| (id.clone(), holding_json(h))).collect();
    let city_tokens = p.city_tokens.iter().map(|(c, t)| (c.clone(), strings_json(t.iter()))).collect();
    let s = &p.supply;
    let supply = obj(vec![
        ("passengers", Value::Int(s.passengers)),
        ("supplementary_issued", Value::Int(s.supplementary_issued)),
        ("tiles_left", Value::Int(s.tiles_left)),
        ("tiles_elsewhere", Value::Int(s.tiles_elsewhere)),
        ("imaginary_tiles", Value::Int(s.imaginary_tiles)),
        ("bank_paid", Value::Int(s.bank_paid)),
    ]);
    obj(vec![
        ("game", Value::str("rocket")),
        ("version", Value::Int(1)),
        ("options", p.options.to_json()),
        ("board", board_json),
        ("players", strings_json(p.players.iter())),
        ("turn", turn),
        ("phase", Value::str(p.phase.name())),
        ("pending", pending),
        ("lines", Value::Obj(lines)),
        ("holdings", Value::Obj(holdings)),
        ("city_tokens", Value::Obj(city_tokens)),
        ("supply", supply),
        ("end_reason", opt_str(p.end_reason.clone())),
    ])
}

fn line_json(l: &Line) -> Value {
    obj(vec![
        ("started", Value::Bool(l.started)),
        ("status", Value::str(l.status.name())),
        ("loco", opt_str(l.loco.map(Space::id))),
        ("heading", opt_str(l.heading.map(|d| d.name().to_string()))),
        ("track", spaces_json(&l.track)),
        ("connected", strings_json(l.connected.iter())),
        ("pile", Value::Int(l.pile)),
        ("discarded", Value::Int(l.discarded)),
        ("merged_into", opt_str(l.merged_into.clone())),
    ])
}

fn holding_json(h: &Holding) -> Value {
    let shares = h
        .shares
        .iter()
        .filter(|(_, s)| s.total() > 0)
        .map(|(line, s)| {
            let v = obj(vec![("real", Value::Int(s.real)), ("supplementary", Value::Int(s.supplementary))]);
            (line.clone(), v)
        })
        .collect();
    let tokens = h
        .tokens
        .iter()
        .filter(|(_, counts)| counts.values().any(|n| *n > 0))
        .map(|(city, counts)| {
            let inner = counts.iter().filter(|(_, n)| **n > 0).map(|(i, n)| (i.clone(), Value::Int(*n))).collect();
            (city.clone(), Value::Obj(inner))
        })
        .collect();
    obj(vec![
        ("money", Value::Int(h.money)),
        ("shares", Value::Obj(shares)),
        ("stations", spaces_json(&h.stations)),
        ("tokens", Value::Obj(tokens)),
        ("passengers", Value::Int(h.passengers)),
    ])
}

//! Actions as JSON (docs/rocket.md, "Actions"): reading one, refusing a malformed
//! one by name, and writing the ones `legal_actions` lists.

use crate::board::Space;
use crate::json::{obj, Value};
use crate::position::Position;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Move { player: String, line: String, to: Space },
    CallVeto { player: String },
    PlaceTile { player: String },
    VetoBid { player: String, shares: i64, to: Space },
    VetoPass { player: String },
    Defend { player: String, shares: i64, to: Space },
    Concede { player: String },
    PlaceStation { player: String, to: Space },
    MoveStation { player: String, from: Space, to: Space },
    TakeToken { player: String, city: String, industry: String },
    Pass { player: String },
}

/// The fields each action type has besides `type` and `player`.
fn fields_of(kind: &str) -> Option<&'static [&'static str]> {
    Some(match kind {
        "move" => &["line", "to"],
        "call_veto" | "place_tile" | "veto_pass" | "concede" | "pass" => &[],
        "veto_bid" | "defend" => &["shares", "to"],
        "place_station" => &["to"],
        "move_station" => &["from", "to"],
        "take_token" => &["city", "industry"],
        _ => return None,
    })
}

/// Reads an action; Err names the field that is malformed (not a refusal: the
/// action is not one the game has at all).
pub fn parse(p: &Position, value: &Value) -> Result<Action, String> {
    let fields = value.as_obj().ok_or("action: not an object")?;
    let kind = value.get("type").and_then(Value::as_str).ok_or("action.type: missing or not a string")?;
    let own = fields_of(kind).ok_or_else(|| format!("action.type: unknown action type {kind:?}"))?;
    for (key, _) in fields {
        if key != "type" && key != "player" && !own.contains(&key.as_str()) {
            return Err(format!("action.{key}: not a field of {kind}"));
        }
    }
    let text = |key: &str| -> Result<String, String> {
        value.get(key).and_then(Value::as_str).map(str::to_string).ok_or(format!("action.{key}: missing or not a string"))
    };
    let space = |key: &str| -> Result<Space, String> {
        Space::parse(&text(key)?).ok_or(format!("action.{key}: not a space like \"B3\""))
    };
    let number = |key: &str| -> Result<i64, String> {
        value.get(key).and_then(Value::as_int).ok_or(format!("action.{key}: missing or not an integer"))
    };
    let player = text("player")?;
    if !p.players.contains(&player) {
        return Err(format!("action.player: {player:?} is not a player"));
    }
    Ok(match kind {
        "move" => {
            let line = text("line")?;
            if !p.lines.contains_key(&line) {
                return Err(format!("action.line: {line:?} is no line on this board"));
            }
            Action::Move { player, line, to: space("to")? }
        }
        "call_veto" => Action::CallVeto { player },
        "place_tile" => Action::PlaceTile { player },
        "veto_bid" => Action::VetoBid { player, shares: number("shares")?, to: space("to")? },
        "veto_pass" => Action::VetoPass { player },
        "defend" => Action::Defend { player, shares: number("shares")?, to: space("to")? },
        "concede" => Action::Concede { player },
        "place_station" => Action::PlaceStation { player, to: space("to")? },
        "move_station" => Action::MoveStation { player, from: space("from")?, to: space("to")? },
        "take_token" => Action::TakeToken { player, city: text("city")?, industry: text("industry")? },
        _ => Action::Pass { player },
    })
}

impl Action {
    pub fn to_json(&self) -> Value {
        let s = |x: &str| Value::str(x);
        let sp = |x: &Space| Value::Str(x.id());
        match self {
            Action::Move { player, line, to } => {
                obj(vec![("type", s("move")), ("player", s(player)), ("line", s(line)), ("to", sp(to))])
            }
            Action::CallVeto { player } => obj(vec![("type", s("call_veto")), ("player", s(player))]),
            Action::PlaceTile { player } => obj(vec![("type", s("place_tile")), ("player", s(player))]),
            Action::VetoBid { player, shares, to } => obj(vec![
                ("type", s("veto_bid")),
                ("player", s(player)),
                ("shares", Value::Int(*shares)),
                ("to", sp(to)),
            ]),
            Action::VetoPass { player } => obj(vec![("type", s("veto_pass")), ("player", s(player))]),
            Action::Defend { player, shares, to } => obj(vec![
                ("type", s("defend")),
                ("player", s(player)),
                ("shares", Value::Int(*shares)),
                ("to", sp(to)),
            ]),
            Action::Concede { player } => obj(vec![("type", s("concede")), ("player", s(player))]),
            Action::PlaceStation { player, to } => {
                obj(vec![("type", s("place_station")), ("player", s(player)), ("to", sp(to))])
            }
            Action::MoveStation { player, from, to } => obj(vec![
                ("type", s("move_station")),
                ("player", s(player)),
                ("from", sp(from)),
                ("to", sp(to)),
            ]),
            Action::TakeToken { player, city, industry } => obj(vec![
                ("type", s("take_token")),
                ("player", s(player)),
                ("city", s(city)),
                ("industry", s(industry)),
            ]),
            Action::Pass { player } => obj(vec![("type", s("pass")), ("player", s(player))]),
        }
    }
}

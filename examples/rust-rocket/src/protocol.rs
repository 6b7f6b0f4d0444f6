//! The adapter protocol, version 2 (docs/protocol.md): one JSON request a line in,
//! one reply a line out. Stateless: every request carries the whole position.
//!
//! Level "verdicts": refusals are free text, no reason codes. Turns "decisions":
//! every position we answer with is at its next decision (forced passes played).

use crate::england;
use crate::json::{obj, Value};
use crate::options::Options;
use crate::position::{self, Holding, Line, Phase, Position, Status, Supply, Turn};
use crate::rules::{self, turn, Failure};
use crate::scoring;
use crate::validate;
use std::collections::{BTreeMap, BTreeSet};

pub enum Reply {
    Result(Value),
    Errored(String),
    /// Answer, then exit.
    Stop,
}

pub fn handle(request: &Value) -> Reply {
    let cmd = request.get("cmd").and_then(Value::as_str).unwrap_or("");
    if cmd == "stop" {
        return Reply::Stop;
    }
    if cmd != "hello" {
        if let Some(game) = request.get("game").and_then(Value::as_str) {
            if game != "rocket" {
                return Reply::Errored(format!("game {game:?}: this engine plays rocket only"));
            }
        }
    }
    let answer = match cmd {
        "hello" => Ok(hello()),
        "new_game" => new_game(request),
        "load" => Ok(load(request)),
        "apply" => apply(request),
        "position" => with_decision(request, |p| obj(vec![("position", position::to_json(p))])),
        "legal_actions" => with_decision(request, |p| {
            let actions = rules::legal_actions(p).iter().map(|a| a.to_json()).collect();
            obj(vec![("actions", Value::Arr(actions))])
        }),
        "scores" => with_decision(request, |p| obj(vec![("scores", scoring::scores_json(p))])),
        "game_over" => with_decision(request, |p| obj(vec![("over", Value::Bool(p.phase == Phase::Over))])),
        other => Err(format!("unknown command {other:?}")),
    };
    match answer {
        Ok(result) => Reply::Result(result),
        Err(message) => Reply::Errored(message),
    }
}

fn hello() -> Value {
    obj(vec![
        ("protocol", Value::Int(2)),
        ("level", Value::str("verdicts")),
        (
            "implementation",
            obj(vec![
                ("name", Value::str("rust-rocket")),
                ("version", Value::str(env!("CARGO_PKG_VERSION"))),
                ("language", Value::str("rust")),
            ]),
        ),
        (
            "games",
            Value::Arr(vec![obj(vec![
                ("game", Value::str("rocket")),
                ("options", Options::declared()),
                // Every command and action is implemented; Rocket has no queries.
                ("gaps", Value::Arr(Vec::new())),
                ("turns", Value::str("decisions")),
            ])]),
        ),
    ])
}

/// The request's position, read and checked as `load` would, at its next decision.
fn decision_of(request: &Value) -> Result<Position, String> {
    let value = request.get("position").ok_or("position: missing")?;
    let mut p = position::from_json(value).map_err(|e| format!("position refused at {}: {}", e.field, e.message))?;
    validate::check(&p).map_err(|e| format!("position refused at {}: {}", e.field, e.message))?;
    turn::play_forced(&mut p);
    Ok(p)
}

fn with_decision(request: &Value, answer: impl Fn(&Position) -> Value) -> Result<Value, String> {
    decision_of(request).map(|p| answer(&p))
}

fn load(request: &Value) -> Value {
    let Some(value) = request.get("position") else {
        return obj(vec![("valid", Value::Bool(false)), ("field", Value::str("position")), ("message", Value::str("missing"))]);
    };
    let checked = position::from_json(value).and_then(|p| validate::check(&p));
    match checked {
        Ok(()) => obj(vec![("valid", Value::Bool(true))]),
        Err(bad) => {
            let mut fields = vec![
                ("valid", Value::Bool(false)),
                ("field", Value::Str(bad.field)),
                ("message", Value::Str(bad.message)),
            ];
            if !bad.rule.is_empty() {
                fields.push(("rule", Value::str(bad.rule)));
            }
            obj(fields)
        }
    }
}

fn apply(request: &Value) -> Result<Value, String> {
    let value = request.get("position").ok_or("position: missing")?;
    let p = position::from_json(value).map_err(|e| format!("position refused at {}: {}", e.field, e.message))?;
    validate::check(&p).map_err(|e| format!("position refused at {}: {}", e.field, e.message))?;
    let action = request.get("action").ok_or("action: missing")?;
    match rules::apply(&p, action) {
        Ok(next) => Ok(obj(vec![("accepted", Value::Bool(true)), ("position", position::to_json(&next))])),
        Err(Failure::Refused(reason)) => Ok(obj(vec![("accepted", Value::Bool(false)), ("reason", Value::Str(reason))])),
        Err(Failure::Malformed(message)) => Err(format!("malformed action: {message}")),
    }
}

/// A player ID as the position schema has them.
fn is_id(s: &str) -> bool {
    (1..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

/// A new game on the default board: every line waiting on its starting town with
/// its 16 shares, nobody holding anything, the first player to act.
fn new_game(request: &Value) -> Result<Value, String> {
    let players: Vec<String> = request
        .get("players")
        .and_then(Value::as_arr)
        .ok_or("players: must be an array")?
        .iter()
        .map(|v| v.as_str().filter(|s| is_id(s)).map(str::to_string).ok_or("players: each is an ID like \"p1\""))
        .collect::<Result<_, _>>()?;
    let unique: BTreeSet<&String> = players.iter().collect();
    if !(2..=4).contains(&players.len()) || unique.len() != players.len() {
        return Err("players: two to four different players".into());
    }
    let options = match request.get("options") {
        None | Some(Value::Null) => Options::default(),
        Some(v) => Options::from_json(v, "options").map_err(|(f, m)| format!("{f}: {m}"))?,
    };
    let board = england::board();
    let lines: BTreeMap<String, Line> = board
        .places
        .iter()
        .filter(|(_, pl)| pl.kind == crate::board::Kind::Start)
        .map(|(id, _)| {
            let line = Line {
                started: false,
                status: Status::Active,
                loco: None,
                heading: None,
                track: BTreeSet::new(),
                connected: BTreeSet::from([id.clone()]),
                pile: 16,
                discarded: 0,
                merged_into: None,
            };
            (id.clone(), line)
        })
        .collect();
    let mut p = Position {
        options,
        city_tokens: board.industries.clone(),
        board,
        turn: Turn { active: players[0].clone(), actions_taken: 0, moved: BTreeSet::new() },
        holdings: players.iter().map(|pl| (pl.clone(), Holding::default())).collect(),
        players,
        phase: Phase::Action,
        pending: None,
        lines,
        supply: Supply {
            passengers: 9,
            supplementary_issued: 0,
            tiles_left: 60,
            tiles_elsewhere: 0,
            imaginary_tiles: 0,
            bank_paid: 0,
        },
        end_reason: None,
    };
    turn::play_forced(&mut p);
    Ok(obj(vec![("position", position::to_json(&p))]))
}

//! rust-rocket: a Stephenson's Rocket engine behind the railrules adapter protocol
//! (version 2). Requests arrive on stdin, one JSON object a line; each gets exactly
//! one reply line on stdout. stderr is free for logs.

mod board;
mod england;
mod json;
mod options;
mod position;
mod protocol;
mod rules;
mod scoring;
mod validate;

use json::{obj, Value};
use std::io::{BufRead, Write};

/// The harness sends some 10 kB a request; a longer line is refused, not held.
const MAX_REQUEST_BYTES: usize = 1 << 20;

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&buf);
        let line = text.trim();
        if line.is_empty() {
            continue;
        }
        let (reply, stop) = answer(line);
        if writeln!(out, "{}", json::write(&reply)).and_then(|_| out.flush()).is_err() {
            return;
        }
        if stop {
            return;
        }
    }
}

/// The reply to one request line, and whether to exit after it.
fn answer(line: &str) -> (Value, bool) {
    if line.len() > MAX_REQUEST_BYTES {
        return (errored(Value::Null, "request larger than 1048576 bytes"), false);
    }
    let request = match json::parse(line) {
        Ok(v) => v,
        Err(e) => return (errored(Value::Null, &format!("request is not JSON: {e}")), false),
    };
    let seq = request.get("seq").cloned().unwrap_or(Value::Null);
    match protocol::handle(&request) {
        protocol::Reply::Result(result) => (obj(vec![("seq", seq), ("result", result)]), false),
        protocol::Reply::Errored(message) => (errored(seq, &message), false),
        protocol::Reply::Stop => (obj(vec![("seq", seq), ("result", obj(vec![]))]), true),
    }
}

fn errored(seq: Value, message: &str) -> Value {
    obj(vec![("seq", seq), ("errored", obj(vec![("message", Value::str(message))]))])
}

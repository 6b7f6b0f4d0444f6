#!/usr/bin/env node
// A second, independent adapter for railrules protocol v1, written in JavaScript
// (Node 20, no dependencies). It implements a part of Stephenson's Rocket and says
// "unsupported" for the rest, which is what an engine author starts from.
//
//   railrules certify --impl "node examples/js-rocket/adapter.mjs"
//
// What it does: the handshake (Rocket, every option at its default only), load
// (a structural check of the position), the canonical position, scores (money,
// or victory points in the 2018 edition), game over, and refusals of actions that
// need no map knowledge: any action once the game is over, a move while a veto
// round is pending, a move out of turn, a locomotive moved twice in one turn.
// Everything else (legal actions, accepting moves, veto rounds, ...) is unsupported.
// stdout carries protocol replies only; logs go to stderr.

import { createInterface } from "node:readline";

const DEFAULTS = {
  edition: "1999", tie_rule: "split", town_payout_basis: "railway_towns",
  merger_count_basis: "all_places", merger_odd_share: "down", merger_lays_tile: true,
  veto_shortfall: "return_supplementary", discard_unconnected_tokens: false,
};
const REQUIRED = ["game", "version", "options", "board", "players", "turn", "phase",
  "pending", "lines", "holdings", "city_tokens", "supply", "end_reason"];

class Refusal {
  constructor(code, ruling, reason) { Object.assign(this, { code, ruling, reason }); }
}
class Unsupported {
  constructor(feature, reason) { Object.assign(this, { feature, reason }); }
}

function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]));
  }
  return value;
}

function check(position) {
  if (!position || typeof position !== "object") return ["position", "is not an object"];
  for (const key of REQUIRED) {
    if (!(key in position)) return [key, "is missing"];
  }
  if (position.game !== "rocket") return ["game", "is not rocket"];
  if (position.version !== 1) return ["version", "must be 1"];
  if (!Array.isArray(position.players) || position.players.length < 2 ||
      position.players.length > 4) return ["players", "must list 2 to 4 players"];
  const active = position.turn && position.turn.active;
  if (!position.players.includes(active)) return ["turn.active", "is not a player"];
  for (const player of position.players) {
    if (!position.holdings[player]) return [`holdings.${player}`, "is missing"];
  }
  return null;
}

function scores(position) {
  const vp = position.options.edition === "2018";
  const values = {};
  for (const player of position.players) {
    const money = position.holdings[player].money;
    values[player] = vp ? money / 1000 : money;
  }
  const over = position.phase === "over";
  const best = Math.max(...Object.values(values));
  return {
    unit: vp ? "vp" : "pounds", scores: values, over, end_reason: position.end_reason,
    winners: over ? Object.keys(values).filter((p) => values[p] === best).sort() : [],
  };
}

function apply(position, action) {
  // SR-END-01: nothing happens after the end of the game.
  if (position.phase === "over") throw new Refusal("turn/game_over", "SR-END-01", "the game is over");
  if (action.type !== "move") throw new Unsupported(`action:${action.type}`, "only moves are graded here");
  if (position.phase !== "action") {
    throw new Refusal("turn/veto_in_progress", "SR-SEQ-01", "a move waits for its veto round and tile");
  }
  if (action.player !== position.turn.active) {
    throw new Refusal("turn/not_your_turn", "", `it is ${position.turn.active}'s turn`);
  }
  if (position.turn.moved.includes(action.line)) {
    throw new Refusal("move/same_locomotive_twice", "", `the ${action.line} locomotive already moved`);
  }
  throw new Unsupported("action:move", "this adapter does not carry out moves");
}

function gameOf(msg) {
  if (msg.game !== "rocket") throw new Unsupported(`game:${msg.game}`, "only rocket");
  for (const [name, value] of Object.entries((msg.position && msg.position.options) || msg.options || {})) {
    if (DEFAULTS[name] !== value) throw new Unsupported(`option:${name}=${value}`, "defaults only");
  }
}

const handlers = {
  hello: () => ({
    protocol: 1,
    implementation: { name: "js-rocket-example", version: "0.1.0", language: "javascript" },
    games: [{
      game: "rocket",
      options: Object.entries(DEFAULTS).map(([name, value]) => ({ name, choices: [value] })),
    }],
  }),
  new_game: () => { throw new Unsupported("new_game", "this adapter only loads positions"); },
  load: (msg) => {
    gameOf(msg);
    const bad = check(msg.position);
    return bad ? { valid: false, field: bad[0], message: bad[1], rule: "js-structure" } : { valid: true };
  },
  position: (msg) => { gameOf(msg); return { position: canonical(msg.position) }; },
  apply: (msg) => {
    gameOf(msg);
    try {
      apply(msg.position, msg.action);
    } catch (err) {
      if (err instanceof Refusal) return { accepted: false, code: err.code, ruling: err.ruling, reason: err.reason };
      throw err;
    }
    throw new Unsupported("apply", "unreachable");
  },
  legal_actions: () => { throw new Unsupported("legal_actions", "not implemented"); },
  scores: (msg) => { gameOf(msg); return { scores: scores(msg.position) }; },
  game_over: (msg) => { gameOf(msg); return { over: msg.position.phase === "over" }; },
  stop: () => ({}),
};

function reply(obj) { process.stdout.write(JSON.stringify(obj) + "\n"); }

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (err) {
    reply({ seq: null, errored: { message: `request is not JSON: ${err.message}` } });
    return;
  }
  const seq = msg.seq;
  const handler = handlers[msg.cmd];
  try {
    if (!handler) throw new Unsupported(`cmd:${msg.cmd}`, "unknown command");
    reply({ seq, result: handler(msg) });
  } catch (err) {
    if (err instanceof Unsupported) reply({ seq, unsupported: { feature: err.feature, reason: err.reason } });
    else reply({ seq, errored: { message: String(err && err.message), traceback: String(err && err.stack) } });
  }
  if (msg.cmd === "stop") process.exit(0);
});
lines.on("close", () => process.exit(0));

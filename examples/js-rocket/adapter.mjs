#!/usr/bin/env node
// A second, independent adapter for railrules protocol v1, written in JavaScript
// (Node 20, no dependencies). It implements a part of Stephenson's Rocket and says
// "unsupported" for the rest, which is what an engine author starts from.
//
//   railrules certify --impl "node examples/js-rocket/adapter.mjs"
//
// What it does, written from the rules in docs/rocket.md:
//
// * the handshake (Rocket, every option at its default only);
// * load: a structural check, the fixed catalogue of 28 places and their kinds
//   (SR-TWN-01/06), at most seven stations a player (SR-STA-02);
// * the canonical position, scores (money, or victory points in the 2018
//   edition), game over;
// * apply, in the action phase: place_station, move_station and take_token, with
//   every refusal (station/..., token/not_available, turn/...) and the turn
//   bookkeeping after an accepted action. An action after which the game would end
//   (no tiles left, at most one active line) is unsupported: final scoring is not
//   written here;
// * refusals of moves that need no map: after the end of the game, while a veto
//   round is pending, out of turn, a dissolved line, a locomotive moved twice.
//
// Everything else (legal actions, carrying out moves, veto rounds, passing, new
// games) is declared unsupported, never guessed. Malformed actions (an unknown
// player, city, industry or space ID) are answered "errored".
// stdout carries protocol replies only; logs go to stderr.

import { createInterface } from "node:readline";

const DEFAULTS = {
  edition: "1999", tie_rule: "split", town_payout_basis: "railway_towns",
  merger_count_basis: "all_places", merger_odd_share: "down", merger_lays_tile: true,
  veto_shortfall: "return_supplementary", end_lines: "active", discard_unconnected_tokens: false,
};
const REQUIRED = ["game", "version", "options", "board", "players", "turn", "phase",
  "pending", "lines", "holdings", "city_tokens", "supply", "end_reason"];

// SR-TWN-01: the fixed catalogue of places and their kinds.
const KINDS = Object.fromEntries([
  ...["bristol", "crewe", "dover", "liverpool", "norwich", "southampton", "york"].map((p) => [p, "start"]),
  ...["ashford", "aylesbury", "derby", "leeds", "lincoln", "oxford", "peterborough", "rugby", "swindon"]
    .map((p) => [p, "railway"]),
  ...["birmingham", "brighton", "cambridge", "gloucester", "guildford", "hertford", "london", "manchester",
    "northampton", "nottingham", "reading", "sheffield"].map((p) => [p, "city"]),
]);

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
  // SR-TWN-01/06: the 28 places and their kinds are fixed for the whole game.
  const board = position.board;
  if (!board || typeof board !== "object" || !board.places || typeof board.places !== "object") {
    return ["board.places", "is missing"];
  }
  for (const [pid, info] of Object.entries(board.places)) {
    if (!Object.hasOwn(KINDS, pid)) return [`board.places.${pid}`, "is not one of the 28 places", "SR-TWN-01"];
    if (!info || info.kind !== KINDS[pid]) {
      return [`board.places.${pid}.kind`, `${pid} is a ${KINDS[pid]} place, and places never change kind`, "SR-TWN-06"];
    }
  }
  // SR-STA-02: seven stations per player, never more.
  for (const player of position.players) {
    const stations = position.holdings[player].stations;
    if (Array.isArray(stations) && stations.length > 7) {
      return [`holdings.${player}.stations`, `${stations.length} stations; each player has 7, never more`, "SR-STA-02"];
    }
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

// -- the board: pointy-top hexes, IDs like "B3" (row letter, column from 1) ----------
// Odd rows (B, D, ...) sit half a hex to the right of the even rows.

function parseSpace(id) {
  const m = /^([A-Z])([1-9][0-9]?)$/.exec(typeof id === "string" ? id : "");
  return m ? { row: m[1].charCodeAt(0) - 65, col: Number(m[2]) - 1 } : null;
}

function spaceId(row, col) { return String.fromCharCode(65 + row) + String(col + 1); }

function bySpace(a, b) {
  const pa = parseSpace(a), pb = parseSpace(b);
  return pa.row - pb.row || pa.col - pb.col;
}

// The six neighbours as (row, column) offsets, east first and then round
// counter-clockwise: e, ne, nw, w, sw, se. The diagonal ones depend on whether the
// row is shifted.
const EVEN_ROW = [[0, 1], [-1, 0], [-1, -1], [0, -1], [1, -1], [1, 0]];
const ODD_ROW = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, 0], [1, 1]];

function neighbours(board, id) {
  const { row, col } = parseSpace(id);
  const out = [];
  for (const [dr, dc] of (row % 2 ? ODD_ROW : EVEN_ROW)) {
    const r = row + dr, c = col + dc;
    if (r < 0 || c < 0 || r > 25 || c > 98) continue;
    const n = spaceId(r, c);
    if (board.land.has(n)) out.push(n);
  }
  return out;
}

// What stands where, read once from a position.
function survey(position) {
  const land = new Set(position.board.land);
  const placeAt = new Map();
  for (const [pid, info] of Object.entries(position.board.places)) placeAt.set(info.space, pid);
  const track = new Map();
  const locos = new Map();
  for (const [lid, line] of Object.entries(position.lines)) {
    for (const s of line.track) track.set(s, lid);
    if (line.status === "dissolved") continue;
    // A line that has not started has its locomotive on its starting town.
    const town = position.board.places[lid];
    const at = line.started && line.loco ? line.loco : town && town.space;
    if (at) locos.set(at, lid);
  }
  const stations = new Map();
  for (const player of position.players) {
    for (const s of position.holdings[player].stations) stations.set(s, player);
  }
  return { land, placeAt, track, locos, stations };
}

// -- actions -------------------------------------------------------------------------

class Malformed extends Error {}

const STATIONS = 7; // SR-STA-02
const INDUSTRY_NAMES = ["brewing", "leather", "steel", "textiles"];

function needSpace(id, field) {
  if (!parseSpace(id)) throw new Malformed(`${field}: ${JSON.stringify(id)} is not a space ID like "B3"`);
}

// SR-STA-01: track (a tile, or the locomotive standing on it) fixes a station.
function isFixed(board, space) { return board.track.has(space) || board.locos.has(space); }

// Why a station may not stand on `space`; `leaving` is the space a moved station
// comes from (it does not count against itself).
function stationRefusal(board, space, leaving) {
  if (!board.land.has(space)) return new Refusal("station/off_board", "", `${space} is not land on the board`);
  if (board.placeAt.has(space)) return new Refusal("station/onto_place", "", `${space} holds ${board.placeAt.get(space)}`);
  if (board.track.has(space)) return new Refusal("station/onto_track", "", `${space} holds a track tile`);
  if (board.locos.has(space)) return new Refusal("station/onto_locomotive", "", `${space} holds a locomotive`);
  if (board.stations.has(space) && space !== leaving) {
    return new Refusal("station/occupied", "", `${space} holds a station`);
  }
  for (const n of neighbours(board, space)) {
    if (board.locos.has(n)) return new Refusal("station/next_to_locomotive", "", `${space} is next to a locomotive`);
    if (board.stations.has(n) && n !== leaving) {
      return new Refusal("station/next_to_station", "", `${space} is next to a station`);
    }
  }
  return null;
}

function checkTurn(position, action) {
  if (position.phase !== "action") {
    throw new Refusal("turn/veto_in_progress", "SR-SEQ-01", "a move waits for its veto round and tile");
  }
  if (action.player !== position.turn.active) {
    throw new Refusal("turn/not_your_turn", "", `it is ${position.turn.active}'s turn`);
  }
}

function placeStation(position, action) {
  checkTurn(position, action);
  needSpace(action.to, "action.to");
  const mine = position.holdings[action.player].stations;
  if (mine.length >= STATIONS) throw new Refusal("station/none_left", "SR-STA-02", "all seven stations are on the board");
  const why = stationRefusal(survey(position), action.to, null);
  if (why) throw why;
  return (next) => { next.holdings[action.player].stations = [...mine, action.to].sort(bySpace); };
}

function moveStation(position, action) {
  checkTurn(position, action);
  needSpace(action.to, "action.to");
  const board = survey(position);
  const mine = position.holdings[action.player].stations;
  if (!mine.includes(action.from)) {
    throw new Refusal("station/not_yours", "", `${action.player} has no station on ${action.from}`);
  }
  if (isFixed(board, action.from)) {
    throw new Refusal("station/fixed", "SR-STA-01", `track has reached the station on ${action.from}`);
  }
  if (action.to === action.from) throw new Refusal("station/same_space", "", "a station must move somewhere");
  const why = stationRefusal(board, action.to, action.from);
  if (why) throw why;
  return (next) => {
    next.holdings[action.player].stations = [...mine.filter((s) => s !== action.from), action.to].sort(bySpace);
  };
}

function takeToken(position, action) {
  checkTurn(position, action);
  const onBoard = Object.hasOwn(position.board.places, action.city);
  if (!onBoard || KINDS[action.city] !== "city") throw new Malformed(`action.city: ${JSON.stringify(action.city)} is no city on this board`);
  if (!INDUSTRY_NAMES.includes(action.industry)) throw new Malformed(`action.industry: ${JSON.stringify(action.industry)} is no industry`);
  const left = Object.hasOwn(position.city_tokens, action.city) ? position.city_tokens[action.city] : [];
  if (!left.includes(action.industry)) {
    throw new Refusal("token/not_available", "", `${action.city} has no ${action.industry} token left`);
  }
  return (next) => {
    const rest = [...left];
    rest.splice(rest.indexOf(action.industry), 1);
    next.city_tokens[action.city] = rest.sort();
    const tokens = next.holdings[action.player].tokens;
    const here = tokens[action.city] || (tokens[action.city] = {});
    here[action.industry] = (here[action.industry] || 0) + 1;
  };
}

function refuseMove(position, action) {
  checkTurn(position, action);
  const line = Object.hasOwn(position.lines, action.line) ? position.lines[action.line] : null;
  if (!line) throw new Malformed(`action.line: ${JSON.stringify(action.line)} is no line on this board`);
  if (line.status === "dissolved") {
    throw new Refusal("move/line_dissolved", "SR-MRG-01", `the ${action.line} line has merged into ${line.merged_into}`);
  }
  if (position.turn.moved.includes(action.line)) {
    throw new Refusal("move/same_locomotive_twice", "", `the ${action.line} locomotive already moved`);
  }
  throw new Unsupported("action:move", "this adapter does not carry out moves");
}

const ACTIONS = { place_station: placeStation, move_station: moveStation, take_token: takeToken, move: refuseMove };

// SR-END-01: the game may end between actions. Final scoring is not written here,
// so an action after which the game would end is declared unsupported.
function endOfAction(next) {
  if (next.supply.tiles_left <= 0 ||
      Object.values(next.lines).filter((l) => l.status === "active").length <= 1) {
    throw new Unsupported("game_end", "the action would end the game; final scoring is not implemented");
  }
  const turn = next.turn;
  if (turn.actions_taken + 1 >= 2) {
    const players = next.players;
    next.turn = { active: players[(players.indexOf(turn.active) + 1) % players.length], actions_taken: 0, moved: [] };
  } else {
    next.turn = { ...turn, actions_taken: turn.actions_taken + 1 };
  }
}

function apply(position, action) {
  if (!action || typeof action !== "object") throw new Malformed("action: not an object");
  if (!position.players.includes(action.player)) {
    throw new Malformed(`action.player: ${JSON.stringify(action.player)} is not a player`);
  }
  // SR-END-01: nothing happens after the end of the game.
  if (position.phase === "over") throw new Refusal("turn/game_over", "SR-END-01", "the game is over");
  const handler = Object.hasOwn(ACTIONS, action.type) ? ACTIONS[action.type] : null;
  if (!handler) throw new Unsupported(`action:${action.type}`, "not implemented in this adapter");
  const effect = handler(position, action);
  const next = structuredClone(position);
  effect(next);
  endOfAction(next);
  return canonical(next);
}

function gameOf(msg) {
  if (msg.game !== "rocket") throw new Unsupported(`game:${msg.game}`, "only rocket");
  for (const [name, value] of Object.entries((msg.position && msg.position.options) || msg.options || {})) {
    if (DEFAULTS[name] !== value) throw new Unsupported(`option:${name}=${value}`, "defaults only");
  }
}

const GAPS = ["new_game", "legal_actions", "action:move", "action:call_veto", "action:place_tile",
  "action:veto_bid", "action:veto_pass", "action:defend", "action:concede", "action:pass"];

const handlers = {
  hello: () => ({
    protocol: 1,
    implementation: { name: "js-rocket-example", version: "0.1.0", language: "javascript" },
    games: [{
      game: "rocket",
      options: Object.entries(DEFAULTS).map(([name, value]) => ({ name, choices: [value] })),
      // What this slice does not do, declared up front (docs/protocol.md, "Declaring
      // what you support"): the harness never asks, and those rulings are not graded.
      gaps: GAPS,
    }],
  }),
  new_game: () => { throw new Unsupported("new_game", "this adapter only loads positions"); },
  load: (msg) => {
    gameOf(msg);
    const bad = check(msg.position);
    return bad ? { valid: false, field: bad[0], message: bad[1], rule: bad[2] || "js-structure" } : { valid: true };
  },
  position: (msg) => { gameOf(msg); return { position: canonical(msg.position) }; },
  apply: (msg) => {
    gameOf(msg);
    try {
      return { accepted: true, position: apply(msg.position, msg.action) };
    } catch (err) {
      if (err instanceof Refusal) return { accepted: false, code: err.code, ruling: err.ruling, reason: err.reason };
      throw err;
    }
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
    else if (err instanceof Malformed) reply({ seq, errored: { message: `malformed input: ${err.message}` } });
    else reply({ seq, errored: { message: String(err && err.message), traceback: String(err && err.stack) } });
  }
  if (msg.cmd === "stop") process.exit(0);
});
lines.on("close", () => process.exit(0));

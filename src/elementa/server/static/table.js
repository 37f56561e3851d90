// A table page: one websocket, the board drawn from this seat's observation, moves by clicking.
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
// The seat is an HttpOnly cookie the server set at join or claim: this page never holds the token, and
// its address (#watch included) carries no seat. An invite link's code (#invite=...) is claimed once,
// then taken out of the address bar.
const hash = new URLSearchParams(location.hash.slice(1));
const watching = hash.has("watch");
const invite = hash.get("invite");
if (invite) history.replaceState(null, "", location.pathname);
let view = null;
let socket = null;
let replay = null;
let hint = null;  // the server's hint for this seat: {step, moves: [{action, win_chance, best, reason}]}
let othersFrom = null;  // the index in view.events of the first event of the other seats' moves since this seat's last one

// ------------------------------------------------------------------------------------------- picking moves
// Moves are picked from their parts by picking.js (loaded before this script): clicks on the board's
// things and on its chooser. Each legal move in a view is {id, kind, parts: {name: value or null}, label};
// `decl` (fetched once from /api/tables/{id}/actions) declares each kind's parts, texts and confirmations.
const {el} = window.Picking;
let decl = null;

// Fetch the declarations once (they never change for a table); until they come, moves are made from the list.
async function loadDeclarations() {
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/actions`);
    if (r.ok) {
      decl = await r.json();
      draw();
      return;
    }
    if (r.status === 404) return;  // no such table: the socket says so
  } catch (e) { /* offline: try again */ }
  setTimeout(loadDeclarations, 2000);
}

function legalNow() { return view && !replay && decl ? view.legal : []; }

const picking = window.Picking.create({
  legal: legalNow,
  decl: () => decl,
  play: (move) => play(move),
  redraw: () => draw(),
  seatName: (i) => seatName(i),
});

// Send a move; one of a kind the game asks about first (decl.confirm: it gives up much and cannot be
// taken back) waits for a yes in the confirm dialog: false then (not sent yet), and the picks stay.
function play(move, confirmed = false) {
  const question = decl && decl.confirm && decl.confirm[move.kind];
  if (question && !confirmed) {
    ask(question, move);
    return false;
  }
  send({type: "move", action: move.id, step: view.step});
  picking.reset();
  draw();
  return true;
}

function ask(question, move) {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = `yes: ${move.label || picking.kindText(move.kind)}`;
  $("confirm-yes").onclick = () => { dialog.close(); if (view.legal.some((m) => m.id === move.id)) play(move, true); };
  $("confirm-no").onclick = () => dialog.close();
  dialog.showModal();
  $("confirm-no").focus();  // the safe answer is the one Enter gives
}

// ------------------------------------------------------------------------------------------------ socket
function send(message) {
  $("error").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  // no token field: the server reads the seat cookie; token null: watch
  socket.onopen = () => socket.send(JSON.stringify(watching ? {type: "hello", token: null} : {type: "hello"}));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      if (!view || view.step !== message.step) picking.reset();
      const fresh = message.log_actors || [];  // who took the actions of the new log lines
      const eventsBefore = view && message.events_from ? message.events_from : 0;
      // the server sends only the log lines this page has not had (from log_from on)
      message.log = (view && message.log_from ? view.log.slice(0, message.log_from) : []).concat(message.log);
      message.log_actors = (view && message.log_from ? view.log_actors.slice(0, message.log_from) : []).concat(message.log_actors || []);
      // the typed events likewise, from events_from on
      message.events = (view && message.events_from ? view.events.slice(0, message.events_from) : []).concat(message.events || []);
      // the events to mark on the board: those of the other seats' moves since this seat's own last move
      // (a spectator: those of the newest move); none on the first view, whose events come all at once
      if (!view || !message.log_from || fresh.includes(message.seat)) othersFrom = message.events.length;
      else if (message.seat === null && fresh.some((a) => a !== CHANCE)) othersFrom = eventsBefore;
      view = message;
      draw();
    } else if (message.type === "error") {
      $("error").textContent = `${message.message} (${message.code})`;
    }
  };
  socket.onclose = (event) => {
    if (event.code === 4401 || event.code === 4404 || event.code === 4400) {
      $("status").textContent = "This link does not open a seat at this table.";
      return;
    }
    $("status").textContent = "Connection lost; reconnecting…";
    setTimeout(connect, 1000);
  };
}

// ------------------------------------------------------------------------------------------------ drawing
const CHANCE = -1;  // a log line's actor for a chance outcome (elementa.core.CHANCE)

// A seat's one name, the same in the seat bar, the status line, the boards and the log's margin: the
// server's label ("Player 2 (computer: medium)"), whose number is the one the games' texts use.
function seatName(i) {
  const s = view && view.seats[i];
  return s ? s.label || s.name : `Player ${i + 1}`;
}

function drawSeats() {
  $("seats").replaceChildren(...view.seats.map((s) => el("span", {
    class: ["seat", `owner${s.seat}`, view.to_move.includes(s.seat) && "to-move", s.seat === view.seat && "me"].filter(Boolean).join(" "),
    title: s.kind === "bot" ? "computer player" : s.zombie ? "away: a computer plays for now" : s.connected ? "connected" : "not connected",
  }, seatName(s.seat), s.seat === view.seat ? " (you)" : "",
  s.zombie ? " (away: computer)" : s.kind === "bot" ? "" : s.connected ? " ●" : " ○",
  view.to_move.includes(s.seat) ? el("span", {class: "sr-only"}, " (to move)") : null)));
}

function drawFairness() {
  const f = view.fairness;
  $("practice").hidden = !f.practice;
  const shown = f.seed === null ? `seed committed: sha256 ${f.commitment.slice(0, 16)}…` : `seed ${f.seed}, salt ${f.salt} (check with elementa verify)`;
  $("fairness").textContent = shown;
  $("fairness").title = `commitment ${f.commitment}`;
  $("record").hidden = f.seed === null;
  $("record").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
}

// What the decision asks, from the typed contract: the kinds of the legal moves (still fitting the
// picks), each in the game's words (kindText), and where to click: the board, the buttons, or both.
function instructions() {
  const left = picking.picks().length ? picking.remaining() : legalNow();
  const kinds = [...new Set(left.map((m) => m.kind))];
  const texts = kinds.map(picking.kindText);
  const onBoard = document.querySelector("#board .can-pick") !== null;
  const buttons = document.querySelector("#chooser button.choice") !== null;
  const where = onBoard && buttons ? "Click a highlighted thing on the board or a button above it."
    : onBoard ? "Click a highlighted thing on the board." : buttons ? "Choose a button above the board." : "";
  return {texts, where};
}

function drawStatus() {
  let text;
  const box = $("instructions");
  box.replaceChildren();
  if (view.status === "finished") {
    const r = view.returns || [];
    const best = Math.max(...r);
    const winners = r.map((x, i) => x === best ? seatName(i) : null).filter(Boolean);
    text = `Game over. Results: ${r.map((x, i) => `${seatName(i)} ${x}`).join(", ")}. Winner: ${winners.join(", ")}.`;
  } else if (replay) {
    text = "Replay: move the slider to see the game step by step.";
  } else if (view.seat === null) {
    text = `You are watching. ${view.to_move.length ? `To move: ${view.to_move.map(seatName).join(", ")}.` : ""}`;
  } else if (view.legal.length) {
    const {texts, where} = instructions();
    const upper = (t) => t.charAt(0).toUpperCase() + t.slice(1);
    if (texts.length === 1) text = `Your move — ${upper(texts[0])}.`;
    else {
      text = "Your move — do one of these:";
      box.append(...texts.map((t) => el("li", {}, upper(t))));
    }
    if (where) box.append(el("li", {class: "where"}, where));
    if (picking.picks().length) box.append(el("li", {class: "where"}, `Picked: ${picking.picks().map((p) => p.text).join(" + ")}.`));
  } else {
    text = `Waiting for ${view.to_move.map(seatName).join(", ") || "the dice"}…`;
  }
  $("status").textContent = text;
  box.hidden = !box.children.length;
  $("replay-button").hidden = view.status !== "finished";
  // a seat's analysis of the finished game (spectators have no seat to analyse)
  $("analysis-link").hidden = view.status !== "finished" || view.seat === null;
  $("analysis-link").href = `/table/${encodeURIComponent(tableId)}/analysis`;
}

// The other seats' moves since this seat's own last one (a spectator: the last seat's move), chance
// lines left out: what a person at the table would have watched the others do.
function drawRecent() {
  const box = $("recent");
  const actors = view.log_actors || [];
  const lines = [];
  if (!replay && view.log.length === actors.length) {
    for (let i = actors.length - 1; i >= 0 && lines.length < 8; i--) {
      const a = actors[i];
      if (a === CHANCE) continue;
      if (view.seat !== null && a === view.seat) break;
      lines.unshift([a, view.log[i]]);
      if (view.seat === null) break;
    }
  }
  box.hidden = !lines.length;
  box.replaceChildren(el("h2", {}, view.seat === null ? "Last move" : "Since your last move"),
    el("ol", {}, lines.map(([a, line]) => el("li", {class: `last-move owner${a}`, "data-seat": a}, line))));
}

// Mark the board things that the other seats' last moves changed: each board element that is a place of
// the game's events says so in data-place ("zone:seat:index", a space between several); an event's place
// matches it with its seat or without (a square is a square whoever's unit stands on it).
function markLastMoves() {
  const keys = new Set();
  for (const event of replay || othersFrom === null ? [] : view.events.slice(othersFrom)) {
    for (const place of Object.values(event)) {
      if (!place || typeof place !== "object" || !place.zone) continue;
      const index = place.index ?? "";
      keys.add(`${place.zone}:${place.seat ?? ""}:${index}`);
      keys.add(`${place.zone}::${index}`);
    }
  }
  for (const node of document.querySelectorAll("#board [data-place]")) {
    const hit = node.dataset.place.split(" ").some((k) => keys.has(k));
    node.classList.toggle("last-changed", hit);
  }
}

function drawMoves() {
  const box = $("picked");
  box.replaceChildren();
  if (picking.picks().length) box.append(el("ol", {class: "legal matching", "aria-label": "moves that fit what you picked"}, picking.remaining().map(moveItem)));
  $("legal").replaceChildren(...(replay ? [] : view.legal.map(moveItem)));
  $("undo").hidden = !view.can_undo || !!replay;
  drawHint();
}

function moveItem(a) {
  return el("li", {}, el("button", {type: "button", class: "move", "data-action": a.id, title: picking.kindText(a.kind), onclick: () => play(a)}, a.label));
}

// ------------------------------------------------------------------------------------------------- hints
// A hint is asked for by this page's seat (its cookie); the server runs the search from the seat's
// information with its own budget and answers the best few moves. It holds for the step it was asked at.
function drawHint() {
  if (hint && hint.step !== view.step) hint = null;
  const can = view.hints && view.seat !== null && view.legal.length > 1 && view.status !== "finished" && !replay;
  $("hint-button").hidden = !can;
  const box = $("hint");
  box.hidden = !hint || !!replay;
  if (!hint) return box.replaceChildren();
  box.replaceChildren(
    el("p", {class: "label"}, `Hint: the search's best moves from what you can see (${hint.iterations} searches)`),
    el("ol", {}, hint.moves.map((m) => el("li", {class: m.best ? "best" : null, "data-action": m.action.id},
      el("b", {}, m.action.label), ` — ${Math.round(100 * m.win_chance)}% to win`, m.best ? " (the search's move)" : "",
      el("br"), el("small", {class: "muted"}, m.reason)))));
  const best = hint.moves.find((m) => m.best);
  if (best) for (const node of document.querySelectorAll(`button[data-action="${best.action.id}"]`)) node.classList.add("hinted");
}

async function askHint() {
  $("error").textContent = "";
  const button = $("hint-button");
  button.disabled = true;
  button.textContent = "thinking…";
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hint`, {method: "POST", credentials: "same-origin"});
    const body = await r.json();
    if (r.ok) hint = body;
    else {
      const d = body.detail || {};
      $("error").textContent = `${d.message || "no hint"} (${d.code || r.status})`;
    }
  } catch (e) {
    $("error").textContent = `no hint: the server did not answer (${e.message})`;
  } finally {
    button.disabled = false;
    button.textContent = "hint";
    draw();
  }
}

// The log, one line per action, a run of chance outcomes (dice rolled, cards dealt) folded into one line
// that opens on a click. ``actors`` says who took each line's action (CHANCE for chance), when known.
function drawLog(lines, actors) {
  const box = $("log");
  const from = Math.max(0, lines.length - 300);
  const items = [];
  let run = [];
  const fold = () => {
    if (run.length === 1) items.push(el("li", {class: "chance", value: run[0][0] + 1}, run[0][1]));
    else if (run.length) {
      items.push(el("li", {class: "chance", value: run[0][0] + 1}, el("details", {},
        el("summary", {}, `${run.length} chance outcomes`), el("ul", {}, run.map(([, line]) => el("li", {}, line))))));
    }
    run = [];
  };
  for (let i = from; i < lines.length; i++) {
    const a = actors ? actors[i] : undefined;
    if (a === CHANCE) { run.push([i, lines[i]]); continue; }
    fold();
    items.push(el("li", {class: a === undefined ? null : `owner${a}`, value: i + 1}, lines[i]));
  }
  fold();
  box.replaceChildren(...items);
  box.scrollTop = box.scrollHeight;
}

function tree(value) {
  if (value === null || typeof value !== "object") return el("span", {class: "leaf"}, JSON.stringify(value));
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return el("ul", {}, entries.map(([k, v]) => el("li", {}, el("b", {}, `${k}: `), tree(v))));
}

function drawBoard(observation) {
  const board = $("board");
  const draw = window.BOARDS[view.game];
  // the focused board thing, to focus again once the board is drawn anew (a keyboard player keeps place)
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.pick || document.activeElement.dataset.action : null;
  board.replaceChildren();
  const h = picking.boardHelpers(view);  // a new board offers new things to pick
  try {
    board.append(draw ? draw(observation, h) : tree(observation));
  } catch (e) {  // a board that cannot draw this observation falls back to the tree
    board.append(el("p", {class: "error"}, `board: ${e.message}`), tree(observation));
  }
  if (!replay) {
    const choose = picking.chooser();
    if (choose) board.prepend(choose);
  }
  board.dataset.game = view.game;
  if (focused) {
    const again = [...board.querySelectorAll("[data-pick], [data-action]")].find((n) => (n.dataset.pick || n.dataset.action) === focused);
    if (again) again.focus();
  }
}

// Each part of the page is drawn again only when what it shows changed: a view that changes nothing
// on the board (a seat connecting, a log line of chance) leaves the board's nodes in place, so a
// click on them is not lost to a redraw under the pointer.
const drawn = {};
function changed(part, ...inputs) {
  const key = JSON.stringify(inputs);
  if (drawn[part] === key) return false;
  drawn[part] = key;
  return true;
}

function draw() {
  if (!view) return;
  document.title = `Elementa — ${view.title}`;
  Object.assign(document.body.dataset, {step: view.step, status: view.status, seat: view.seat ?? "none"});
  $("title").textContent = view.title;
  const seats = view.seats.map((s) => [s.label, s.name, s.kind, s.connected, s.zombie]);
  const names = view.seats.map((s) => s.label);  // what the board and the log show of the seats
  if (changed("seats", seats, view.to_move, view.seat)) drawSeats();
  if (changed("fairness", view.fairness)) drawFairness();
  const frame = replay ? replay[Number($("replay-step").value)] : null;
  const legal = legalNow().map((m) => m.id);
  const hinted = hint && !replay ? hint.step : null;
  if (changed("board", view.game, frame ? frame.step : null, frame ? null : view.observation, legal, picking.picks(), names, view.seat, decl !== null, hinted)) {
    drawBoard(frame ? frame.observation : view.observation);
  }
  drawStatus();  // after the board: it says whether the board or the buttons offer the move
  if (replay) {
    $("replay-at").textContent = `${frame.step} / ${replay.length - 1}`;
    if (changed("log", "replay", frame.step)) drawLog(replay.slice(1, frame.step + 1).map((f) => f.log));
  } else if (changed("log", view.log.length, view.log[view.log.length - 1], view.log_actors.length)) {
    drawLog(view.log, view.log.length === view.log_actors.length ? view.log_actors : null);
  }
  if (changed("recent", replay !== null, view.log.length, view.log[view.log.length - 1], view.log_actors.length, view.seat, names)) drawRecent();
  if (changed("marks", drawn.board, replay !== null, othersFrom, view.events.length)) markLastMoves();
  if (changed("tree", frame ? frame.step : view.observation)) $("tree").replaceChildren(tree(frame ? frame.observation : view.observation));
  if (changed("moves", replay !== null, view.legal, picking.picks(), view.can_undo, hint, view.hints, view.status, decl !== null)) drawMoves();
}

// ------------------------------------------------------------------------------------------ rules, replay
$("rules-button").onclick = async () => {
  if (!view) return;
  $("rules-text").textContent = await (await fetch(`/api/games/${view.game}/rules`)).text();
  $("rules").showModal();
};
$("replay-button").onclick = async () => {
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`, {credentials: watching ? "omit" : "same-origin"});
  replay = (await r.json()).frames;
  $("replay-step").max = replay.length - 1;
  $("replay-step").value = replay.length - 1;
  $("replay").hidden = false;
  draw();
};
$("replay-step").oninput = draw;
$("replay-close").onclick = () => { replay = null; $("replay").hidden = true; draw(); };
$("undo").onclick = () => send({type: "undo", step: view.step});
$("hint-button").onclick = askHint;

// Claim an invite's seat (the answer sets the seat cookie), then open the table.
async function start() {
  if (invite) {
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/claim`, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({code: invite}),
    });
    if (!r.ok) {
      const d = (await r.json()).detail || {};
      $("error").textContent = `${d.message || "this invite does not open a seat"} (${d.code || r.status})`;
    }
  }
  connect();
  loadDeclarations();
  // A signed-in player's seat held by this browser (its cookie) is linked to the account; a guest's or
  // a spectator's request is refused and changes nothing.
  fetch("/api/accounts/claim", {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({table: tableId}),
  }).catch(() => {});
}
start();

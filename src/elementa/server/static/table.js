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
let picks = [];
let socket = null;
let replay = null;
let hint = null;  // the server's hint for this seat: {step, moves: [{action, win_chance, best, reason}]}
let othersFrom = null;  // the index in view.events of the first event of the other seats' moves since this seat's last one

// ---------------------------------------------------------------- small DOM helpers, shared with boards.js
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v;  // CSSOM, which the page's CSP allows (a style attribute it does not)
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// ------------------------------------------------------------------------------------------- picking moves
// Moves are picked from their parts, never their labels. Each legal move in a view is
// {id, kind, parts: {name: value or null}, label}; `decl` (fetched once from /api/tables/{id}/actions)
// declares each kind's parts: [{name, size, type, none, values}], and the cards' texts.
// A pick is {pairs: [{type, value, name?}], kind?, text}: what a click on the board or on the chooser named.
let decl = null;
let things = [];  // the picks the board being drawn offers, for the chooser to know what the board shows
const ONE_BASED = new Set(["die", "column", "choice", "slot", "monolith", "held", "combatant"]);

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

function partsOf(kind) { return (decl && decl.kinds[kind]) || []; }

function legalNow() { return view && !replay && decl ? view.legal : []; }

// Whether a move has every pick: a pick's kind (when it names one) is the move's, and each of its pairs
// names a distinct part of the move with that type (and name) and value. Pairs of one type take that type's
// parts in order, so the first die clicked is a swap's first die and the second its other.
function fits(move, chosen) { return assigned(move, chosen) !== null; }

// The indices of the move's parts that the picks name (see fits), or null when the move does not fit them.
function assigned(move, chosen) {
  const parts = partsOf(move.kind);
  const used = new Set();
  const last = {};
  for (const p of chosen) {
    if (p.kind !== undefined && p.kind !== move.kind) return null;
    for (const pair of p.pairs) {
      let found = -1;
      for (let i = (last[pair.type] ?? -1) + 1; i < parts.length && found < 0; i++) {
        const part = parts[i];
        if (!used.has(i) && part.type === pair.type && (pair.name === undefined || pair.name === part.name)
            && move.parts[part.name] === pair.value) found = i;
      }
      if (found < 0) return null;
      used.add(found);
      last[pair.type] = found;
    }
  }
  return used;
}

function remaining(chosen = picks) { return legalNow().filter((m) => fits(m, chosen)); }

function samePick(a, b) { return a.kind === b.kind && JSON.stringify(a.pairs) === JSON.stringify(b.pairs); }

const samePair = (a, b) => a.type === b.type && a.value === b.value && a.name === b.name;

// The picks after adding a board pick, or null when no legal move would fit them: the pick added, or
// (when that fits nothing) the pick in place of the picks it includes (a column picked, then a square of it).
function adding(chosen, a) {
  const added = [...chosen, a];
  if (remaining(added).length) return added;
  const within = (p) => p.kind === undefined && p.pairs.length < a.pairs.length && p.pairs.every((x) => a.pairs.some((y) => samePair(x, y)));
  const refined = [...chosen.filter((p) => !within(p)), a];
  return refined.length <= chosen.length && remaining(refined).length ? refined : null;  // one or more picks replaced
}

// The picks after a click on a board thing offering these alternatives (see pickable), or null for a
// click that does nothing: the first alternative that some legal move fits is added; else a picked thing
// is un-picked; else the picks start again from the thing.
function nextPicks(alts) {
  for (const a of alts) {
    const next = adding(picks, a);
    if (next) return next;
  }
  const i = picks.findLastIndex((p) => alts.some((a) => samePick(p, a)));
  if (i >= 0) return picks.filter((_, j) => j !== i);
  const fresh = alts.find((a) => remaining([a]).length);
  return fresh ? [fresh] : null;
}

// A board element that IS a thing a move's part may name: pickable(node, {type: "die", value: 2}), or
// several alternatives, each one pair or an array of pairs named together (a sheet square is a row and a
// column: [{type: "row", value: 1}, {type: "column", value: 4}]; or, for a move that names only columns,
// {type: "column", value: 4}). A click adds the first alternative that some legal move still fits; a click
// on a picked thing that no move needs twice un-picks it; when one move is left it is played.
function pickable(node, ...alternatives) {
  const alts = alternatives.filter(Boolean).map((a) => ({pairs: Array.isArray(a) ? a : [a], text: node.title || node.textContent.slice(0, 40)}));
  if (!alts.length) return node;
  things.push(...alts);
  node.dataset.pick = JSON.stringify(alts.map((a) => a.pairs));
  const picked = alts.some((a) => picks.some((p) => samePick(p, a)));
  if (picked) node.classList.add("picked");
  if (picked || alts.some((a) => adding(picks, a))) {
    node.classList.add("can-pick");
    // a board thing to pick is a button to the keyboard and to a screen reader: Tab reaches it,
    // Enter or Space picks it, and it says what it is and whether it is picked
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", node.title || node.textContent);
    node.setAttribute("aria-pressed", picked ? "true" : "false");
    const go = (e) => { e.preventDefault(); e.stopPropagation(); pick(alts); };
    node.addEventListener("click", go);
    node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(e); });
  }
  return node;
}

function pick(alts) {
  const next = nextPicks(alts);
  if (!next) return;
  picks = next;
  const left = remaining();
  if (left.length === 1) play(left[0]);
  else draw();
}

// Send a move; one of a kind the game asks about first (decl.confirm: it gives up much and cannot be
// taken back) waits for a yes in the confirm dialog.
function play(move, confirmed = false) {
  const question = decl && decl.confirm && decl.confirm[move.kind];
  if (question && !confirmed) return ask(question, move);
  send({type: "move", action: move.id, step: view.step});
  picks = [];
  draw();
}

function ask(question, move) {
  const dialog = $("confirm");
  $("confirm-text").textContent = question;
  $("confirm-yes").textContent = `yes: ${move.label || kindText(move.kind)}`;
  $("confirm-yes").onclick = () => { dialog.close(); if (view.legal.some((m) => m.id === move.id)) play(move, true); };
  $("confirm-no").onclick = () => dialog.close();
  dialog.showModal();
  $("confirm-no").focus();  // the safe answer is the one Enter gives
}

// A kind in words: the game's instruction for it (decl.texts, from Game.action_text), else its name.
function kindText(kind) { return (decl && decl.texts && decl.texts[kind]) || words(kind); }

// An identifier in words ("draft_major" reads "draft major").
function words(name) { return String(name).split("_").join(" "); }

// A value of the observation as words for a person: no braces, quotes or brackets (see plain()).
function plain(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(", ");
  if (typeof value === "object") return Object.entries(value).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${words(k)} ${plain(v)}`).join(", ");
  return typeof value === "string" ? words(value) : String(value);
}

function valueText(part, value) {
  if (value === null) return "none";
  if (part.values && part.values[value] !== undefined) return part.values[value];
  if (part.type === "seat") return seatName(value);
  return String(ONE_BASED.has(part.type) ? value + 1 : value);
}

// A move's kind and the parts not picked yet, for its button: "play" once its card is picked.
function moveText(move) {
  const picked = assigned(move, picks) || new Set();
  const named = partsOf(move.kind).filter((p, i) => move.parts[p.name] !== null && !picked.has(i));
  return [kindText(move.kind), named.map((p) => `${p.name} ${valueText(p, move.parts[p.name])}`).join(", ")].filter(Boolean).join(": ");
}

// The chooser on the board: what the board cannot pick. For each kind among the moves left, the moves that
// no click on the board narrows to: one of them is a button that plays it; several get one button per value
// of the first part in which they differ (a choice, an amount, a layout, a unit type...).
function chooser() {
  const legal = legalNow();
  if (!legal.length) return null;
  const left = remaining();
  const boardCan = (m) => things.some((t) => { const next = adding(picks, t); return next && fits(m, next); });
  const kinds = [...new Set(left.map((m) => m.kind))];
  const rows = [];
  const single = [];
  for (const kind of kinds) {
    const rest = left.filter((m) => m.kind === kind && !boardCan(m));
    if (rest.length === 1) single.push(rest[0]);
    if (rest.length < 2) continue;
    const part = partsOf(kind).find((p) => new Set(rest.map((m) => m.parts[p.name])).size > 1);
    const values = [...new Set(rest.map((m) => m.parts[part.name]))];
    rows.push(el("div", {class: "choose", "data-kind": kind, "data-part": part.name},
      el("span", {class: "label"}, `${kindText(kind)} — ${part.name}: `),
      values.map((value) => el("button", {type: "button", class: "small choice", "data-pick": JSON.stringify({kind, pairs: [{type: part.type, name: part.name, value}]}),
        onclick: () => pickChoice({kind, pairs: [{type: part.type, name: part.name, value}], text: `${kindText(kind)} ${part.name} ${valueText(part, value)}`})},
      valueText(part, value)))));
  }
  if (single.length) {
    rows.unshift(el("div", {class: "choose"}, single.map((m) => el("button", {type: "button", class: "small choice", "data-action": m.id, onclick: () => play(m)}, m.label || moveText(m)))));
  }
  if (picks.length) {
    rows.unshift(el("div", {class: "choose picks"}, el("span", {class: "label"}, `picked: ${picks.map((p) => p.text).join(" + ")} `),
      el("button", {type: "button", class: "small", id: "clear-picks", onclick: () => { picks = []; draw(); }}, "clear")));
  }
  return rows.length ? el("div", {id: "chooser", class: "chooser"}, rows) : null;
}

function pickChoice(p) {
  picks = [...picks, p];
  const left = remaining();
  if (left.length === 1) play(left[0]);
  else draw();
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
      if (!view || view.step !== message.step) picks = [];
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
  const left = picks.length ? remaining() : legalNow();
  const kinds = [...new Set(left.map((m) => m.kind))];
  const texts = kinds.map(kindText);
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
    if (picks.length) box.append(el("li", {class: "where"}, `Picked: ${picks.map((p) => p.text).join(" + ")}.`));
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
  if (picks.length) box.append(el("ol", {class: "legal matching", "aria-label": "moves that fit what you picked"}, remaining().map(moveItem)));
  $("legal").replaceChildren(...(replay ? [] : view.legal.map(moveItem)));
  $("undo").hidden = !view.can_undo || !!replay;
  drawHint();
}

function moveItem(a) {
  return el("li", {}, el("button", {type: "button", class: "move", "data-action": a.id, title: kindText(a.kind), onclick: () => play(a)}, a.label));
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

// The value a thing's name has in a part of this type (a card's id from its name), or null.
function valueOf(type, name) {
  for (const parts of Object.values(decl ? decl.kinds : {})) {
    for (const p of parts) {
      const i = p.type === type && p.values ? p.values.indexOf(name) : -1;
      if (i >= 0) return i;
    }
  }
  return null;
}

// The names of a part type's values (the draft's arcana), or [].
function valuesOf(type) {
  for (const parts of Object.values(decl ? decl.kinds : {})) for (const p of parts) if (p.type === type && p.values) return p.values;
  return [];
}

// A pair for pickable() naming a thing by its name, or null when no part names it (nothing to pick).
function named(type, name) {
  const value = valueOf(type, name);
  return value === null ? null : {type, value};
}

function drawBoard(observation) {
  const board = $("board");
  const draw = window.BOARDS[view.game];
  // the focused board thing, to focus again once the board is drawn anew (a keyboard player keeps place)
  const focused = board.contains(document.activeElement) ? document.activeElement.dataset.pick || document.activeElement.dataset.action : null;
  board.replaceChildren();
  things = [];
  const cardText = (name) => (decl && decl.cards[name]) || "";
  try {
    board.append(draw ? draw(observation, {view, el, pickable, seatName, named, valuesOf, cardText, parts: partsOf, words, plain}) : tree(observation));
  } catch (e) {  // a board that cannot draw this observation falls back to the tree
    board.append(el("p", {class: "error"}, `board: ${e.message}`), tree(observation));
  }
  if (!replay) {
    const choose = chooser();
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
  if (changed("board", view.game, frame ? frame.step : null, frame ? null : view.observation, legal, picks, names, view.seat, decl !== null, hinted)) {
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
  if (changed("moves", replay !== null, view.legal, picks, view.can_undo, hint, view.hints, view.status, decl !== null)) drawMoves();
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

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
    node.tabIndex = 0;
    const go = (e) => { e.stopPropagation(); pick(alts); };
    node.addEventListener("click", go);
    node.addEventListener("keydown", (e) => { if (e.key === "Enter") go(e); });
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

function play(move) {
  send({type: "move", action: move.id, step: view.step});
  picks = [];
  draw();
}

function kindText(kind) { return kind.split("_").join(" "); }

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
    rows.unshift(el("div", {class: "choose"}, single.map((m) => el("button", {type: "button", class: "small choice", "data-action": m.id, onclick: () => play(m)}, moveText(m)))));
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
      // the server sends only the log lines this page has not had (from log_from on)
      message.log = (view && message.log_from ? view.log.slice(0, message.log_from) : []).concat(message.log);
      // the typed events likewise, from events_from on
      message.events = (view && message.events_from ? view.events.slice(0, message.events_from) : []).concat(message.events || []);
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
function seatName(i) {
  if (!view) return `player ${i + 1}`;
  const s = view.seats[i];
  return s ? s.name : `player ${i + 1}`;
}

function drawSeats() {
  const box = $("seats");
  box.replaceChildren(...view.seats.map((s) => el("span", {
    class: ["seat", view.to_move.includes(s.seat) && "to-move", s.seat === view.seat && "me"].filter(Boolean).join(" "),
    title: s.kind === "bot" ? "computer player" : s.zombie ? "away: a computer plays for now" : s.connected ? "connected" : "not connected",
  }, `${s.seat + 1}. ${s.name}`, s.seat === view.seat ? " (you)" : "",
  s.kind === "bot" ? " (computer)" : s.zombie ? " (away: computer)" : s.connected ? " ●" : " ○")));
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

function drawStatus() {
  let text;
  if (view.status === "finished") {
    const r = view.returns || [];
    const best = Math.max(...r);
    const winners = r.map((x, i) => x === best ? seatName(i) : null).filter(Boolean);
    text = `Game over. Results: ${r.map((x, i) => `${seatName(i)} ${x}`).join(", ")}. Winner: ${winners.join(", ")}.`;
  } else if (view.seat === null) {
    text = "You are watching.";
  } else if (view.legal.length) {
    text = "Your move: click the board or choose below.";
  } else {
    text = `Waiting for ${view.to_move.map(seatName).join(", ") || "the dice"}…`;
  }
  $("status").textContent = text;
  $("replay-button").hidden = view.status !== "finished";
  // a seat's analysis of the finished game (spectators have no seat to analyse)
  $("analysis-link").hidden = view.status !== "finished" || view.seat === null;
  $("analysis-link").href = `/table/${encodeURIComponent(tableId)}/analysis`;
}

function drawMoves() {
  const box = $("picked");
  box.replaceChildren();
  if (picks.length) box.append(el("ol", {class: "legal matching"}, remaining().map(moveItem)));
  $("legal").replaceChildren(...(replay ? [] : view.legal.map(moveItem)));
  $("undo").hidden = !view.can_undo || !!replay;
  drawHint();
}

function moveItem(a) {
  return el("li", {}, el("button", {type: "button", class: "move", "data-action": a.id, onclick: () => send({type: "move", action: a.id, step: view.step})}, a.label));
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

function drawLog(lines) {
  const box = $("log");
  box.replaceChildren(...lines.slice(-300).map((line) => el("li", {}, line)));
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
  board.replaceChildren();
  things = [];
  const cardText = (name) => (decl && decl.cards[name]) || "";
  try {
    board.append(draw ? draw(observation, {view, el, pickable, seatName, named, valuesOf, cardText, parts: partsOf}) : tree(observation));
  } catch (e) {  // a board that cannot draw this observation falls back to the tree
    board.append(el("p", {class: "error"}, `board: ${e.message}`), tree(observation));
  }
  if (!replay) {
    const choose = chooser();
    if (choose) board.prepend(choose);
  }
  board.dataset.game = view.game;
}

function draw() {
  if (!view) return;
  document.title = `Elementa — ${view.title}`;
  Object.assign(document.body.dataset, {step: view.step, status: view.status, seat: view.seat ?? "none"});
  $("title").textContent = view.title;
  drawSeats();
  drawFairness();
  drawStatus();
  if (replay) {
    const frame = replay[Number($("replay-step").value)];
    $("replay-at").textContent = `${frame.step} / ${replay.length - 1}`;
    drawBoard(frame.observation);
    drawLog(replay.slice(1, frame.step + 1).map((f) => f.log));
    $("tree").replaceChildren(tree(frame.observation));
  } else {
    drawBoard(view.observation);
    drawLog(view.log);
    $("tree").replaceChildren(tree(view.observation));
  }
  drawMoves();  // after the board: the hinted move is marked on the chooser's buttons too
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

// A table page: one websocket, the board drawn from this seat's observation, moves by clicking.
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const hash = new URLSearchParams(location.hash.slice(1));
const KEY = `elementa-seat-${tableId}`;
if (hash.get("token")) localStorage.setItem(KEY, hash.get("token"));
const token = hash.has("watch") ? null : (hash.get("token") || localStorage.getItem(KEY));
let view = null;
let picks = [];
let socket = null;
let replay = null;

// ---------------------------------------------------------------- small DOM helpers, shared with boards.js
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

function mentions(label, word) {
  return new RegExp(`(?<![\\w])${escapeRegExp(word)}(?![\\w])`, "i").test(label);
}

function legalMatching(words) {
  return (view && !replay ? view.legal : []).filter((a) => words.every((w) => mentions(a.label, w)));
}

// A board element that names a thing ("die 3", "A7", "Water 4", a card): clicking it narrows the moves to
// those whose label names it; when one move is left it is played.
function pickable(node, word) {
  node.dataset.pick = word;
  if (legalMatching([word]).length) {
    node.classList.add("can-pick");
    node.tabIndex = 0;
    node.addEventListener("click", () => pick(word));
    node.addEventListener("keydown", (e) => { if (e.key === "Enter") pick(word); });
  }
  if (picks.includes(word)) node.classList.add("picked");
  return node;
}

function pick(word) {
  picks = picks.includes(word) ? picks.filter((w) => w !== word) : [...picks, word];
  let found = legalMatching(picks);
  if (!found.length) {
    picks = [word];
    found = legalMatching(picks);
  }
  if (found.length === 1) {
    send({type: "move", action: found[0].id});
    picks = [];
  }
  draw();
}

// ------------------------------------------------------------------------------------------------ socket
function send(message) {
  $("error").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.onopen = () => socket.send(JSON.stringify({type: "hello", token}));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      if (!view || view.step !== message.step) picks = [];
      // the server sends only the log lines this page has not had (from log_from on)
      message.log = (view && message.log_from ? view.log.slice(0, message.log_from) : []).concat(message.log);
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
}

function drawMoves() {
  const picked = picks.length ? legalMatching(picks) : [];
  const box = $("picked");
  box.replaceChildren();
  if (picks.length) {
    box.append(el("p", {}, `Picked: ${picks.join(" + ")} `, el("button", {class: "small", type: "button", onclick: () => { picks = []; draw(); }}, "clear")));
    box.append(el("ol", {class: "legal matching"}, picked.map(moveItem)));
  }
  $("legal").replaceChildren(...(replay ? [] : view.legal.map(moveItem)));
  $("undo").hidden = !view.can_undo || !!replay;
}

function moveItem(a) {
  return el("li", {}, el("button", {type: "button", class: "move", "data-action": a.id, onclick: () => send({type: "move", action: a.id})}, a.label));
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

function drawBoard(observation) {
  const board = $("board");
  const draw = window.BOARDS[view.game];
  board.replaceChildren();
  try {
    board.append(draw ? draw(observation, {view, el, pickable, seatName}) : tree(observation));
  } catch (e) {  // a board that cannot draw this observation falls back to the tree
    board.append(el("p", {class: "error"}, `board: ${e.message}`), tree(observation));
  }
  board.dataset.game = view.game;
}

function draw() {
  if (!view) return;
  document.title = `Elementa — ${view.title}`;
  Object.assign(document.body.dataset, {step: view.step, status: view.status, seat: view.seat ?? "none"});
  $("title").textContent = view.title;
  drawSeats();
  drawStatus();
  drawMoves();
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
}

// ------------------------------------------------------------------------------------------ rules, replay
$("rules-button").onclick = async () => {
  if (!view) return;
  $("rules-text").textContent = await (await fetch(`/api/games/${view.game}/rules`)).text();
  $("rules").showModal();
};
$("replay-button").onclick = async () => {
  const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay`, {headers: token ? {"X-Seat-Token": token} : {}});
  replay = await r.json();
  $("replay-step").max = replay.length - 1;
  $("replay-step").value = replay.length - 1;
  $("replay").hidden = false;
  draw();
};
$("replay-step").oninput = draw;
$("replay-close").onclick = () => { replay = null; $("replay").hidden = true; draw(); };
$("undo").onclick = () => send({type: "undo"});
connect();

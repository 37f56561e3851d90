// The learn page: one tutorial step by step (the server's lessons, /api/lessons). The board is drawn by
// boards.js and moves are picked from their parts with picking.js, as on a table; a move tried is sent to
// the lesson, which plays it when it is the step's move and explains it otherwise (legal but worse, or
// illegal and why). The lesson's id is kept in this tab's sessionStorage, so a reload carries on.
"use strict";
const $ = (id) => document.getElementById(id);
const {el} = window.Picking;
const game = decodeURIComponent(location.pathname.split("/")[2] || "");
const stored = `elementa-lesson:${game}`;
let view = null;     // the lesson's view: {id, game, tutorial, step, steps, intro, title, text, seat, observation, legal, log, done}
let decl = null;     // the tutorial's action declarations (GET /api/tutorials/{game}/actions)
let outcome = null;  // the answer to the last move tried: {verdict, message, move, code, done}
let hint = null;     // the step's intended moves: {step, moves: [Action.to_json]}
let busy = false;    // a move is on its way: no second one until it is answered

const picking = window.Picking.create({
  legal: () => (view && decl && !view.done && !busy ? view.legal : []),
  decl: () => decl,
  play: (move) => attempt(move),
  redraw: draw,
  seatName,
});

function seatName(i) { return `Player ${i + 1}`; }

// A refused request's words: the server's typed error {detail: {code, message}}.
async function refusal(r) {
  try {
    const d = (await r.json()).detail || {};
    return `${d.message || r.statusText} (${d.code || r.status})`;
  } catch (e) {
    return `the server answered ${r.status}`;
  }
}

async function call(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  });
  if (!r.ok) {
    const error = new Error(await refusal(r));
    error.status = r.status;
    throw error;
  }
  return r.json();
}

// ------------------------------------------------------------------------------------------------ a lesson
async function begin(fresh) {
  $("error").textContent = "";
  const id = sessionStorage.getItem(stored);
  try {
    if (id && !fresh) {
      try {
        return show(await call(`/api/lessons/${encodeURIComponent(id)}`), null);
      } catch (e) {
        if (e.status !== 404) throw e;  // lesson/unknown: it expired, start again
      }
    }
    show(await call("/api/lessons", {game}), null);
  } catch (e) {
    $("error").textContent = e.message;
  }
}

function show(next, answer) {
  if (!view || view.step !== next.step || view.id !== next.id) { picking.reset(); hint = null; }
  view = next;
  outcome = answer;
  $("lesson").hidden = false;
  sessionStorage.setItem(stored, view.id);
  draw();
}

async function attempt(move) {
  if (!view || busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  $("error").textContent = "";
  try {
    const answer = await call(`/api/lessons/${encodeURIComponent(view.id)}/attempt`, {move: move.id, step: view.step});
    picking.reset();
    show(answer.view, answer.outcome);
  } catch (e) {
    $("error").textContent = e.message;
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
    draw();
  }
}

async function askHint() {
  if (!view) return;
  try {
    hint = await call(`/api/lessons/${encodeURIComponent(view.id)}/hint`);
  } catch (e) {
    $("error").textContent = e.message;
  }
  draw();
}

// ------------------------------------------------------------------------------------------------ drawing
// A tutorial's text as paragraphs: its lines are wrapped in the file; a blank line parts paragraphs.
function paragraphs(text) {
  return (text || "").split("\n\n").map((p) => p.trim()).filter(Boolean).map((p) => el("p", {}, p.split("\n").join(" ")));
}

const VERDICTS = {accepted: "Well done", legal: "Legal, but not this step's move", illegal: "Not legal here"};

function drawStep() {
  document.title = `Elementa — learn: ${view.tutorial}`;
  document.body.dataset.step = view.step;
  document.body.dataset.done = view.done;
  $("title").textContent = view.tutorial;
  $("progress").textContent = view.done ? `done: ${view.steps} of ${view.steps} steps` : `step ${view.step + 1} of ${view.steps}`;
  $("intro").hidden = !(view.step === 0 && view.intro && !outcome);
  $("intro").replaceChildren(...paragraphs(view.intro));
  $("step-title").textContent = view.done ? "Tutorial complete" : view.title;
  $("step-text").replaceChildren(...paragraphs(view.text));
  $("end").hidden = !view.done;
  $("moves-panel").hidden = view.done;
  const box = $("outcome");
  box.hidden = !outcome;
  box.className = `outcome${outcome ? ` ${outcome.verdict}` : ""}`;
  box.dataset.verdict = outcome ? outcome.verdict : "";
  if (outcome) {
    box.replaceChildren(el("b", {}, `${VERDICTS[outcome.verdict] || outcome.verdict}: `),
      outcome.message || (outcome.verdict === "accepted" ? "that is the move." : ""),
      outcome.move && outcome.verdict !== "accepted" ? el("small", {class: "muted"}, ` (you tried: ${outcome.move.label})`) : null);
  }
}

function drawHint() {
  if (hint && hint.step !== view.step) hint = null;
  $("hint-button").hidden = view.done;
  const box = $("hint");
  box.hidden = !hint;
  if (!hint) return box.replaceChildren();
  box.replaceChildren(el("p", {class: "label"}, hint.moves.length > 1 ? "Hint: any of these moves" : "Hint: this step's move"),
    el("ol", {}, hint.moves.map((m) => el("li", {class: "best", "data-action": m.id}, m.label))));
  for (const m of hint.moves) {
    for (const node of document.querySelectorAll(`#lesson button[data-action="${m.id}"]`)) node.classList.add("hinted");
    // and the board things that name one of its parts (the unit to select, the die to keep...)
    for (const node of document.querySelectorAll("#board [data-pick]")) {
      if (picking.names(m, JSON.parse(node.dataset.pick))) node.classList.add("hinted");
    }
  }
}

function moveItem(a) {
  return el("li", {}, el("button", {type: "button", class: "move", "data-action": a.id, title: picking.kindText(a.kind), disabled: busy, onclick: () => attempt(a)}, a.label));
}

function drawMoves() {
  const legal = view.done ? [] : view.legal;
  const picks = picking.picks();
  $("picked").replaceChildren(...(picks.length ? [el("ol", {class: "legal matching", "aria-label": "moves that fit what you picked"}, picking.remaining().map(moveItem))] : []));
  $("legal").replaceChildren(...legal.map(moveItem));
}

function drawBoard() {
  const board = $("board");
  const drawGame = window.BOARDS[view.game];
  board.replaceChildren();
  const h = picking.boardHelpers(view);
  try {
    board.append(drawGame ? drawGame(view.observation, h) : el("pre", {}, JSON.stringify(view.observation, null, 1)));
  } catch (e) {  // a board that cannot draw this observation: the moves are still in the list
    board.append(el("p", {class: "error"}, `board: ${e.message}`));
  }
  const choose = picking.chooser();
  if (choose) board.prepend(choose);
  board.dataset.game = view.game;
}

function drawLog() {
  $("log-panel").hidden = !view.log.length;
  $("log").replaceChildren(...view.log.map((line) => el("li", {}, line)));
}

function draw() {
  if (!view) return;
  drawStep();
  drawBoard();
  drawMoves();
  drawLog();
  drawHint();  // last: it marks the hinted moves' buttons on the board's chooser and in the list
}

// -------------------------------------------------------------------------------------------------- start
async function start() {
  if (!game) {
    $("catalogue").hidden = false;
    await window.listTutorials($("tutorials"));
    return;
  }
  $("restart").hidden = false;
  $("rules-button").hidden = false;
  $("hint-button").onclick = askHint;
  $("restart").onclick = () => begin(true);
  $("rules-button").onclick = async () => {
    $("rules-text").textContent = await (await fetch(`/api/games/${encodeURIComponent(game)}/rules`)).text();
    $("rules").showModal();
  };
  try {
    const r = await fetch(`/api/tutorials/${encodeURIComponent(game)}/actions`);
    if (r.ok) decl = await r.json();  // without them, moves are made from the list only
  } catch (e) { /* the list still works */ }
  await begin(false);
}
start();

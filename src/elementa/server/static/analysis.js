// A finished table's analysis for this browser's seat: a win-chance chart (inline SVG), turning points,
// largest mistakes. The seat is the table's HttpOnly seat cookie; the server chooses the search's budget.
"use strict";
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").slice(-2)[0]);
const SVG = "http://www.w3.org/2000/svg";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const percent = (x) => `${Math.round(100 * x)}%`;
const moveNo = (d) => `move ${d.move + 1}`;

// The chart: the seat's win chance (0-100%) at each of its decisions, by move number; the largest mistakes
// are red dots, the turning points' swings thick segments. Every point has a tooltip (its <title>).
function chart(a) {
  const W = 720, H = 300, left = 44, right = 12, top = 12, bottom = 34;
  const last = Math.max(a.moves, ...a.decisions.map((d) => d.move + 1), 2);
  const x = (move) => left + ((move - 1) / (last - 1)) * (W - left - right);
  const y = (p) => top + (1 - p) * (H - top - bottom);
  const parts = [];
  for (const p of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(svg("line", {x1: left, x2: W - right, y1: y(p), y2: y(p), class: p === 0.5 ? "axis mid" : "axis"}));
    parts.push(svg("text", {x: left - 6, y: y(p) + 4, "text-anchor": "end", class: "tick"}, percent(p)));
  }
  const step = Math.max(1, Math.ceil(last / 10));
  for (let m = 1; m <= last; m += step) {
    parts.push(svg("text", {x: x(m), y: H - bottom + 16, "text-anchor": "middle", class: "tick"}, String(m)));
  }
  parts.push(svg("text", {x: (left + W - right) / 2, y: H - 4, "text-anchor": "middle", class: "tick"}, "move"));
  const points = a.decisions.map((d) => `${x(d.move + 1).toFixed(1)},${y(d.win_chance).toFixed(1)}`);
  parts.push(svg("polyline", {points: points.join(" "), class: "line"}));
  for (const t of a.turning_points) {
    parts.push(svg("line", {x1: x(t.before.move + 1), y1: y(t.before.win_chance), x2: x(t.after.move + 1), y2: y(t.after.win_chance), class: "turn"}));
  }
  const wrong = new Set(a.mistakes.map((m) => m.step));
  for (const d of a.decisions) {
    const tip = `${moveNo(d)}: ${percent(d.win_chance)} to win; played ${d.played.label}` + (d.loss ? ` (${Math.round(100 * d.loss)} points behind ${d.best.label})` : "");
    parts.push(svg("circle", {cx: x(d.move + 1), cy: y(d.win_chance), r: wrong.has(d.step) ? 5 : 2.5, class: wrong.has(d.step) ? "point mistake" : "point", "data-step": d.step}, svg("title", {}, tip)));
  }
  return svg("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "your estimated win chance at each of your decisions", id: "win-chart"}, parts);
}

function draw(a) {
  document.title = `Elementa — ${a.title} analysis`;
  $("title").textContent = `${a.title}: analysis for player ${a.seat + 1}`;
  const result = a.returns ? ` Your result: ${a.returns[a.seat]}.` : "";
  $("status").textContent = `${a.decisions.length} decisions of yours in ${a.moves} moves, each judged from what you could see.${result}`;
  $("chart").replaceChildren(a.decisions.length ? chart(a) : el("p", {}, "You had no choice to make in this game."));
  $("about").textContent = `The search's estimate of your win chance before each of your decisions (${a.iterations} searches each; red dots: your largest mistakes, thick lines: the turning points). Hover a dot for the move.`;
  $("turns").replaceChildren(...(a.turning_points.length ? a.turning_points.map((t) => {
    const change = Math.round(100 * (t.after.win_chance - t.before.win_chance));
    return el("li", {}, `${moveNo(t.before)} → ${moveNo(t.after)}: ${percent(t.before.win_chance)} → ${percent(t.after.win_chance)} (${change > 0 ? "+" : ""}${change} points)`);
  }) : [el("li", {class: "muted"}, "none: your win chance never moved by 10 points between two of your decisions")]));
  $("mistakes").replaceChildren(...(a.mistakes.length ? a.mistakes.map((m) => el("li", {},
    `${moveNo(m)}: you played ${m.played.label} (${percent(m.played_win_chance)}); the search's best: ${m.best.label} (${percent(m.best_win_chance)})`,
    el("br"), el("small", {class: "muted"}, m.reason))) : [el("li", {class: "muted"}, "none: no move of yours gave up 5 points of win chance against the search's best")]));
  document.body.dataset.ready = "true";
}

async function start() {
  $("back").setAttribute("href", `/table/${encodeURIComponent(tableId)}`);
  try {
    const r = await fetch(`/api/tables/${encodeURIComponent(tableId)}/analysis`, {credentials: "same-origin"});
    const body = await r.json();
    if (!r.ok) {
      const d = body.detail || {};
      $("status").textContent = "No analysis.";
      $("error").textContent = `${d.message || "the analysis failed"} (${d.code || r.status})`;
      return;
    }
    draw(body);
  } catch (e) {
    $("status").textContent = "No analysis.";
    $("error").textContent = `the server did not answer (${e.message})`;
  }
}
start();

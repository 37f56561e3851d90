// The lobby: create a table (seats: you, open, invite-only or a bot), list open tables, join one.
"use strict";
const $ = (id) => document.getElementById(id);
const BOTS = ["random", "greedy", "easy", "medium", "hard"];  // explained in index.html's #levels
let games = [];

async function api(path, body) {
  const r = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    const d = data.detail;
    throw new Error(typeof d === "string" ? d : d && d.message ? `${d.message} (${d.code})` : JSON.stringify(d));
  }
  return data;
}

function seatChoice(i) {
  const select = document.createElement("select");
  select.name = `seat${i}`;
  select.setAttribute("aria-label", `seat ${i + 1}`);
  const choices = [["me", "you"], ["open", "open to anyone"], ["reserved", "invite link"]];
  for (const b of BOTS) choices.push([`bot:${b}`, `computer: ${b}${b === "medium" ? " (the usual)" : ""}`]);
  for (const [value, text] of choices) select.add(new Option(text, value));
  select.value = i === 0 ? "me" : "bot:medium";
  const label = document.createElement("label");
  label.append(`Seat ${i + 1} `, select);
  return label;
}

function drawSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  while (box.children.length < n) box.append(seatChoice(box.children.length));
  while (box.children.length > n) box.lastChild.remove();
}

function drawGame() {
  const g = games.find((x) => x.name === $("game").value);
  $("summary").textContent = g.summary;
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  $("players").value = Math.min(Math.max(Number($("players").value), g.min_players), g.max_players);
  $("preset").length = 1;
  for (const name of Object.keys(g.presets)) $("preset").add(new Option(name, name));
  const box = $("options");
  box.replaceChildren();
  for (const o of g.options) {
    if (o.name === "players") continue;
    const input = document.createElement("input");
    input.name = o.name;
    input.placeholder = String(o.default);
    input.title = `${o.help} (allowed: ${o.allowed})`;
    const label = document.createElement("label");
    label.append(`${o.name} `, input);
    box.append(label);
  }
  drawSeats();
}

function optionValues(g) {
  const preset = g.presets[$("preset").value] || {};
  const options = {...preset};
  for (const input of $("options").querySelectorAll("input")) {
    if (input.value.trim() === "") continue;
    options[input.name] = input.value.trim();  // the server converts text as the command line does
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const g = games.find((x) => x.name === $("game").value);
  const picks = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const signedIn = Boolean(window.elementaAccount);
  const seats = picks.map((p) => p.startsWith("bot:") ? {kind: "bot", agent: p.slice(4)}
    : p === "me" ? {kind: "reserved", account: signedIn} : {kind: p});
  const body = {game: g.name, options: optionValues(g), seats, timeout: Number($("timeout").value)};
  if ($("deadline").value.trim() !== "") body.deadline_hours = Number($("deadline").value);
  if (signedIn && $("rated").checked) body.rated = true;
  if ($("practice").checked) {
    body.practice = true;
    if ($("seed").value.trim() !== "") body.seed = Number($("seed").value);
  }
  try {
    const table = await api("/api/tables", body);
    const mine = table.invites.find((i) => picks[i.seat] === "me");
    const others = table.invites.filter((i) => picks[i.seat] !== "me");
    if (mine) await api(`/api/tables/${table.id}/claim`, {code: mine.code});  // sets this seat's cookie
    const box = $("created");
    box.hidden = false;
    box.replaceChildren();
    const go = document.createElement("a");
    go.href = mine ? table.url : `${table.url}#watch`;
    go.textContent = mine ? "Go to your seat" : "Watch the table";
    box.append(go);
    for (const i of others) {
      const p = document.createElement("p");
      p.textContent = `Invite link for seat ${i.seat + 1}: ${location.origin}${i.url}`;
      box.append(p);
    }
    if (!others.length) location.href = go.href;  // leaving the lobby: no list to fetch
    else { listTables(); listMine(); }
  } catch (e) {
    $("error").textContent = e.message;
  }
}

function gameTitle(name) { return (games.find((g) => g.name === name) || {title: name}).title; }

function tableItem(t, joinable) {
  const li = document.createElement("li");
  li.dataset.game = t.game;
  const names = t.seats.map((s) => s.free ? "(free)" : s.name).join(", ");
  li.append(`${gameTitle(t.game)} — ${names} `);
  if (t.practice) li.append(Object.assign(document.createElement("span"), {className: "badge", textContent: "practice"}), " ");
  if (joinable) {
    const b = document.createElement("button");
    b.className = "small";
    b.textContent = "join";
    b.onclick = async () => {
      try {
        const seat = await api(`/api/tables/${t.id}/join`, {});
        location.href = seat.url;
      } catch (e) { $("error").textContent = e.message; }
    };
    li.append(b, " ");
  }
  const watch = document.createElement("a");
  watch.href = `/table/${t.id}#watch`;
  watch.textContent = "watch";
  li.append(watch);
  return li;
}

// The tables this browser holds a seat at (the server reads its seat cookies): back to your seat.
async function listMine() {
  const mine = await api("/api/tables/mine");
  $("mine").replaceChildren(...(mine.length ? mine.map((t) => {
    const li = document.createElement("li");
    const others = t.seats.filter((s) => s.seat !== t.seat).map((s) => s.free ? "(free seat)" : s.kind === "bot" ? `${s.name} (computer)` : s.name).join(", ");
    const go = Object.assign(document.createElement("a"), {href: `/table/${t.id}`, textContent: `${gameTitle(t.game)}: seat ${t.seat + 1}`});
    li.append(go, ` — ${t.status === "finished" ? "finished" : t.status === "open" ? "waiting for players" : "playing"}, with ${others}`);
    return li;
  }) : [Object.assign(document.createElement("li"), {className: "muted", textContent: "none: the tables you create or join are listed here"})]));
}

async function listTables() {
  // one page of the newest unfinished tables, in one request
  const tables = await api("/api/tables?status=open&status=playing&limit=50");
  const open = tables.filter((t) => t.status === "open");
  const playing = tables.filter((t) => t.status === "playing");
  $("tables").replaceChildren(...(open.length ? open.map((t) => tableItem(t, true)) : [Object.assign(document.createElement("li"), {textContent: "none yet: create one"})]));
  $("playing").replaceChildren(...playing.slice(0, 20).map((t) => tableItem(t, false)));
}

async function start() {
  games = await api("/api/games");
  for (const g of games) $("game").add(new Option(g.title, g.name));
  $("game").onchange = drawGame;
  $("players").onchange = drawSeats;
  $("create").onsubmit = create;
  $("refresh").onclick = listTables;
  drawGame();
  listTables();
  listMine();
}
start();

// The leaderboard page: /leaderboard?game=NAME lists a game's rated accounts, best first.
"use strict";
(() => {
  const byId = (id) => document.getElementById(id);

  function cell(text, href) {
    const td = document.createElement("td");
    if (href) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      td.append(a);
    } else td.textContent = text;
    return td;
  }

  async function draw() {
    const game = byId("game").value;
    history.replaceState(null, "", `/leaderboard?game=${encodeURIComponent(game)}`);
    const r = await fetch(`/api/leaderboard/${encodeURIComponent(game)}`);
    const rows = await r.json();
    if (!r.ok) { byId("error").textContent = rows.detail ? rows.detail.message : "error"; return; }
    byId("rows").replaceChildren(...rows.map((row) => {
      const tr = document.createElement("tr");
      tr.className = "leader";
      tr.append(cell(String(row.rank)), cell(row.username, `/user/${encodeURIComponent(row.username)}`),
        cell(row.rating.toFixed(2)), cell(row.mu.toFixed(2)), cell(row.sigma.toFixed(2)), cell(String(row.games)));
      return tr;
    }));
  }

  async function start() {
    const games = await (await fetch("/api/games")).json();
    for (const g of games) byId("game").add(new Option(g.title, g.name));
    const wanted = new URLSearchParams(location.search).get("game");
    if (wanted && games.some((g) => g.name === wanted)) byId("game").value = wanted;
    byId("game").addEventListener("change", draw);
    draw();
  }
  start();
})();

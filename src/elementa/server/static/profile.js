// A player's page: /user/NAME shows the account's rating per game and its finished games with replays.
"use strict";
(() => {
  const byId = (id) => document.getElementById(id);
  const name = decodeURIComponent(location.pathname.split("/").pop());

  function row(className, ...cells) {
    const tr = document.createElement("tr");
    tr.className = className;
    for (const c of cells) {
      const td = document.createElement("td");
      td.append(c);
      tr.append(td);
    }
    return tr;
  }

  function link(text, href) {
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    return a;
  }

  async function start() {
    const r = await fetch(`/api/users/${encodeURIComponent(name)}`);
    const p = await r.json();
    if (!r.ok) { byId("error").textContent = p.detail ? p.detail.message : "error"; return; }
    byId("name").textContent = p.username;
    document.title = `Elementa — ${p.username}`;
    byId("ratings").replaceChildren(...p.ratings.map((g) => row("rating",
      link(g.game, `/leaderboard?game=${encodeURIComponent(g.game)}`), g.rating.toFixed(2), g.mu.toFixed(2),
      g.sigma.toFixed(2), String(g.games))));
    byId("history").replaceChildren(...p.history.map((h) => row("game-result",
      new Date(`${h.finished}Z`).toLocaleString(), h.game, `${h.place} of ${h.players}`, h.rated ? "rated" : "unrated",
      h.rating === null ? "" : h.rating.toFixed(2), link("replay", h.replay))));
  }
  start();
})();

// Accounts in the lobby: sign up / in / out, and the tables where it is your turn.
// Sets window.elementaAccount to the signed-in username (or null) for lobby.js.
"use strict";
(() => {
  const byId = (id) => document.getElementById(id);
  window.elementaAccount = null;

  async function call(path, body) {
    const r = await fetch(path, body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) {
      const d = data.detail || {};
      const error = new Error(d.message ? `${d.message} (${d.code})` : `HTTP ${r.status}`);
      error.code = d.code;
      throw error;
    }
    return data;
  }

  function showSignedIn(name) {
    window.elementaAccount = name;
    byId("account-form").hidden = name !== null;
    byId("account-info").hidden = name === null;
    byId("turns-panel").hidden = name === null;
    byId("rated-box").hidden = name === null;
    if (name !== null) {
      const link = byId("account-name");
      link.textContent = name;
      link.href = `/user/${encodeURIComponent(name)}`;
      listTurns();
    }
  }

  async function listTurns() {
    const list = byId("turns");
    try {
      const turns = await call("/api/accounts/turns");
      list.replaceChildren(...turns.map((t) => {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = t.url;
        a.textContent = `${t.game} (seat ${t.seat + 1})`;
        li.append(a);
        if (t.deadline && t.since) {
          const due = new Date(Date.parse(`${t.since}Z`) + t.deadline * 1000);
          li.append(` — move by ${due.toLocaleString()}`);
        }
        return li;
      }));
      if (!turns.length) list.replaceChildren(Object.assign(document.createElement("li"), {textContent: "nothing waits for you"}));
    } catch (e) {
      list.replaceChildren();
    }
  }

  async function submit(path) {
    byId("account-error").textContent = "";
    try {
      const me = await call(path, {username: byId("username").value, password: byId("password").value});
      byId("password").value = "";
      showSignedIn(me.username);
    } catch (e) {
      byId("account-error").textContent = e.message;
    }
  }

  byId("account-form").addEventListener("submit", (event) => { event.preventDefault(); submit("/api/accounts/signin"); });
  byId("signup").addEventListener("click", () => submit("/api/accounts/signup"));
  byId("signout").addEventListener("click", async () => {
    await call("/api/accounts/signout", {});
    showSignedIn(null);
  });
  byId("turns-refresh").addEventListener("click", listTurns);
  call("/api/accounts/me").then((me) => showSignedIn(me.username), () => showSignedIn(null));
})();

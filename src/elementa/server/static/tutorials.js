// The list of tutorials (GET /api/tutorials) as links to their learn pages: the lobby's "Learn to play"
// and the learn page without a game both show it.
"use strict";
window.listTutorials = async (box) => {
  const r = await fetch("/api/tutorials");
  const tutorials = r.ok ? await r.json() : [];
  box.replaceChildren(...tutorials.map((t) => {
    const li = document.createElement("li");
    li.dataset.game = t.game;
    const a = Object.assign(document.createElement("a"), {href: `/learn/${encodeURIComponent(t.game)}`, textContent: t.game_title});
    a.className = "learn-game";
    const title = t.title.startsWith(`${t.game_title}: `) ? t.title.slice(t.game_title.length + 2) : t.title;
    li.append(a, `: ${title} (${t.steps} steps)`);
    return li;
  }));
};

// The lobby's "Learn to play" button shows and hides the list.
const learnButton = document.getElementById("learn-button");
if (learnButton) {
  learnButton.onclick = async () => {
    const panel = document.getElementById("learn-panel");
    panel.hidden = !panel.hidden;
    learnButton.setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) await window.listTutorials(document.getElementById("tutorials"));
  };
}

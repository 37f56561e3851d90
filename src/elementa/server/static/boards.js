// One board per game, drawn from the viewer's observation only (a JSON dict, see each game's
// observation() docstring). Each function returns a DOM node; a board element that is a thing a move's
// part may name is marked with pickable(node, {type, value}) (a part type and the value that names it;
// see picking.js). Names map to values with h.named(type, name); moves the board cannot pick are offered by
// picking.js's chooser. Games without a board fall back to a tree view.
"use strict";
window.BOARDS = {};

function section(h, title, ...children) {
  return h.el("section", {class: "part"}, h.el("h3", {}, title), ...children);
}

function facts(h, pairs) {
  return h.el("dl", {class: "facts"}, pairs.filter(([, v]) => v !== null && v !== undefined && v !== "")
    .map(([k, v]) => [h.el("dt", {}, k), h.el("dd", {}, String(v))]));
}

function events(h, title, lines) {
  return lines && lines.length ? section(h, title, h.el("ol", {class: "events"}, lines.slice(-8).map((l) => h.el("li", {}, l)))) : null;
}

function who(h, seat) {
  return seat === h.view.seat ? `${h.seatName(seat)} (you)` : h.seatName(seat);
}

// Whose turn it is, in the heading of a seat's area: "your turn" for the viewer's own seat.
function turnOf(h, seat) {
  return seat === h.view.seat ? " — your turn" : " — their turn";
}

// -------------------------------------------------------------------------------------------- ElementaliS
const ELEMENT_CLASS = {Fire: "fire", Water: "water", Earth: "earth", Air: "air", Sun: "sun", Moon: "moon", Ether: "ether"};

window.BOARDS.elementalis = (o, h) => {
  const dice = o.dice.map((d, i) => h.pickable(h.el("div", {
    class: ["die", ELEMENT_CLASS[d.face] || "blank", d.sun && "sun-die", d.held && "held", d.destroyed && "destroyed", d.charred && "charred"].filter(Boolean).join(" "),
    title: `die ${i + 1}${d.sun ? " (the Sun die)" : ""}${d.held ? ", held" : ""}${d.destroyed ? ", destroyed" : ""}${d.charred ? ", charred" : ""}`,
  }, h.el("small", {}, `${i + 1}`), d.face || "–"), {type: "die", value: i}));
  // an element chip: an element, or (in a mage's Pool) that mage's element
  const elements = (pool, seat, place) => h.el("div", {class: "mana", "data-place": place}, Object.entries(pool).map(([k, v]) => {
    const element = h.named("element", k);
    return h.pickable(h.el("span", {class: `chip ${ELEMENT_CLASS[k]}`, title: seat === undefined ? k : `${h.seatName(seat)}'s ${k}`}, `${k} ${v}`),
      seat !== undefined && element && [{type: "seat", value: seat}, element], element);
  }));
  const draft = o.phase.startsWith("draft") ? section(h, "Draft: the arcana", h.el("div", {class: "mana"},
    h.valuesOf("arcana").map((name, i) => h.pickable(h.el("span", {class: `chip ${ELEMENT_CLASS[name] || ""}`, title: name}, name), {type: "arcana", value: i})))) : null;
  const mages = o.players.map((p) => h.el("div", {class: ["mage", p.seat === o.active && "active", p.seat === o.viewer && "mine"].filter(Boolean).join(" ")},
    h.el("h4", {}, h.pickable(h.el("span", {title: h.seatName(p.seat)}, who(h, p.seat)), {type: "seat", value: p.seat}), p.seat === o.active ? (p.seat === h.view.seat ? " — you are rolling" : " — rolling") : ""),
    facts(h, [["Major", p.major], ["Minor", p.minor], ["type", p.type], ["Mana", p.total], ["colourless", p.colourless || null]]),
    h.el("div", {class: "label"}, "Pool"), elements(p.pool, p.seat, `Pool:${p.seat}:`),
    h.el("ul", {class: "spells"}, p.spells.map((s) => h.el("li", {}, h.pickable(h.el("span", {class: `spell ${ELEMENT_CLASS[s.arcana] || ""}`, title: `level ${s.level}, ${s.arcana}, costs ${s.cost} Mana`}, `${s.name}${s.cost === null ? "" : ` (${s.cost})`}${s.cast_this_turn ? " ✓" : ""}`), h.named("spell", s.name)))))));
  return h.el("div", {class: "elementalis"},
    facts(h, [["round", `${o.round} of ${o.rounds}`], ["phase", h.words(o.phase)], ["stage", o.stage && h.words(o.stage)], ["spell", spellText(h, o.pending_spell)], ["winners", o.winners && o.winners.map((s) => h.seatName(s)).join(", ")]]),
    draft,
    section(h, "Dice", h.el("div", {class: "dice"}, dice)),
    section(h, "Channel", elements(o.channel, undefined, o.players.map((p) => `Channel:${p.seat}:`).join(" "))),
    section(h, "Flux", elements(o.flux, undefined, "Flux::")),
    section(h, "Mages", h.el("div", {class: "mages"}, mages)),
    events(h, "Events", o.log));
};

// The spell being cast, in words: who casts what, paid as what, at what cost, on whose Mana.
function spellText(h, p) {
  if (!p) return null;
  const targets = (p.targets || []).map(([seat, element]) => `${h.seatName(seat)}'s ${element}`);
  return `${h.seatName(p.caster)} casts ${p.spell}${p.paid_as && p.paid_as !== p.spell ? ` (paid as ${p.paid_as})` : ""}, ${p.cost} Mana`
    + (targets.length ? `, on ${targets.join(" and ")}` : "");
}

// ------------------------------------------------------------------------------------ Elemental Warriors II
window.BOARDS["elemental-warriors-ii"] = (o, h) => {
  // a square's coins drawn as coins: a copper penny (1¢), a nickel (5¢), a dime (10¢), with how many
  const COINS = [["penny", "pennies", "1"], ["nickel", "nickels", "5"], ["dime", "dimes", "10"]];
  const coinWords = (cell) => cell.map((n, i) => n ? `${n} ${n > 1 ? COINS[i][1] : COINS[i][0]}` : null).filter(Boolean).join(", ");
  const coin = (i) => h.el("span", {class: `coin ${COINS[i][0]}`, "aria-hidden": "true"}, COINS[i][2]);
  const coins = (cell) => cell.map((n, i) => !n ? null : n <= 3 ? h.el("span", {class: "stack"}, Array.from({length: n}, () => coin(i)))
    : h.el("span", {class: "stack"}, coin(i), h.el("small", {"aria-hidden": "true"}, `×${n}`)));
  const sheet = (player) => {
    const mine = player.seat === h.view.seat;
    const column = (c) => ({type: "column", value: c});
    const head = h.el("tr", {}, h.el("th", {}, ""), Array.from({length: 10}, (_, c) => h.el("th", {}, mine ? h.pickable(h.el("span", {title: `column ${c + 1}`}, `${c + 1}`), column(c)) : `${c + 1}`)));
    // a square of your sheet is its row and column (a coin placed, paid, added), or its column alone
    const rows = player.sheet.map((cells, r) => h.el("tr", {}, h.el("th", {}, o.rows[r]),
      cells.map((cell, c) => { const td = h.el("td", {class: `cell ${o.rows[r].toLowerCase()}`, title: `${o.rows[r]} ${c + 1}${coinWords(cell) ? `: ${coinWords(cell)}` : ""}`, "data-place": `sheet:${player.seat}:${r * 10 + c}`}, coins(cell)); return mine ? h.pickable(td, [{type: "row", value: r}, column(c)], column(c)) : td; })));
    return h.el("table", {class: "sheet", "data-place": `sheet:${player.seat}:`}, h.el("thead", {}, head), h.el("tbody", {}, rows));
  };
  const players = o.players.map((p) => h.el("div", {class: ["warrior", p.seat === h.view.seat && "mine", p.out && "out"].filter(Boolean).join(" ")},
    h.el("h4", {}, h.pickable(h.el("span", {title: h.seatName(p.seat)}, who(h, p.seat)), {type: "seat", value: p.seat}), p.out ? " — out" : "", p.surrendered ? " (surrendered)" : ""),
    facts(h, [["change", `${p.change}¢`], ["pool", p.pool], ["cards in hand", p.hand_size], ["played", p.played], ["column", p.column === null ? null : p.column + 1], ["attack", p.attack], ["defense", p.defense], ["target", p.target === null ? null : h.seatName(p.target)], ["points", p.points]]),
    h.el("div", {class: "tokens"}, Object.entries(p.tokens).filter(([, v]) => v).map(([k, v]) => h.el("span", {class: "chip"}, `${k} ×${v}`))),
    p.hand ? h.el("div", {class: "hand"}, h.el("span", {class: "label"}, "hand "), p.hand.map((c) => h.pickable(h.el("span", {class: `card ${c.includes("♥") || c.includes("♦") ? "red" : ""}`, title: c}, c), h.named("card", c)))) : null,
    p.powers && p.powers.length ? h.el("ul", {class: "powers"}, p.powers.map((x) => h.el("li", {}, h.plain(x)))) : null,
    sheet(p)));
  return h.el("div", {class: "ew2"},
    facts(h, [["turn", o.turn], ["phase", h.words(o.phase)], ["your task", o.prompt], ["deck", o.deck_sizes.join(", ")], ["discard", o.discard_sizes.join(", ")]]),
    h.el("div", {class: "warriors-row"}, players),
    events(h, "Events", o.events));
};

// ------------------------------------------------------------------------------------------------ Elemenders
const UNIT_ICON = {fire: "F", water: "W", plant: "P"};
const TERRAIN = {" ": "plain", "~": "lava", "=": "river", "^": "forest"};

window.BOARDS.elemenders = (o, h) => {
  const at = {};
  for (const u of o.units) at[u.square] = {unit: u};
  for (const m of o.monoliths) at[m.square] = {...(at[m.square] || {}), monolith: m};
  const letters = "ABCDEFGHIJKLMNOP";
  // your monoliths, counted left to right (the mark kind's monolith part)
  const mine = o.monoliths.filter((m) => m.owner === h.view.seat).map((m) => m.square)
    .sort((a, b) => letters.indexOf(a[0]) - letters.indexOf(b[0]));
  const grid = h.el("div", {class: "grid", style: `grid-template-columns: repeat(${o.cols}, 1fr)`});
  for (let r = o.rows - 1; r >= 0; r--) {
    for (let c = 0; c < o.cols; c++) {
      const square = `${letters[c]}${r + 1}`;
      const terrain = TERRAIN[(o.terrain[r] || "")[c] || " "] || "plain";
      const here = at[square] || {};
      const cell = h.el("div", {class: `square ${terrain}`, title: `${square} ${terrain}`, "data-square": square, "data-place": `square::${r * o.cols + c}`});
      if (here.unit) {
        const u = here.unit;
        cell.append(h.el("span", {class: `unit ${u.element} owner${u.owner}${u.acted ? " acted" : ""}`, title: `${who(h, u.owner)}'s ${u.element} unit, health ${u.health}`}, UNIT_ICON[u.element] || u.element, h.el("sub", {}, String(u.health))));
      }
      if (here.monolith) {
        const m = here.monolith;
        const known = m.true === true ? " true-monolith" : m.true === false ? " decoy" : "";
        cell.append(h.el("span", {class: `monolith owner${m.owner}${known}${m.standing ? "" : " fallen"}`, title: `${who(h, m.owner)}'s monolith${m.true === true ? " (the true one)" : m.true === false ? " (a decoy)" : ""}${m.health !== null ? `, health ${m.health}` : ""}`}, m.standing ? "▲" : "✕", m.true === true ? "★" : ""));
      }
      cell.append(h.el("small", {class: "coord"}, square));
      const monolith = mine.indexOf(square) >= 0 ? {type: "monolith", value: mine.indexOf(square)} : null;
      grid.append(h.pickable(cell, {type: "square", value: r * o.cols + c}, {type: "column", value: c}, monolith));
    }
  }
  const toPlace = o.to_place.map((left, s) => Object.values(left).some((n) => n) ? `${h.seatName(s)}: ${Object.entries(left).filter(([, n]) => n).map(([k, n]) => `${n} ${k}`).join(", ")}` : null).filter(Boolean);
  return h.el("div", {class: "elemenders"},
    facts(h, [["phase", h.words(o.phase)], ["turn", `${o.turn} of ${o.max_turns || "∞"}`], ["to move", o.to_move >= 0 ? who(h, o.to_move) : null], ["acting unit", o.active], ["coin", o.last_flip], ["to place", toPlace.join("; ")], ["winner", o.winner === null ? null : who(h, o.winner)]]),
    h.el("p", {class: "legend"}, "units: F fire, W water, P plant (small number: health); ▲ monolith (★ the true one); ring colours: ", h.el("span", {class: "owner0"}, h.seatName(0)), " ", h.el("span", {class: "owner1"}, h.seatName(1)), "; terrain: ", h.el("span", {class: "key lava"}, "lava"), h.el("span", {class: "key river"}, "river"), h.el("span", {class: "key forest"}, "forest")),
    grid);
};

// -------------------------------------------------------------------------------------- Card-Dice Game
window.BOARDS["elemental-card-dice"] = (o, h) => {
  const card = (name, extra) => {
    const info = (o.cards || {})[name] || {};
    return h.pickable(h.el("div", {class: `card ${info.kind || ""}`, title: info.text || name},
      h.el("b", {}, name), info.cost !== undefined ? h.el("span", {class: "cost"}, ` ${info.cost}g`) : null,
      info.text ? h.el("small", {}, info.text) : null, extra || null), h.named("card", name));
  };
  const dice = Object.entries(o.dice).map(([name, value], i) => h.pickable(h.el("div", {class: `die ${name}`, title: `the ${name} die: ${value}`, "data-place": `dice::${i}`}, h.el("small", {}, name), pips(h, value)), h.named("die", name)));
  const shops = o.shops.map((s, i) => section(h, `${s.name} shop (${s.deck_size} in the deck)`, h.el("div", {class: "cards", "data-place": `shop::${i}`}, s.cards.map((c) => card(c)))));
  const zones = (seat) => ["gold", "health", "play", "passives", "face down", "discard"].map((z) => `${z}:${seat}:`).join(" ");
  const players = o.players.map((p, seat) => h.el("div", {class: ["player", seat === h.view.seat && "mine", seat === o.active && "active"].filter(Boolean).join(" "), "data-place": zones(seat)},
    h.el("h4", {}, h.pickable(h.el("span", {title: h.seatName(seat)}, who(h, seat)), {type: "seat", value: seat}), seat === o.active ? turnOf(h, seat) : ""),
    facts(h, [["health", p.health], ["gold", p.gold], ["hand", p.hand_size], ["deck", p.deck_size], ["discard", p.discard.length], ["hand limit", p.hand_limit]]),
    p.hand ? section(h, "Hand", h.el("div", {class: "cards"}, p.hand.map((c) => card(c)))) : null,
    p.known_hand && p.known_hand.length && !p.hand ? section(h, "Known cards in hand", h.el("div", {class: "cards"}, p.known_hand.map((c) => card(c)))) : null,
    p.face_down.length ? section(h, "Face down", h.el("div", {class: "cards"}, p.face_down.map((c) => c ? card(c) : h.el("div", {class: "card back"}, "face down")))) : null,
    p.passives.length ? section(h, "Passives", h.el("div", {class: "cards"}, p.passives.map((c) => card(c)))) : null));
  return h.el("div", {class: "card-dice"},
    facts(h, [["turn", `${o.turn} of ${o.turn_limit || "∞"}`], ["decision", decisionText(h, o.decision)], ["auction", auctionText(o.auction)],
      ["chain", o.chain.length ? o.chain.map((c) => `${c.card} (${h.seatName(c.player)}, from ${c.from})`).join(" → ") : null], ["winner", o.winner === null ? null : h.seatName(o.winner)]]),
    section(h, "Dice", h.el("div", {class: "dice"}, dice)),
    h.el("div", {class: "shops"}, shops),
    h.el("div", {class: "players"}, players),
    events(h, "Events", o.log));
};

// A die's face: its pips for 1 to 6 (the dots of a real die, on a 3 × 3 grid), else its number.
const PIPS = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8]};
function pips(h, value) {
  const at = PIPS[value];
  if (!at) return h.el("span", {class: "face"}, String(value));
  return h.el("span", {class: "pips", "aria-hidden": "true"}, Array.from({length: 9}, (_, k) => h.el("i", {class: at.includes(k) ? "pip" : null})));
}

// A pending Card-Dice decision in words: whose, what (the decision's kind in words), how many, which cards.
function decisionText(h, d) {
  if (!d) return null;
  if (typeof d === "string") return h.words(d);
  const rest = Object.fromEntries(Object.entries(d).filter(([k]) => !["kind", "player", "count", "cards", "deck_of"].includes(k)));
  return [d.player === undefined ? null : `${h.seatName(d.player)}:`, d.kind && h.words(d.kind), d.count > 1 ? `(${d.count})` : null,
    d.cards && d.cards.length ? `— ${d.cards.join(", ")}` : null, h.plain(rest) || null].filter(Boolean).join(" ");
}

function auctionText(a) {
  return a ? `${a.card} from the ${a.shop} shop, bid ${a.bid} gold${a.to_move ? ` (next: ${a.to_move})` : ""}` : null;
}

// ------------------------------------------------------------------------------------------------- Warriors
window.BOARDS.warriors = (o, h) => {
  // a card's printed numbers and text, from the server's card list (its sheet begins with the name)
  const stats = (name) => { const text = h.cardText(name); return text.startsWith(`${name} - `) ? text.slice(name.length + 3) : text; };
  // slots: your fighter's equipment by index, then its own ability, then the location's (the use kind's source)
  const mine = (f) => !f.beast && f.seat === h.view.seat;
  const slots = (h.parts("remove")[0] || {size: 0}).size;  // the use kind's source: slots, then these two
  const ability = {type: "slot", value: slots};
  const location = o.location ? h.pickable(h.el("span", {class: "chip", title: `the location's ability: ${h.cardText(o.location)}`}, `location: ${o.location}`), {type: "slot", value: slots + 1}) : null;
  const fighter = (f) => h.el("div", {class: ["fighter", f.beast ? "beast" : `owner${f.seat}`].join(" "), "data-place": `fighter::${f.id}`},
    h.el("h4", {}, h.pickable(h.el("span", {title: f.name}, f.name), {type: "combatant", value: f.id}, mine(f) && ability), f.beast ? " (Beast)" : ` — ${who(h, f.seat)}`),
    facts(h, [["durability", `${f.durability} / ${f.printed}`], ["protection", f.protection || null], ["hands", f.hands], ["charges", f.charges]]),
    f.text ? h.el("p", {class: "text"}, f.text) : null,
    h.el("ul", {class: "equipment"}, f.equipment.map((e, i) => h.el("li", {}, h.pickable(h.el("span", {title: e.text || ""},
      h.el("b", {}, e.name), ` ${e.type}`, e.max_damage ? `, max ${e.max_damage}` : "", e.protection ? `, protection ${e.protection}` : "",
      e.breakage !== null ? `, breaks ${e.breakage}%` : "", e.charges !== null ? `, ${e.charges} charges` : "", e.text ? ` — ${e.text}` : ""), mine(f) && {type: "slot", value: i})))));
  const players = o.players.map((p) => h.el("div", {class: ["player", p.seat === h.view.seat && "mine"].filter(Boolean).join(" ")},
    h.el("h4", {}, who(h, p.seat), ` — ${p.deck}`),
    facts(h, [["status", p.status], ["hand", p.hand_size], ["deck", p.deck_size], ["tokens", p.tokens], ["locations", p.locations.join(", ")], ["team", p.team], ["known in hand", p.seat !== h.view.seat && p.known_hand.length ? p.known_hand.join(", ") : null]])));
  const hand = o.hand ? section(h, "Your hand", h.el("div", {class: "cards"}, o.hand.map((c) => h.pickable(h.el("div", {class: "card", title: c}, h.el("b", {}, c), h.el("small", {}, stats(c))), h.named("card", c))))) : null;
  return h.el("div", {class: "warriors"},
    facts(h, [["battle", o.battle], ["phase", h.words(o.phase)], ["location", o.location], ["now", o.decision], ["turns", `${o.turns} of ${o.max_turns || "∞"}`],
      ["winner", o.result && o.result.map((r, s) => r === Math.max(...o.result) ? h.seatName(s) : null).filter(Boolean).join(", ")]]),
    location,
    h.el("div", {class: "players"}, players),
    section(h, "Fighters", h.el("div", {class: "fighters"}, o.fighters.map(fighter))),
    o.waiting_beasts && o.waiting_beasts.length ? section(h, "Beasts waiting", h.el("p", {}, o.waiting_beasts.map((b) => typeof b === "string" ? b : b.name || h.plain(b)).join(", "))) : null,
    hand,
    events(h, "Events", o.events));
};

// Picking moves from their parts, for any page that draws a board (boards.js) and offers legal moves:
// the table page (table.js) and the learn page (learn.js) use it, so both pick alike.
//
// Moves are picked from their parts, never their labels. Each legal move is Action.to_json:
// {id, kind, parts: {name: value or null}, label}; the declarations (a table's or a tutorial's
// /actions) declare each kind's parts: [{name, size, type, none, values}], and the cards' texts.
// A pick is {pairs: [{type, value, name?}], kind?, text}: what a click on the board or on the chooser named.
//
// Picking.create(ctx) makes one picker; ctx gives:
//   legal()       the moves that may be picked now ([] while none may, or before the declarations came)
//   decl()        the declarations, or null
//   play(move)    play a move (one legal move is left); false when it is not played yet (it waits for a
//                 confirmation): the picks then stay
//   redraw()      draw the page again (the picks changed)
//   seatName(i)   a seat's name
"use strict";
window.Picking = (() => {
  // ---------------------------------------------------------------------------------- DOM helpers
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

  // An identifier in words ("draft_major" reads "draft major").
  function words(name) { return String(name).split("_").join(" "); }

  // A value of the observation as words for a person: no braces, quotes or brackets.
  function plain(value) {
    if (value === null || value === undefined) return "";
    if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(", ");
    if (typeof value === "object") return Object.entries(value).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && !v.length))
      .map(([k, v]) => `${words(k)} ${plain(v)}`).join(", ");
    return typeof value === "string" ? words(value) : String(value);
  }

  const ONE_BASED = new Set(["die", "column", "choice", "slot", "monolith", "held", "combatant"]);
  const samePair = (a, b) => a.type === b.type && a.value === b.value && a.name === b.name;
  const samePick = (a, b) => a.kind === b.kind && JSON.stringify(a.pairs) === JSON.stringify(b.pairs);

  function create(ctx) {
    let picks = [];
    let things = [];  // the picks the board being drawn offers, for the chooser to know what the board shows

    const decl = () => ctx.decl();
    function partsOf(kind) { const d = decl(); return (d && d.kinds[kind]) || []; }

    // Whether a move has every pick: a pick's kind (when it names one) is the move's, and each of its pairs
    // names a distinct part of the move with that type (and name) and value. Pairs of one type take that
    // type's parts in order, so the first die clicked is a swap's first die and the second its other.
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

    function remaining(chosen = picks) { return ctx.legal().filter((m) => fits(m, chosen)); }

    // The picks after adding a board pick, or null when no legal move would fit them: the pick added, or
    // (when that fits nothing) the pick in place of the picks it includes (a column picked, then a square of it).
    function adding(chosen, a) {
      const added = [...chosen, a];
      if (remaining(added).length) return added;
      const within = (p) => p.kind === undefined && p.pairs.length < a.pairs.length && p.pairs.every((x) => a.pairs.some((y) => samePair(x, y)));
      const refined = [...chosen.filter((p) => !within(p)), a];
      return refined.length <= chosen.length && remaining(refined).length ? refined : null;
    }

    // The picks after a click on a board thing offering these alternatives, or null for a click that does
    // nothing: the first alternative that some legal move fits is added; else a picked thing is un-picked;
    // else the picks start again from the thing.
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
    // several alternatives, each one pair or an array of pairs named together. A click (or Enter, Space)
    // adds the first alternative that some legal move still fits; when one move is left it is played.
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
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", node.title || node.textContent);
        node.setAttribute("aria-pressed", picked ? "true" : "false");
        const go = (e) => { e.preventDefault(); e.stopPropagation(); pick(alts); };
        node.addEventListener("click", go);
        node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") go(e); });
      }
      return node;
    }

    function pick(alts) {
      const next = nextPicks(alts);
      if (!next) return;
      picks = next;
      const left = remaining();
      if (left.length === 1) play(left[0]);
      else ctx.redraw();
    }

    function play(move) {
      const before = picks;
      picks = [];
      if (ctx.play(move) === false) picks = before;
    }

    // A kind in words: the game's instruction for it (the declarations' texts), else its name.
    function kindText(kind) { const d = decl(); return (d && d.texts && d.texts[kind]) || words(kind); }

    function valueText(part, value) {
      if (value === null) return "none";
      if (part.values && part.values[value] !== undefined) return part.values[value];
      if (part.type === "seat") return ctx.seatName(value);
      return String(ONE_BASED.has(part.type) ? value + 1 : value);
    }

    // A move's kind and the parts not picked yet, for its button: "play" once its card is picked.
    function moveText(move) {
      const picked = assigned(move, picks) || new Set();
      const named = partsOf(move.kind).filter((p, i) => move.parts[p.name] !== null && !picked.has(i));
      return [kindText(move.kind), named.map((p) => `${p.name} ${valueText(p, move.parts[p.name])}`).join(", ")].filter(Boolean).join(": ");
    }

    // The chooser on the board: what the board cannot pick. For each kind among the moves left, the moves
    // that no click on the board narrows to: one of them is a button that plays it; several get one button
    // per value of the first part in which they differ (a choice, an amount, a layout, a unit type...).
    function chooser() {
      if (!ctx.legal().length) return null;
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
        rows.unshift(el("div", {class: "choose"}, single.map((m) => el("button", {type: "button", class: "small choice", "data-action": m.id, onclick: () => play(m)}, m.label || moveText(m)))));
      }
      if (picks.length) {
        rows.unshift(el("div", {class: "choose picks"}, el("span", {class: "label"}, `picked: ${picks.map((p) => p.text).join(" + ")} `),
          el("button", {type: "button", class: "small", id: "clear-picks", onclick: () => { picks = []; ctx.redraw(); }}, "clear")));
      }
      return rows.length ? el("div", {id: "chooser", class: "chooser"}, rows) : null;
    }

    function pickChoice(p) {
      picks = [...picks, p];
      const left = remaining();
      if (left.length === 1) play(left[0]);
      else ctx.redraw();
    }

    // The value a thing's name has in a part of this type (a card's id from its name), or null.
    function valueOf(type, name) {
      const d = decl();
      for (const parts of Object.values(d ? d.kinds : {})) {
        for (const p of parts) {
          const i = p.type === type && p.values ? p.values.indexOf(name) : -1;
          if (i >= 0) return i;
        }
      }
      return null;
    }

    // The names of a part type's values (the draft's arcana), or [].
    function valuesOf(type) {
      const d = decl();
      for (const parts of Object.values(d ? d.kinds : {})) for (const p of parts) if (p.type === type && p.values) return p.values;
      return [];
    }

    // A pair for pickable() naming a thing by its name, or null when no part names it (nothing to pick).
    function named(type, name) {
      const value = valueOf(type, name);
      return value === null ? null : {type, value};
    }

    const cardText = (name) => { const d = decl(); return (d && d.cards[name]) || ""; };

    // The helpers a board of boards.js draws with (its `h`), for a view: a new board offers new things.
    function boardHelpers(view) {
      things = [];
      return {view, el, pickable, seatName: ctx.seatName, named, valuesOf, cardText, parts: partsOf, words, plain};
    }

    // Whether a move has the parts a page element's data-pick names: a board thing's alternatives (an
    // array of arrays of pairs: any of them) or a chooser button's pick ({kind, pairs}).
    function names(move, data) {
      return Array.isArray(data) ? data.some((pairs) => fits(move, [{pairs}])) : fits(move, [data]);
    }

    return {
      boardHelpers, chooser, remaining, nextPicks, kindText, moveText, partsOf, names,
      picks: () => picks,
      reset: () => { picks = []; },
    };
  }

  return {el, words, plain, create};
})();

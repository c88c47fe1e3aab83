// The replay viewer: rebuilds the table at step i from the start of the chosen seat's view.
"use strict";
(function () {
  const game = JSON.parse(document.getElementById("game").textContent);
  const $ = (id) => document.getElementById(id);
  let view = game.views[$("seat").value], step = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function stateAt(n) {
    const zones = {}, values = {}, names = {};
    let current = null;
    for (const z of game.zones) zones[z.key] = { ids: [], hidden: 0 };
    for (const [key, slot] of Object.entries(view.init)) {
      zones[key] = zones[key] || { ids: [], hidden: 0 };
      zones[key].ids = slot.ids.slice();
      zones[key].hidden = slot.hidden;
    }
    for (let i = 0; i < n; i++) {
      const s = view.steps[i];
      if (s.m) {
        const [froms, to, seen, after] = s.m;
        seen.forEach((id, j) => {
          const from = zones[froms[j] || ""];
          if (from) {
            const at = id === null ? -1 : from.ids.indexOf(id);
            if (at >= 0) from.ids.splice(at, 1); else if (from.hidden > 0) from.hidden--;
          }
          const dest = zones[to] || (zones[to] = { ids: [], hidden: 0 });
          if (after[j] === null) dest.hidden++; else dest.ids.push(after[j]);
        });
      } else if (s.s) {
        for (const [owner, name, value] of s.s) (values[owner] = values[owner] || {})[name] = value;
      } else if (s.k === "character") {
        names[s.p[0]] = s.p[1];
      } else if (s.k === "turn") {
        current = s.p[1];
      }
    }
    return { zones, values, names, current, out: outAt(n) };
  }

  function outAt(n) {
    const out = new Set();
    for (let i = 0; i < n; i++) if (view.steps[i].k === "out") out.add(view.steps[i].p[0]);
    return out;
  }

  function zoneLine(z, slot) {
    const row = el("div", "zone");
    row.append(el("b", "", z.name));
    let cards = el("span", "cards");
    if (z.visibility === "hidden" && slot.ids.length > 8) {
      // A hidden pile seen whole (the everyone view): folded, and by id, since its order is not logged.
      const fold = el("details", "cards");
      fold.append(el("summary", "", slot.ids.length + " cards (by id; their order is not logged)"));
      row.append(fold);
      cards = fold;
    }
    for (const id of slot.ids) cards.append(el("span", "", game.cards[id] + "#" + id));
    if (slot.hidden) cards.append(el("span", "down", slot.hidden + " face down"));
    if (!slot.ids.length && !slot.hidden) cards.append(el("i", "", "empty"));
    if (cards.parentNode !== row) row.append(cards);
    return row;
  }

  function drawTable(st) {
    const table = $("table");
    table.replaceChildren();
    const common = el("div", "seat");
    common.append(el("h3", "", "table"));
    for (const z of game.zones) if (z.owner === null) common.append(zoneLine(z, st.zones[z.key]));
    const tv = st.values.table || {};
    const vals = el("div", "values");
    for (const [k, v] of Object.entries(tv)) vals.append(el("span", "", k + " " + v));
    common.append(vals);
    table.append(common);
    for (let seat = 0; seat < game.players; seat++) {
      const ref = "P" + seat;
      const box = el("div", "seat" + (st.current === ref ? " current" : ""));
      if (st.out.has(ref)) box.classList.add("out");
      box.append(el("h3", "", ref + (st.names[ref] ? " · " + st.names[ref] : "") + (view === game.views[String(seat)] ? " (you)" : "")));
      const pv = el("div", "values");
      for (const [k, v] of Object.entries(st.values[ref] || {})) pv.append(el("span", "", k + " " + v));
      box.append(pv);
      for (const z of game.zones) if (z.owner === seat) box.append(zoneLine(z, st.zones[z.key]));
      table.append(box);
    }
  }

  function drawLog(n) {
    const log = $("log");
    log.replaceChildren();
    let now = null;
    for (let i = 0; i < n; i++) {
      const t = view.steps[i].t;
      if (!t) continue;
      now = el("div", "", t);
      log.append(now);
    }
    if (now) {               // scroll the log alone (scrollIntoView would scroll the page as well)
      now.className = "now";
      log.scrollTop = Math.max(0, now.offsetTop + now.offsetHeight - log.clientHeight);
    }
  }

  function show(n) {
    step = Math.max(0, Math.min(view.steps.length, n));
    $("slider").max = view.steps.length;
    $("slider").value = step;
    $("where").textContent = "step " + step + " / " + view.steps.length;
    drawTable(stateAt(step));
    drawLog(step);
  }

  $("first").onclick = () => show(0);
  $("back").onclick = () => show(step - 1);
  $("forward").onclick = () => show(step + 1);
  $("last").onclick = () => show(view.steps.length);
  $("slider").oninput = (e) => show(Number(e.target.value));
  $("seat").onchange = (e) => { view = game.views[e.target.value]; show(step); };
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT") return;
    if (e.key === "ArrowRight") show(step + 1);
    else if (e.key === "ArrowLeft") show(step - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(view.steps.length);
  });
  const hash = Number(location.hash.slice(1));
  show(Number.isFinite(hash) && hash > 0 ? hash : 0);
  window.replayStep = () => step;
})();

// The table's page: one WebSocket per seat it holds (several for a hot seat), each frame drawn as it
// comes. It knows no game: zones, players, values and options are drawn from the frame as they are.
"use strict";
(function () {
  const boot = JSON.parse(document.getElementById("boot").textContent);
  const seats = {};          // key -> {seat, token, ws, frame, lines, tools}
  let shown = null;

  const $ = (id) => document.getElementById(id);
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  let texts = {};            // the pack's printed and rules texts, for the hover (GET /texts/TOKEN)
  if (!boot.replay) fetch("/texts/" + boot.seats[0].token).then((r) => r.json()).then((t) => {
    texts = t;
    const s = seats[shown];
    if (s && s.frame) draw(s);
  }).catch(() => {});
  function about(kind, name) {
    const t = (texts[kind] || {})[name];
    if (!t) return "";
    const rules = Object.entries(t.rules || {}).map(([lang, text]) => lang + ": " + text).join("\n");
    return [t.label + " " + name, t.printed, rules].filter(Boolean).join("\n\n");
  }
  const keyOf = (seat) => (seat === null ? "watch" : String(seat));
  const value = (v) => (v === null ? "none" : Array.isArray(v) ? "[" + v.map(value).join(", ") + "]" : String(v));

  function connect(s) {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(proto + "://" + location.host + "/ws/" + s.token);
    s.ws = ws;
    ws.onopen = () => status("connected");
    ws.onmessage = (e) => receive(s, JSON.parse(e.data));
    ws.onclose = () => { status("reconnecting…"); setTimeout(() => connect(s), 1000); };
  }

  function receive(s, msg) {
    if (msg.type === "hello") { s.tools = msg.tools; return; }
    if (msg.type === "refused") { status("refused: " + msg.reason); return; }
    if (msg.type === "accepted") {
      status(msg.take_back ? "taken back" : msg.bot === true ? "a bot plays this seat" : msg.bot === false ? "your seat" : "");
      return;
    }
    if (msg.type !== "frame") return;
    if (msg.log.from === 0) s.lines = [];
    s.lines.push(...msg.log.lines);
    s.frame = msg;
    s.newLines = msg.log.lines.length;
    drawSeats();
    if (keyOf(s.seat) === shown) draw(s);
  }

  function status(text) { $("status").textContent = text; }

  function send(s, data) {
    if (s.ws && s.ws.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify(data));
  }

  function drawSeats() {
    const nav = $("seats");
    nav.replaceChildren();
    const list = Object.values(seats);
    if (list.length < 2) return;
    for (const s of list) {
      const b = el("button", "seat-tab", s.seat === null ? "watch" : "P" + s.seat);
      if (s.frame && s.frame.decision) b.textContent += " ●";
      if (keyOf(s.seat) === shown) b.classList.add("on");
      b.onclick = () => { shown = keyOf(s.seat); drawSeats(); if (s.frame) draw(s); };
      nav.append(b);
    }
  }

  function card(c) {
    if (c.back) return el("span", "card back", "🂠");
    const e = el("span", "card");
    e.append(el("span", "label", c.label), el("span", "face", c.face));
    const shownAttrs = c.shown ? Object.entries(c.shown).map(([k, v]) => k + " " + value(v)).join(" · ") : "";
    const kind = c.face.replace(/[^A-Za-z0-9_].*$/, "");
    e.title = c.label + " " + c.face + (shownAttrs ? " — " + shownAttrs : "") +
      (about("card", kind) ? "\n\n" + about("card", kind) : "");
    if (c.of) e.title += " (as " + c.of.map((o) => (o.back ? "a card" : o.face)).join(", ") + ")";
    return e;
  }

  function zone(z) {
    const e = el("div", "zone " + z.visibility);
    e.dataset.zone = z.name;
    e.append(el("span", "zone-name", z.name + " (" + z.size + ")"));
    const cards = el("span", "cards");
    for (const c of z.cards) if (!c.back) cards.append(card(c));
    if (z.hidden) { const b = card({ back: true }); b.textContent = "🂠 ×" + z.hidden; cards.append(b); }
    e.append(cards);
    return e;
  }

  // The values the pack shows (`show player`, `show character`) first; of the others, those set.
  const unset = (x) => x === null || x === false || x === 0 || x === "" || (Array.isArray(x) && !x.length);
  function values(v, shown) {
    const e = el("div", "values");
    for (const k of shown || []) if (k in v) e.append(el("span", "value shown", k + ": " + value(v[k])));
    for (const [k, x] of Object.entries(v)) {
      if (!(shown || []).includes(k) && !unset(x)) e.append(el("span", "value", k + ": " + value(x)));
    }
    return e;
  }

  function draw(s) {
    const f = s.frame;
    const me = f.seat;
    // the table
    const t = $("table");
    t.replaceChildren();
    const head = el("div", "turn");
    head.textContent = "turn " + f.turn + " · round " + f.round + (f.phase ? " · " + f.phase : "") +
      (f.current !== null ? " · P" + f.current + "'s turn" : "") + (me === null ? " · watching" : " · you are P" + me);
    t.append(head, values(f.v));
    for (const z of f.zones) t.append(zone(z));
    // the players, this seat's first
    const ps = $("players");
    ps.replaceChildren();
    const order = f.players.slice().sort((a, b) => (b.seat === me) - (a.seat === me));
    for (const p of order) {
      const box = el("article", "player" + (p.seat === me ? " me" : "") + (p.alive ? "" : " out") +
        (p.seat === f.current ? " current" : "") + (p.seat === f.asked ? " asked" : ""));
      box.dataset.seat = p.seat;
      const name = "P" + p.seat + (p.label !== "P" + p.seat ? " · " + p.label + " " + p.name : "");
      const h = el("h3", "", (p.seat === f.current ? "▶ " : "") + name + (p.alive ? "" : " ✝"));
      h.title = about("character", p.name);
      box.append(h);
      box.append(values(p.v, f.shown));
      if (p.skills.length) {
        const sk = el("div", "skills");
        for (const name of p.skills) {
          const label = (texts.skill && texts.skill[name]) ? texts.skill[name].label + " " + name : name;
          const span = el("span", "skill", label);
          span.title = about("skill", name);
          sk.append(span);
        }
        box.append(sk);
      }
      for (const z of p.zones) if (z.size || z.visibility !== "hidden") box.append(zone(z));
      ps.append(box);
    }
    drawDecision(s);
    drawOver(f);
    const hand = $("hand-over");
    hand.hidden = me === null || !!f.over || !!boot.replay;
    hand.textContent = f.by_bot ? "Take this seat back" : "Let a bot play this seat";
    hand.onclick = () => send(s, { type: "bot", on: !f.by_bot });
    // tools
    $("tools").hidden = !f.tools;
    if (f.tools) {
      $("save-log").href = "/file/" + s.token + "/game.log";
      $("save-moment").href = "/file/" + s.token + "/moment.spell";
      $("take-back").onclick = () => send(s, { type: "take_back" });
    }
    // the log
    const pre = $("lines");
    pre.textContent = s.lines.join("\n");
    pre.scrollTop = pre.scrollHeight;
  }

  function drawOver(f) {
    const o = $("over");
    o.hidden = !f.over;
    if (!f.over) return;
    const who = f.over.winners.length ? f.over.winners.map((w) => "P" + w).join(", ") : "nobody";
    o.textContent = f.over.reason === "error" ? "The game stopped: " + f.over.error
      : f.over.reason === "win" ? "Game over: " + who + " won" : "Game over: no winner (" + f.over.reason + ")";
  }

  function drawDecision(s) {
    const box = $("decision");
    box.replaceChildren();
    const d = s.frame.decision;
    box.dataset.id = d ? d.id : "";
    box.dataset.kind = d ? d.kind : "";
    box.dataset.min = d ? d.min : "";
    if (!d) {
      if (s.frame.seat !== null && !s.frame.over && !boot.replay) {
        box.append(el("p", "waiting", s.frame.by_bot ? "a bot plays this seat" : "waiting for P" + s.frame.asked + "…"));
      }
      return;
    }
    box.append(el("h2", "prompt", d.prompt));
    const opts = el("div", "options");
    const answer = (a) => send(s, { type: "answer", seat: s.frame.seat, decision: d.id, answer: a });
    if (d.kind === "many") {
      const picked = new Set();
      const done = el("button", "done", "");
      const update = () => {
        done.textContent = "done (" + picked.size + ", choose " + (d.min === d.max ? d.min : d.min + "–" + d.max) + ")";
        done.disabled = picked.size < d.min || picked.size > d.max;
      };
      d.options.forEach((o, i) => {
        const b = option(o);
        b.setAttribute("aria-pressed", "false");
        b.onclick = () => {
          if (picked.has(i)) picked.delete(i); else picked.add(i);
          b.setAttribute("aria-pressed", String(picked.has(i)));
          update();
        };
        opts.append(b);
      });
      done.onclick = () => answer([...picked].sort((a, b) => a - b));
      update();
      box.append(opts, done);
      return;
    }
    d.options.forEach((o, i) => {
      const b = option(o);
      b.onclick = () => answer(i);
      b.disabled = !!boot.replay;             // a replay shows what was asked; it answers nothing
      opts.append(b);
    });
    box.append(opts);
  }

  function option(o) {
    const b = el("button", "option" + (o.pass ? " pass" : ""));
    b.type = "button";
    if (o.card) b.append(card(o.card));
    if (!o.card || o.card.back || o.label !== o.card.face) b.append(el("span", "option-label", o.label));
    if (o.skill) b.title = about("skill", o.skill);
    if (o.targets) b.append(el("span", "targets", "→ " + o.targets.map((t) => "P" + t).join(", ")));
    return b;
  }

  // A replay (`spellcard replay LOG --html OUT --table`): the frames are in the page; step through them.
  function replay(entry, data) {
    const steps = data.steps;
    const slider = $("step");
    slider.max = String(steps.length - 1);
    $("steps").hidden = false;
    status("replay");
    let at = 0;
    const go = (i) => {
      at = Math.max(0, Math.min(steps.length - 1, i));
      const step = steps[at];
      entry.frame = Object.assign({}, step, { log: { from: 0, lines: [] } });
      entry.lines = data.lines.slice(0, step.log_count);
      slider.value = String(at);
      $("step-label").textContent = "step " + (at + 1) + " of " + steps.length + " · turn " + step.turn;
      history.replaceState(null, "", "#" + at);
      draw(entry);
    };
    const turn = (dir) => {
      let i = at + dir;
      while (i > 0 && i < steps.length - 1 && steps[i].turn === steps[at].turn) i += dir;
      go(i);
    };
    $("first").onclick = () => go(0);
    $("last").onclick = () => go(steps.length - 1);
    $("prev").onclick = () => go(at - 1);
    $("next").onclick = () => go(at + 1);
    $("prev-turn").onclick = () => turn(-1);
    $("next-turn").onclick = () => turn(1);
    slider.oninput = () => go(Number(slider.value));
    document.addEventListener("keydown", (e) => {
      const keys = { ArrowLeft: () => go(at - 1), ArrowRight: () => go(at + 1), Home: () => go(0),
        End: () => go(steps.length - 1), PageUp: () => turn(-1), PageDown: () => turn(1) };
      if (keys[e.key] && e.target.tagName !== "INPUT") { e.preventDefault(); keys[e.key](); }
    });
    go(Number(location.hash.slice(1)) || 0);
  }

  for (const s of boot.seats) {
    const entry = { seat: s.seat, token: s.token, lines: [], frame: null };
    seats[keyOf(s.seat)] = entry;
    if (shown === null) shown = keyOf(s.seat);
    if (boot.replay) replay(entry, boot.replay); else connect(entry);
  }
})();

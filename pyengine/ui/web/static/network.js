// The Network pane: one rule's Rete network as the server lays it out
// (GET /api/sessions/ID/network?rule=NAME), drawn as SVG. Alpha nodes (a pattern's
// memory) along the top, the joins below them in CLIPS's order (not, exists, forall
// marked), the terminal (the activations) last. After every action the pane asks again
// and marks what changed since the snapshot before, node by node (ids are stable):
// green for a memory that gained facts or tokens, red and struck for one that lost
// some. Clicking a node lists what it holds; a fact id there shows the fact.
// Every text is set with textContent; the SVG namespace is the one the page's own
// <svg> element has (no address written here).
"use strict";
const NetworkPane = {
  W: 180, H: 56, GAP: 22, ROW: 86,       // a node's box, the space between, a row
  sid: null, rule: null, chosen: false, rules: [], prev: null, now: null, shown: null, asked: 0,

  ns() { return $("network-svg").namespaceURI; },
  svg(tag, attrs, text) {
    const e = document.createElementNS(this.ns(), tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text != null) e.textContent = text;
    return e;
  },

  init() {
    $("network-rule").onchange = () => {
      this.rule = $("network-rule").value; this.chosen = true; this.prev = null; this.load();
    };
    document.addEventListener("pyengine-layout", () => { if (!this.hidden() && UI.state) this.refresh(UI.state); });
  },
  hidden() { const p = $("network"); return !p || p.hidden; },

  // After each state the page draws: the same rule again (the one chosen, else the
  // one at the top of the agenda, else the one that fired last, else the first).
  // It waits for the page's turn to end (an open reads the new session's rules last).
  async refresh(st) {
    if (this.hidden() || !st) return;
    await Promise.all([UI.ready, UI.queue]).catch(() => {});   // the page says what failed
    if (st !== UI.state) return;                 // a later state came meanwhile
    if (st.id !== this.sid) {
      Object.assign(this, {sid: st.id, rule: null, chosen: false, prev: null, now: null, shown: null});
    }
    this.rules = UI.rules.map(r => r.name);
    if (!this.chosen) this.rule = this.defaultRule(st);
    this.fillPicker();
    await this.load();
  },
  defaultRule(st) {
    if (st.agenda.length && this.rules.includes(st.agenda[0].rule)) return st.agenda[0].rule;
    const last = st.last.length ? st.last[st.last.length - 1].rule : null;
    if (last && this.rules.includes(last)) return last;
    return this.rule && this.rules.includes(this.rule) ? this.rule : (this.rules[0] || null);
  },
  fillPicker() {
    const sel = $("network-rule");
    if (sel.options.length !== this.rules.length || [...sel.options].some((o, i) => o.value !== this.rules[i])) {
      sel.textContent = "";
      this.rules.forEach(r => sel.append(el("option", {value: r, text: r})));
    }
    if (this.rule) sel.value = this.rule;
  },

  // Ask for the rule's network; an answer overtaken by a later question is dropped.
  async load() {
    if (!this.rule || !this.sid) return;
    const asked = ++this.asked, rule = this.rule;
    await UI.guard(async () => {
      const net = await UI.call("GET", `/api/sessions/${this.sid}/network?rule=${encodeURIComponent(rule)}`);
      if (asked !== this.asked) return;
      const nodes = net.rules.length ? net.rules[0].nodes : [];
      this.prev = this.now && this.now.rule === rule ? this.now : null;
      this.now = {rule, nodes: new Map(nodes.map(n => [n.id, n]))};
      this.draw(nodes, this.changes(nodes));
      $("network-of").textContent = rule + (net.rules.length && net.rules[0].listed ? " (as CLIPS lists it)" : "");
    });
  },

  // What each node gained and lost since the snapshot before (by node id).
  changes(nodes) {
    const out = new Map();
    if (!this.prev) return out;
    nodes.forEach(n => {
      const before = this.prev.nodes.get(n.id);
      if (!before) return;
      const was = new Set(itemsOf(before)), is = new Set(itemsOf(n));
      const gained = [...is].filter(k => !was.has(k)), lost = [...was].filter(k => !is.has(k));
      out.set(n.id, {gained: gained.length || (n.count > before.count ? n.count - before.count : 0),
                     lost, lostCount: lost.length || (n.count < before.count ? before.count - n.count : 0)});
    });
    return out;
  },

  draw(nodes, changes) {
    const box = $("network-svg"), place = this.layout(nodes);
    box.textContent = "";
    box.append(this.defs());
    const cols = Math.max(1, ...[...place.values()].map(p => p.col + 1));
    const rows = Math.max(1, ...[...place.values()].map(p => p.row + 1));
    box.setAttribute("width", cols * (this.W + this.GAP) + this.GAP);
    box.setAttribute("height", rows * this.ROW + this.GAP);
    box.setAttribute("data-fired", UI.state ? UI.state.fired : 0);   // the state it shows
    nodes.forEach(n => n.inputs.forEach((from, i) => {
      const negated = i > 0 && !["join", "terminal"].includes(n.kind);     // a not's right input
      if (place.has(from)) box.append(this.edge(place.get(from), place.get(n.id), negated));
    }));
    nodes.forEach(n => box.append(this.node(n, place.get(n.id), changes.get(n.id))));
    const open = this.shown && this.now.nodes.get(this.shown);
    if (open) this.list(open, changes.get(this.shown)); else $("network-items").textContent = "";
  },

  // Rows: the alpha nodes on top, each join one row below the lowest of its inputs,
  // the terminal under all. Columns: an alpha node's pattern number; a join takes its
  // right input's column (the next free one in its row).
  layout(nodes) {
    const place = new Map(), taken = new Set();
    const put = (id, row, col) => {
      while (taken.has(`${row}:${col}`)) col++;
      taken.add(`${row}:${col}`); place.set(id, {row, col});
    };
    nodes.filter(n => n.kind === "alpha").forEach((n, i) => put(n.id, 0, i));
    nodes.filter(n => n.kind !== "alpha").forEach(n => {
      const ins = n.inputs.filter(i => place.has(i)).map(i => place.get(i));
      const row = ins.length ? Math.max(...ins.map(p => p.row)) + 1 : 1;
      const col = ins.length ? ins[ins.length - 1].col : 0;
      put(n.id, row, n.kind === "terminal" && ins.length > 1 ? Math.min(...ins.map(p => p.col)) : col);
    });
    return place;
  },
  at(p) { return {x: this.GAP + p.col * (this.W + this.GAP), y: this.GAP / 2 + p.row * this.ROW}; },

  defs() {
    const defs = this.svg("defs"), marker = this.svg("marker", {id: "net-arrow", viewBox: "0 0 10 10",
      refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse"});
    marker.append(this.svg("path", {d: "M 0 0 L 10 5 L 0 10 z", class: "net-arrowhead"}));
    defs.append(marker);
    return defs;
  },
  // From the bottom of one box to the top of the other, leaving and arriving upright.
  edge(from, to, negated) {
    const a = this.at(from), b = this.at(to), x1 = a.x + this.W / 2, y1 = a.y + this.H;
    const x2 = b.x + this.W / 2, y2 = b.y, bend = Math.min(40, (y2 - y1) / 2);
    return this.svg("path", {d: `M ${x1} ${y1} C ${x1} ${y1 + bend} ${x2} ${y2 - bend} ${x2} ${y2}`,
      class: "net-edge" + (negated ? " negated" : ""), "marker-end": "url(#net-arrow)"});
  },

  node(n, p, change) {
    const {x, y} = this.at(p), short = n.id.slice(n.id.lastIndexOf("/") + 1);
    const cls = ["net-node", "kind-" + n.kind];
    if (change && change.gained) cls.push("gained");
    if (change && change.lostCount) cls.push("lost");
    const g = this.svg("g", {class: cls.join(" "), transform: `translate(${x},${y})`, tabindex: 0,
      "data-node": n.id, role: "button"});
    g.append(this.svg("title", {}, `${short} ${n.kind}: ${n.label}\n${describe(n)}`));
    g.append(this.svg("rect", {width: this.W, height: this.H, rx: n.kind === "alpha" ? 3 : 10}));
    const kind = n.kind === "alpha" ? "pattern" : n.kind, label = n.kind === "alpha" ? n.label
      : n.kind === "terminal" ? n.label : "CEs " + n.label;
    g.append(this.svg("text", {x: 6, y: 15, class: "net-head"}, `${short} ${kind}`));
    g.append(this.svg("text", {x: 6, y: 31, class: "net-label"}, clip(label, 28)));
    g.append(this.count(n, change));
    const open = () => { this.shown = n.id; this.list(n, change); };
    g.addEventListener("click", open);
    g.addEventListener("keydown", ev => { if (ev.key === "Enter") { ev.stopPropagation(); open(); } });
    return g;
  },

  // "3 facts", then what it gained (+1, green) and lost (-2, red, struck) since before.
  count(n, change) {
    const text = this.svg("text", {x: 6, y: 48, class: "net-count"}, describe(n));
    if (!change) return text;
    if (change.gained) text.append(this.svg("tspan", {class: "net-gained"}, ` +${change.gained}`));
    if (change.lostCount) text.append(this.svg("tspan", {class: "net-lost"}, ` \u2212${change.lostCount}`));
    return text;
  },

  // Under the drawing: what one node holds, each fact id a link to the fact; what it
  // lost since the snapshot before, struck through.
  list(n, change) {
    const box = $("network-items"), short = n.id.slice(n.id.lastIndexOf("/") + 1);
    box.textContent = "";
    box.append(el("div", {cls: "net-title", text: `${short} ${n.kind} ${n.label}: ${describe(n)}`}));
    const row = (ids, cls) => {
      const line = el("div", {cls: "net-token" + (cls ? " " + cls : "")});
      ids.forEach((id, i) => {
        if (i) line.append(",");
        line.append(id == null ? "*" : el("a", {href: "#", text: "f-" + id,
          onclick: ev => { ev.preventDefault(); showFact(id); }}));
      });
      return line;
    };
    const items = n.kind === "alpha" ? n.facts.map(f => [f]) : n.tokens;
    if (!items.length) box.append(el("div", {cls: "net-token", text: "(none)"}));
    items.forEach(t => box.append(row(t)));
    if (n.cut) box.append(el("div", {cls: "net-token", text: `... and ${n.count - items.length} more`}));
    const lost = change ? change.lost : [];
    if (lost.length) box.append(el("div", {cls: "net-title", text: "gone since the last action:"}));
    lost.forEach(k => box.append(row(JSON.parse(k), "lost")));
  },
};

// A node's items as comparable keys: a fact id, or a token's ids as JSON.
function itemsOf(n) {
  return n.kind === "alpha" ? n.facts.map(f => JSON.stringify([f])) : n.tokens.map(t => JSON.stringify(t));
}
function describe(n) {
  const word = n.kind === "alpha" ? "fact" : n.kind === "terminal" ? "activation" : "partial match";
  return `${n.count} ${word}${n.count === 1 ? "" : word.endsWith("match") ? "es" : "s"}`;
}
function clip(text, most) { return text.length <= most ? text : text.slice(0, most - 1) + "\u2026"; }
// Show a fact: its why, and its row in the fact list.
function showFact(id) {
  UI.why(id);
  const row = $("fact-" + id);
  if (row) { row.classList.add("matched"); row.scrollIntoView({block: "nearest"}); }
}

NetworkPane.init();

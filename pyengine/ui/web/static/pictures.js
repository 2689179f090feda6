// The picture of a session, drawn from the "picture" part of the state: a list of
// primitives (pyengine/puzzles/page.py: text, tokens, grid, honeycomb, rows, groups,
// table, tree),
// each puzzle's declaration choosing which; this file knows the primitives, no puzzle.
// Every text goes in through textContent: nothing from the fact base becomes HTML.
"use strict";
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v;
    else if (k === "cls") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid != null) e.append(kid);
  return e;
}
const PALETTE = ["#c0392b", "#2471a3", "#229954", "#af601a", "#7d3c98", "#138d75", "#b7950b",
                 "#cb4335", "#2e86c1", "#28b463", "#ca6f1e", "#884ea0"];
function colour(n) { return n == null ? null : PALETTE[n % PALETTE.length]; }
// A part's id (a-z, 0-9, '-': checked by the server) goes under "pic-", so a picture
// never takes one of the page's own ids.
function partId(p) { return p.id ? {id: "pic-" + p.id} : {}; }

const Pictures = {
  text(p) { return el("p", {cls: "pic-text " + p.style, text: p.text, ...partId(p)}); },
  tokens(p) {
    const line = el("div", {cls: "tokens " + p.style, ...partId(p)});
    for (const t of p.tokens) {
      const c = colour(t.colour);
      line.append(el("span", {cls: "tone-" + t.tone + (c ? " coloured" : ""), text: t.text,
                              title: t.title, style: c ? "background:" + c : ""}));
    }
    return line;
  },
  grid(p) {
    const table = el("table", {cls: "grid " + (p.style || "big"), ...partId(p)});
    for (const r of p.rows) {
      const tr = el("tr");
      for (const c of r) tr.append(el("td", {cls: c.lit ? "lit" : "", title: c.title}, c.text,
        c.note ? el("small", {text: c.note}) : null, c.corner ? el("i", {text: c.corner}) : null));
      table.append(tr);
    }
    return table;
  },
  honeycomb(p) {
    const comb = el("div", {cls: "honeycomb", ...partId(p)});
    const spots = [[78, 72], [78, 16], [126, 44], [126, 100], [78, 128], [30, 100], [30, 44]];
    [p.center, ...p.outer].forEach((ch, i) => comb.append(el("div", {
      cls: "hex" + (i === 0 ? " center" : ""), text: ch,
      style: `left:${spots[i][0]}px;top:${spots[i][1]}px`})));
    return comb;
  },
  rows(p, ui) {
    const box = el("div", partId(p));
    for (const r of p.rows) {
      const cell = el("div", {});
      r.parts.forEach(q => cell.append(drawPart(q, ui)));
      box.append(el("div", {cls: "pic-row"}, el("b", {text: r.label}), cell));
    }
    return box;
  },
  groups(p, ui) {
    const box = el("div", {});
    for (const g of p.groups) {
      const d = el("div", {cls: "group"}, el("b", {text: `${g.relation} (${g.count})`}), " ");
      g.facts.forEach(f => d.append(el("span", {cls: "chip" + (f.new ? " new" : ""), text: f.text,
        onclick: () => ui.why(f.id)})));
      box.append(d);
    }
    return box;
  },
  // a relation's facts as rows (click one for its why)
  table(p, ui) {
    const head = el("tr", {}, ...p.columns.map(c => el("th", {text: c})));
    const table = el("table", {cls: "pic-table", ...partId(p)}, el("thead", {}, head));
    const body = el("tbody");
    for (const r of p.rows) {
      const tr = el("tr", {cls: r.new ? "new" : ""}, ...r.cells.map(c => el("td", {text: c})));
      if (r.fact != null) { tr.classList.add("why"); tr.addEventListener("click", () => ui.why(r.fact)); }
      body.append(tr);
    }
    table.append(body);
    return table;
  },
  // nodes in order, each indented by its depth; a repeated node, a cycle or children
  // left out are marked after the name
  tree(p) {
    const marks = {again: " (again: shown above)", cycle: " (cycle: its own ancestor)",
                   more: " (more below)"};
    const box = el("div", {cls: "pic-tree", ...partId(p)});
    for (const n of p.nodes) {
      box.append(el("div", {cls: "node" + (n.lit ? " lit" : "") + (n.mark ? " " + n.mark : ""),
                            title: n.title, style: `padding-left:${n.depth * 1.2}em`},
        el("span", {text: n.text}), n.mark ? el("i", {text: marks[n.mark] || ""}) : null));
    }
    return box;
  },
};
function drawPart(p, ui) { return (Pictures[p.kind] || (() => null))(p, ui); }
function drawPicture(pic, ui) {
  const box = el("div", {});
  pic.parts.forEach(p => box.append(drawPart(p, ui)));
  return box;
}

// The forms for the facts the session's declaration lets a user submit: one input per
// slot, the values sent as they are typed (the server checks them by the declaration).
function drawSubmits(submits, ui) {
  const box = el("div", {});
  for (const s of submits) {
    const inputs = s.slots.map(o => o.kind === "bool"
      ? el("input", {type: "checkbox", "data-slot": o.name, title: o.help})
      : el("input", {"data-slot": o.name, placeholder: o.name, title: o.help, autocomplete: "off"}));
    const form = el("form", {cls: "submit", id: "submit-" + s.relation, title: s.help,
      onsubmit: ev => {
        ev.preventDefault();
        const slots = {};
        inputs.forEach(i => { slots[i.dataset.slot] = i.type === "checkbox" ? i.checked : i.value; });
        inputs.forEach(i => { if (i.type !== "checkbox") i.value = ""; });
        ui.act("submit", {relation: s.relation, slots});
      }}, ...inputs, el("button", {text: s.relation}));
    box.append(form);
  }
  return box;
}

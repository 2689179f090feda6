// The puzzle pictures, drawn from the "picture" part of the state (views/pictures.py).
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
function colour(id) { const n = parseInt(id, 10); return PALETTE[(isNaN(n) ? 0 : n) % PALETTE.length]; }

const Pictures = {
  scramble(p) {
    const line = el("div", {cls: "line", id: "scramble-line"});
    p.cells.forEach((c, i) => {
      if (i === p.decoded) line.append(el("span", {cls: "hash", text: "#"}));
      line.append(el("span", {cls: c.decoded ? "letter" : "pending", text: c.ch,
                              style: "background:" + colour(c.word), title: "word " + c.word}));
    });
    if (p.decoded === p.total) line.append(el("span", {cls: "hash", text: "#"}));
    const legend = el("div", {cls: "legend"});
    p.words.forEach(w => legend.append(el("span", {style: "background:" + colour(w.id), text: w.id + " " + w.word})));
    return el("div", {}, el("p", {text: `${p.decoded} of ${p.total} letters decoded`}), line,
              el("p", {}, legend),
              el("p", {id: "decoded", text: p.cells.filter(c => c.decoded).map(c => c.ch).join(" ")}));
  },
  riddle(p) {
    const box = el("div", {});
    box.append(el("p", {text: `a word of ${p.length} letters`}));
    for (const c of p.clues) {
      const letters = el("div", {cls: "letters" + (c.set ? " narrow" : "")});
      if (c.set) c.set.letters.forEach(l => letters.append(el("span", {text: l})));
      else letters.append(el("i", {text: "(not collapsed yet)"}));
      box.append(el("div", {cls: "clue"}, el("b", {text: "#" + c.pos}),
        el("div", {}, el("div", {text: `${c.first} ${c.a} · ${c.second} ${c.b}`}), letters,
           c.set ? el("small", {text: c.set.how}) : null)));
    }
    if (p.candidates.length) box.append(el("p", {text: "candidates: " +
      p.candidates.map(c => `after ${c.upto}: ${c.words}`).join(", ")}));
    if (p.solutions.length) box.append(el("div", {cls: "solutions", id: "solutions",
      text: p.solutions.map(s => `${s.rank}. ${s.word}`).join("   ")}));
    p.hints.forEach(h => box.append(el("p", {text: "hint: " + h})));
    return box;
  },
  bee(p, ui) {
    const hive = el("div", {cls: "hive"});
    const spots = [[78, 72], [78, 16], [126, 44], [126, 100], [78, 128], [30, 100], [30, 44]];
    [p.centre, ...p.outer].forEach((ch, i) => hive.append(el("div", {
      cls: "cellhex" + (i === 0 ? " centre" : ""), text: ch,
      style: `left:${spots[i][0]}px;top:${spots[i][1]}px`})));
    const box = el("div", {}, hive);
    if (p.max) box.append(el("p", {text: `${p.max.words} answers, ${p.max.points} points, ${p.max.pangrams} pangrams`}));
    if (p.play) {
      const input = el("input", {id: "guess", placeholder: "a word", autocomplete: "off"});
      box.append(el("form", {id: "guess-form", onsubmit: ev => { ev.preventDefault();
        ui.act("guess", input.value); input.value = ""; }}, input, el("button", {text: "guess"})));
    }
    if (p.verdict) box.append(el("div", {cls: "verdict", id: "verdict",
      text: `${p.verdict.word.toUpperCase()}: ${p.verdict.message}` + (p.verdict.points ? ` +${p.verdict.points}` : "")}));
    box.append(el("p", {id: "score", text: `score ${p.score}` + (p.rank ? ` (${p.rank})` : "")}));
    box.append(el("div", {cls: "found", id: "found", text: p.found.map(f => f.word).join(" ")}));
    return box;
  },
  boggle(p) {
    const table = el("table", {cls: "grid", id: "boggle-grid"});
    p.grid.forEach(row => {
      const tr = el("tr");
      row.forEach(c => tr.append(el("td", {cls: c.ch ? "placed" : "", title: "marks: " + (c.marks || "none")},
        c.ch, c.marks ? el("small", {text: c.marks}) : null, c.turn ? el("i", {text: String(c.turn)}) : null)));
      table.append(tr);
    });
    return el("div", {}, el("p", {text: `${p.placed} of ${p.size * p.size} cells placed`}), table,
              p.text ? el("p", {text: p.text}) : null);
  },
  generic(p, ui) {
    const box = el("div", {});
    for (const g of p.groups) {
      const d = el("div", {cls: "group"}, el("b", {text: `${g.relation} (${g.count})`}), " ");
      g.facts.forEach(f => d.append(el("span", {cls: "chip" + (f.new ? " new" : ""), text: f.text,
        onclick: () => ui.why(f.id)})));
      box.append(d);
    }
    return box;
  },
};

// Projector mode and the panes shown. Projector mode (key p, the header's button, or
// ?projector=1 in the address): large type, one column, long lines wrapped and no box
// that hides what it holds (style.css, body.projector). The panes shown (keys 1-9, the
// pane bar's boxes) are chosen for each mode apart and kept in localStorage, so a
// teacher's choice for the projector outlives the tab.
"use strict";
const Projector = {
  KEY: "pyengine-panes",
  // at first: a student sees the editor; the projector shows the session, not the editor
  HIDDEN: {normal: [], projector: ["program", "timeline", "graph"]},
  on: false, hidden: null, panes: [], boxes: [],

  init() {
    this.hidden = this.loaded();
    this.panes = [...document.querySelectorAll(".pane")];
    const bar = $("pane-boxes");
    this.boxes = this.panes.map((p, i) => {
      const box = el("input", {type: "checkbox", "data-shows": p.dataset.pane,
                               onchange: () => this.toggle(p.dataset.pane)});
      bar.append(el("label", {title: `show or hide ${p.dataset.title} (${i + 1})`}, box,
                    ` ${i + 1} ${p.dataset.title}`));
      return box;
    });
    $("projector-toggle").onclick = () => this.set(!this.on);
    $("help-open").onclick = () => this.help();
    const keys = {p: () => this.set(!this.on), "?": () => this.help()};
    // keys 1-9 for the first nine panes; the tenth has only its box (0 is reset, app.js)
    this.panes.slice(0, 9).forEach((p, i) => { keys[String(i + 1)] = () => this.toggle(p.dataset.pane); });
    Object.assign(KEYS, keys);                   // app.js's key table
    this.set(new URLSearchParams(location.search).get("projector") === "1");
  },
  loaded() {
    try {
      const h = JSON.parse(localStorage.getItem(this.KEY));
      if (h && Array.isArray(h.normal) && Array.isArray(h.projector)) return h;
    } catch (e) { /* none kept, or storage off: the first choice */ }
    return {normal: [...this.HIDDEN.normal], projector: [...this.HIDDEN.projector]};
  },
  mode() { return this.on ? "projector" : "normal"; },
  // Projector mode on or off; the address says which, so a reload keeps it.
  set(on) {
    this.on = on;
    document.body.classList.toggle("projector", on);
    $("projector-toggle").setAttribute("aria-pressed", String(on));
    const url = new URL(location.href);
    if (on) url.searchParams.set("projector", "1"); else url.searchParams.delete("projector");
    history.replaceState(history.state, "", url);
    this.apply();
  },
  apply() {
    const hidden = new Set(this.hidden[this.mode()]);
    this.panes.forEach((p, i) => { p.hidden = hidden.has(p.dataset.pane); this.boxes[i].checked = !p.hidden; });
    document.dispatchEvent(new Event("pyengine-layout"));
  },
  toggle(name) {
    const list = this.hidden[this.mode()], at = list.indexOf(name);
    if (at < 0) list.push(name); else list.splice(at, 1);
    try { localStorage.setItem(this.KEY, JSON.stringify(this.hidden)); } catch (e) { /* kept for this page only */ }
    this.apply();
  },
  help() { const d = $("help"); if (d.open) d.close(); else d.showModal(); },
};

Projector.init();

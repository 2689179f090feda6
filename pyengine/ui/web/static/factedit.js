// Changing a fact in the page, the last firings as a graph, the transcript to download.
//
// Each fact of the fact list has an "edit" button: it turns the fact into a form, one
// input per slot holding the slot's value as CLIPS text (GET /api/sessions/ID/slots/F:
// the server reads the fact with our reader and refuses an ordered fact in one line).
// The first slot's value is selected, to type over. Enter (or "modify") sends the slots changed as "(slot value) ..." text to the modify
// verb, which reads them again: the page never sends more than values to read. Esc (or
// "cancel") puts the fact back. Every text goes in with textContent or an input's value.
//
// Key v draws the graph of the last 20 firings (app.js's UI.graph: the server's SVG
// shown as an image, which runs no script). The "download transcript" link asks for
// everything done in this tab as a text file.
"use strict";
const FactEdit = {
  GRAPH_LAST: 20,

  // The "edit" button of one fact's row (app.js's drawFacts).
  button(f, ui) {
    return el("button", {text: "edit", title: "change this fact's slots (modify)",
      onclick: ev => { ev.stopPropagation(); this.open(f.id, ui); }});
  },
  async open(fid, ui) {
    await ui.guard(async () => {
      const form = await ui.call("GET", `/api/sessions/${ui.sid}/slots/${fid}`);
      const row = $("fact-" + fid);
      if (row) row.replaceWith(this.form(form, ui));
    });
  },
  form(fact, ui) {
    // a value holding a line break gets a text area (an input drops the break, and the
    // slot then looked changed: the break was lost on modify); values compare with their
    // breaks as a text area gives them back (\r\n and \r as \n)
    const same = v => v.replace(/\r\n?/g, "\n").trim();
    const inputs = fact.slots.map(s => /[\r\n]/.test(s.value)
      ? el("textarea", {"data-slot": s.name, text: s.value, rows: same(s.value).split("\n").length,
                        cols: 40, "aria-label": `slot ${s.name} of f-${fact.id}`})
      : el("input", {"data-slot": s.name, value: s.value,
                     "aria-label": `slot ${s.name} of f-${fact.id}`, size: Math.min(Math.max(s.value.length, 6), 40)}));
    const cancel = () => ui.drawFacts(ui.state);
    const form = el("form", {cls: "fact-edit", id: "edit-" + fact.id,
      "aria-label": `modify f-${fact.id}`},
      el("span", {cls: "fact-edit-name", text: `f-${fact.id} (${fact.relation}`}),
      ...fact.slots.map((s, i) => el("label", {}, ` (${s.name} `, inputs[i], ")")),
      el("span", {text: ") "}),
      el("button", {text: "modify", type: "submit"}),
      el("button", {text: "cancel", type: "button", onclick: cancel}));
    form.addEventListener("submit", ev => {
      ev.preventDefault();
      const changed = fact.slots.map((s, i) => [s, inputs[i].value.trim()])
        .filter(([s, value]) => same(value) !== same(s.value))
        .map(([s, value]) => `(${s.name} ${value})`);
      if (!changed.length) { ui.say("nothing changed"); cancel(); return; }
      ui.act("modify", {fact_id: fact.id, slots: changed.join(" ")});
    });
    form.addEventListener("keydown", ev => {
      if (ev.key === "Escape") { ev.preventDefault(); cancel(); }
    });
    setTimeout(() => { if (inputs.length) { inputs[0].focus(); inputs[0].select(); } }, 0);
    return form;
  },

  // The graph of the last firings: the graph pane shown (projector.js may hide it).
  graph(ui) {
    const pane = document.querySelector('[data-pane="graph"]');
    if (pane && pane.hidden && typeof Projector !== "undefined") Projector.toggle("graph");
    ui.graph(this.GRAPH_LAST);
  },
  // The transcript link points at this tab's session (a plain GET: no token needed).
  transcript(ui) {
    const a = $("transcript-link");
    if (a) a.href = ui.sid ? `/api/sessions/${encodeURIComponent(ui.sid)}/transcript` : "#";
  },
};

KEYS.v = () => FactEdit.graph(UI);                  // app.js's key table
$("graph-last").onclick = () => FactEdit.graph(UI);
$("transcript-link").addEventListener("focus", () => FactEdit.transcript(UI));
$("transcript-link").addEventListener("mouseover", () => FactEdit.transcript(UI));
$("transcript-link").addEventListener("click", ev => {
  FactEdit.transcript(UI);
  if (!UI.sid) { ev.preventDefault(); UI.say("no session: press open (or reload the page)", true); }
});

// The Program pane: a CLIPS program typed (or a starter program picked), loaded as this
// tab's session (POST /api/sessions {"program": {name, source, engine}}, through
// app.js's UI.openWith), a compile error's line marked in the editor. Each choice of the
// starter menu keeps its own draft (your own text, each starter as edited), all kept in
// sessionStorage, so neither a reload nor a look at a starter loses a student's work.
// The editor is CodeMirror 5 (vendor/codemirror, clips-mode.js) where it loaded, else
// the plain textarea it would have replaced.
"use strict";
const Editor = {
  KEY: "pyengine-program",
  cm: null, starters: [], engines: ["clips", "ours"], chars: 60000, lines: null,
  kept: {choice: "", drafts: {}}, errorLine: null,

  init() {
    try { Object.assign(this.kept, JSON.parse(sessionStorage.getItem(this.KEY)) || {}); } catch (e) { /* kept as new */ }
    const area = $("program-text");
    if (window.CodeMirror && CodeMirror.modes.clips) {
      this.cm = CodeMirror.fromTextArea(area, {
        mode: "clips", lineNumbers: true, lineWrapping: true, matchBrackets: true,
        autoCloseBrackets: true, indentUnit: 2, tabSize: 2,
        gutters: ["CodeMirror-linenumbers", "pe-errors"],
        extraKeys: {"Ctrl-Enter": () => this.load(), "Cmd-Enter": () => this.load(),
                    "Esc": cm => cm.getInputField().blur()}});
      this.cm.on("change", () => this.edited());
    } else {
      area.addEventListener("input", () => this.edited());
      area.addEventListener("keydown", ev => {
        if (ev.key === "Enter" && (ev.ctrlKey || ev.metaKey)) { ev.preventDefault(); this.load(); }
        else if (ev.key === "Escape") area.blur();
      });
    }
    document.body.classList.toggle("plain-editor", !this.cm);
    $("program-starter").onchange = () => this.show($("program-starter").value);
    $("program-engine").onchange = $("program-name").oninput = () => this.edited();
    $("program-load").onclick = () => this.load();
    document.addEventListener("pyengine-layout", () => this.refresh());
  },
  // What the server offers (GET /api/targets' "programs"): the engines, the size
  // limit, the starter programs; the kept choice and its draft shown again.
  offer(programs) {
    this.engines = programs.engines && programs.engines.length ? programs.engines : this.engines;
    this.chars = programs.chars || this.chars;
    this.lines = programs.lines || this.lines;
    this.starters = programs.starters || [];
    const eng = $("program-engine"); eng.textContent = "";
    // our engine's sessions are titled "experta" (its rule language), as in the shell
    const shown = {clips: "clips (CLIPS itself)", ours: "ours (experta)"};
    this.engines.forEach(e => eng.append(el("option", {value: e, text: shown[e] || e})));
    const sel = $("program-starter");
    sel.querySelectorAll("option[value]:not([value=''])").forEach(o => o.remove());
    this.starters.forEach(s => sel.append(el("option", {value: s.name, text: s.title || s.name})));
    const known = this.kept.choice === "" || this.starters.some(s => s.name === this.kept.choice);
    this.show(known ? this.kept.choice : "");
  },
  // The draft of a menu choice: as last edited, else the starter as the server gives it.
  draft(choice) {
    const d = this.kept.drafts[choice];
    if (d) return d;
    const s = this.starters.find(s => s.name === choice);
    if (s) return {name: s.name.includes(".") ? s.name : s.name + ".clp", engine: s.engine, source: s.source};
    return {name: "my.clp", engine: this.engines[0], source: ""};
  },
  show(choice) {
    this.showing = true;             // setting the text is not an edit
    const d = this.draft(choice);
    this.kept.choice = choice; $("program-starter").value = choice;
    $("program-name").value = d.name;
    $("program-engine").value = this.engines.includes(d.engine) ? d.engine : this.engines[0];
    if (this.cm) { this.cm.setValue(d.source); this.cm.clearHistory(); } else $("program-text").value = d.source;
    this.showing = false;
    this.unmark(); this.save();
  },
  text() { return this.cm ? this.cm.getValue() : $("program-text").value; },
  edited() {
    if (this.showing) return;
    this.kept.drafts[this.kept.choice] = {name: $("program-name").value, engine: $("program-engine").value,
                                          source: this.text()};
    this.unmark(); this.save();
  },
  save() {
    try { sessionStorage.setItem(this.KEY, JSON.stringify(this.kept)); }
    catch (e) { this.say("this tab's storage is full: the program is not kept across a reload"); }
  },
  say(text) { $("program-error").textContent = text || ""; },

  load() {
    const program = {name: $("program-name").value.trim() || "my.clp", source: this.text(),
                     engine: $("program-engine").value};
    this.unmark(); this.say("");
    if (!program.source.trim()) { this.say("the program is empty: type one, or pick a starter"); return; }
    if (program.source.length > this.chars) {
      this.say(`the program has ${program.source.length} characters: at most ${this.chars}`); return;
    }
    const lines = program.source.split("\n").length;
    if (this.lines && lines > this.lines) { this.say(`the program has ${lines} lines: at most ${this.lines}`); return; }
    return UI.openWith({program}, {keepOld: true, onError: e => this.refused(e)});
  },
  // A refusal: its message under the editor; a compile error's line (and column) marked.
  refused(e) {
    this.say(e.message);
    const line = e.data && Number.isInteger(e.data.line) ? e.data.line : null;
    if (line != null) this.mark(line, e.data.column, e.message);
  },
  mark(line, column, why) {
    const ch = Number.isInteger(column) && column > 0 ? column - 1 : 0;
    if (!this.cm) {
      const area = $("program-text"), lines = area.value.split("\n");
      const n = Math.min(Math.max(line, 1), lines.length) - 1;
      const start = lines.slice(0, n).reduce((sum, l) => sum + l.length + 1, 0);
      area.classList.add("pe-error"); area.focus(); area.setSelectionRange(start, start + lines[n].length);
      this.errorLine = n; return;
    }
    const n = Math.min(Math.max(line, 1), this.cm.lineCount()) - 1;
    this.cm.addLineClass(n, "background", "pe-error-line");
    this.cm.setGutterMarker(n, "pe-errors", el("span", {cls: "pe-error-mark", title: why, text: "\u25B6"}));
    this.errorLine = n;
    this.cm.setCursor({line: n, ch}); this.cm.scrollIntoView(null, 60); this.cm.focus();
  },
  unmark() {
    if (this.errorLine == null) return;
    if (this.cm) { this.cm.removeLineClass(this.errorLine, "background", "pe-error-line"); this.cm.clearGutter("pe-errors"); }
    else $("program-text").classList.remove("pe-error");
    this.errorLine = null; this.say("");
  },
  // After the pane is shown again or the type size changes (projector.js says so); in
  // projector mode every line is drawn, so the editor grows with its text.
  refresh() {
    if (!this.cm) return;
    this.cm.setOption("viewportMargin", document.body.classList.contains("projector") ? Infinity : 10);
    this.cm.refresh();
  },
};

Editor.init();
// The kept draft is shown once the server said what it offers (its starters among the
// choices); one that runs no programs from the page says "programs": null (serve
// --no-programs).
UI.ready.finally(() => {
  const programs = UI.info ? UI.info.programs : undefined;
  Editor.offer(programs || {});
  if (programs === null) { $("program-load").disabled = true; Editor.say("this server runs no programs from the page"); }
});

// The program the teacher pushed (the teacher's view: POST /api/class/push): GET
// /api/targets says it as the page opens, GET /api/pushed every few seconds after. A
// notice over the page offers it; "open it in the editor" puts it in the Program pane
// (shown if hidden) as its own choice of the starter menu, "the teacher's: NAME", whose
// draft the editor keeps as it keeps the others; the student then loads it (Ctrl-Enter).
// A push taken or dismissed is not offered again in this tab.
"use strict";
const Pushed = {
  CHOICE: "@teacher", SEEN: "pyengine-pushed-seen", EVERY: 5000,
  notice: null,

  init() {
    UI.ready.then(() => {
      if (!UI.info || !UI.info.programs) return;          // no programs from the page here
      const kept = Editor.kept.drafts[this.CHOICE];
      if (kept) this.option(kept.name);                    // the editor's offer() dropped it
      this.offer(UI.info.pushed);
      setInterval(() => this.poll(), this.EVERY);
    });
  },
  async poll() {
    try {
      const res = await fetch("/api/pushed");
      if (res.ok) this.offer((await res.json()).pushed);
    } catch (e) { /* the server is away: asked again soon */ }
  },
  seen(p) { return sessionStorage.getItem(this.SEEN) === String(p.at); },
  offer(p) {
    if (!p || this.seen(p)) { this.hide(); return; }
    if (this.notice && this.notice.dataset.at === String(p.at)) return;
    this.hide();
    this.notice = el("div", {id: "pushed", role: "status", "data-at": String(p.at)},
      `Your teacher shared a program: ${p.name} (${p.engine}). `,
      el("button", {id: "pushed-open", text: "open it in the editor", onclick: () => this.take(p)}), " ",
      el("button", {id: "pushed-dismiss", text: "dismiss", onclick: () => this.done(p)}));
    Object.assign(this.notice.style, {padding: ".3em .8em", background: "#dff0ff", borderBottom: "1px solid #9bc"});
    document.body.insertBefore(this.notice, $("message"));
  },
  hide() { if (this.notice) { this.notice.remove(); this.notice = null; } },
  done(p) {
    try { sessionStorage.setItem(this.SEEN, String(p.at)); } catch (e) { /* offered again after a reload */ }
    this.hide();
  },
  // Into the editor (the student's own text and the starters' drafts stay as they were).
  take(p) {
    Editor.kept.drafts[this.CHOICE] = {name: p.name, engine: p.engine, source: p.source};
    this.option(p.name);
    Editor.show(this.CHOICE);
    if ($("program").hidden && typeof Projector !== "undefined") Projector.toggle("program");
    Editor.refresh();
    this.done(p);
  },
  option(name) {
    const sel = $("program-starter");
    let o = [...sel.options].find(o => o.value === this.CHOICE);
    if (!o) { o = el("option", {value: this.CHOICE}); sel.append(o); }
    o.textContent = `the teacher's: ${name}`;
  },
};

Pushed.init();

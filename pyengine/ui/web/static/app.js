// The web inspector's page: one session per tab (its id kept in sessionStorage),
// every action a POST to /api/sessions/ID/VERB, every answer the whole state.
"use strict";
const $ = id => document.getElementById(id);
const UI = {
  sid: sessionStorage.getItem("pyengine-sid"), state: null, rules: [], info: null,

  async call(method, url, body) {
    const headers = {"Content-Type": "application/json"};
    if (this.info && this.info.token) headers["X-Pyengine-Token"] = this.info.token;
    const res = await fetch(url, {method, headers,
                                  body: body === undefined ? undefined : JSON.stringify(body)});
    const data = await res.json().catch(() => ({error: "bad answer from the server"}));
    if (res.status === 410) { this.ended(data.error); }
    if (!res.ok) throw Object.assign(new Error(data.error || res.statusText), {status: res.status, data});
    return data;
  },
  // The session ended (its worker was stopped, it was idle too long): say why, and
  // forget it, so the next "open" (or a reload) starts a new one.
  ended(why) {
    this.sid = null; sessionStorage.removeItem("pyengine-sid");
    $("title").textContent = "(session ended) " + $("title").textContent;
    this.say(why || "this session has ended: reload the page for a new one", true);
  },

  say(text, error) { const m = $("message"); m.textContent = text || ""; m.className = error ? "error" : ""; },
  // onError(e) hears a refusal too (e.status, e.data: the server's answer)
  async guard(fn, onError) { try { await fn(); } catch (e) { this.say(e.message, true); if (onError) onError(e); } },
  // Opens and actions run one after another, in the order asked (a key held down, or
  // "open" pressed while the first session is still opening, never interleave).
  queue: Promise.resolve(),
  inTurn(fn) { this.queue = this.queue.then(fn, fn); return this.queue; },

  async start() {
    this.info = await this.call("GET", "/api/targets");
    const sel = $("target");
    this.info.targets.forEach(t => sel.append(el("option", {value: t.name, text: t.name, title: t.help})));
    this.info.strategies.forEach(s => $("strategy").append(el("option", {value: s, text: s})));
    sel.onchange = () => this.showOptions();
    this.showOptions();
    if (this.sid) {
      try { this.draw(await this.call("GET", `/api/sessions/${this.sid}`)); await this.loadRules(); return; }
      catch (e) { this.sid = null; }
    }
    await this.open();
  },
  showOptions() {
    const box = $("options"); box.textContent = "";
    const t = this.info.targets.find(t => t.name === $("target").value);
    // Each option the declaration offers; its example (what the server fills in when
    // the option is left empty) is filled in here, to see and edit.
    (t ? t.options : []).forEach(o => {
      const ex = o.example;
      let input;
      if (o.kind === "bool") { input = el("input", {type: "checkbox", "data-opt": o.name}); input.checked = ex === true; }
      else if (typeof ex === "string" && ex.includes("\n")) {
        input = el("textarea", {"data-opt": o.name, placeholder: o.help, rows: 2, cols: 40}); input.value = ex;
      } else {
        input = el("input", {"data-opt": o.name, placeholder: o.name, title: o.help, size: 8});
        if (ex != null) input.value = Array.isArray(ex) ? ex.join(" ") : String(ex);
      }
      box.append(el("label", {title: o.help}, o.name + " ", input));
    });
  },
  options() {
    const out = {};
    document.querySelectorAll("[data-opt]").forEach(i => {
      if (i.type === "checkbox") { if (i.checked) out[i.dataset.opt] = true; }
      else if (i.value.trim()) out[i.dataset.opt] = i.value;
    });
    return out;
  },
  open() {
    const body = {target: $("target").value};
    if (!this.info.fixed) body.options = this.options();
    return this.openWith(body);
  },
  // A new session on `body` (a target and its options, or {program}) shown in this tab.
  // The old session goes first (one client holds only a few at a time), unless
  // `keepOld`: then it goes once the new one opened (a program that does not compile
  // leaves the tab's session as it was).
  openWith(body, {keepOld = false, onError = null} = {}) {
    return this.inTurn(() => this.guard(async () => {
      const old = this.sid;
      if (old && !keepOld) await this.call("DELETE", `/api/sessions/${old}`).catch(() => {});
      const st = await this.call("POST", "/api/sessions", body);
      this.sid = st.id; sessionStorage.setItem("pyengine-sid", st.id);
      if (old && keepOld && old !== st.id) this.call("DELETE", `/api/sessions/${old}`).catch(() => {});
      this.draw(st); await this.loadRules();
    }, onError));
  },
  async loadRules() { this.rules = await this.call("GET", `/api/sessions/${this.sid}/rules`); this.drawRules(); },
  act(verb, arg) {
    return this.inTurn(() => this.guard(async () => {
      if (!this.sid) { this.say("no session: press open (or reload the page)", true); return; }
      const st = await this.call("POST", `/api/sessions/${this.sid}/${verb}`, {arg, filter: $("filter").value || undefined});
      this.draw(st);
    }));
  },
  async why(fid) {
    await this.guard(async () => {
      const w = await this.call("GET", `/api/sessions/${this.sid}/why/${fid}`);
      this.whyOf = fid;
      $("why-of").textContent = "f-" + fid; const box = $("why"); box.textContent = "";
      box.append(el("ul", {}, this.whyNode(w.tree, 0)));
    });
  },
  whyNode(n, level) {
    const label = el("span", {cls: "whyfact", text: `f-${n.id} ${n.text}` + (n.note ? `  [${n.note}]` : "")});
    // The server sends a few firings of the tree at a time: "more" opens the rest
    // from that fact.
    const more = n.more ? el("a", {href: "#", cls: "more", text: " more...", title: "why this fact, further back",
      onclick: ev => { ev.preventDefault(); this.why(n.id); }}) : null;
    if (!n.firing || !n.parents.length) return more ? el("li", {}, label, more) : el("li", {}, label);
    const kids = el("ul", {});
    n.parents.forEach(p => kids.append(this.whyNode(p, level + 1)));
    const det = el("details", {}, el("summary", {}, label), el("div", {cls: "firing", text: n.firing.line}), kids);
    if (level < 2) det.open = true;
    return el("li", {}, det);
  },
  // The firing graph, drawn by the server (Graphviz) as SVG and shown as an image (an
  // image runs no script); where the server has no Graphviz, its DOT text. ``last``:
  // the run's last firings only.
  async graph(last) {
    await this.guard(async () => {
      const of = last ? `?last=${last}` : this.whyOf ? `?of=f-${this.whyOf}` : "";
      const g = await this.call("GET", `/api/sessions/${this.sid}/graph${of}`);
      $("graph-of").textContent = g.of != null ? "why f-" + g.of : g.last ? `the last ${g.last} firings` : "the run";
      const box = $("graph"); box.textContent = "";
      if (g.svg) box.append(el("img", {alt: "firing graph",
        src: "data:image/svg+xml;base64," + btoa(unescape(encodeURIComponent(g.svg)))}));
      else box.append(el("pre", {text: g.note + "\n" + g.dot}));
    });
  },
  async matches(rule) {
    await this.guard(async () => {
      const m = await this.call("GET", `/api/sessions/${this.sid}/matches/${encodeURIComponent(rule)}`);
      $("matches-of").textContent = rule; $("matches").textContent = m.lines.join("\n");
    });
  },

  draw(st) {
    this.state = st;
    const tag = `[${st.engine}]`;       // a rule file's title names its engine already
    $("title").textContent = st.title.includes(tag) ? st.title : `${st.title} ${tag}`;
    this.say(st.message + (st.finish ? "\n" + st.finish : ""));
    $("strategy").value = st.strategy; $("strategy-now").textContent = "strategy " + st.strategy;
    if (document.activeElement !== $("seed")) $("seed").value = st.seed == null ? "" : st.seed;
    const stages = $("stages"); stages.textContent = "";
    st.stage.stages.forEach((s, i) => stages.append(el("span", {text: s, cls: "stage" +
      (i < st.stage.index ? " done" : i === st.stage.index && st.stage.active ? " active" : "")})));
    // the picture and the forms for the facts a user may submit (the input that had the
    // focus has it again once they are drawn afresh)
    const had = document.activeElement, form = had && had.closest ? had.closest("form.submit") : null;
    const again = form ? [form.id, had.dataset.slot] : null;
    const pic = $("picture"); pic.textContent = "";
    pic.append(drawPicture(st.picture, this), drawSubmits(st.submit, this));
    if (again) {
      const f = document.getElementById(again[0]);
      const input = f && f.querySelector(`[data-slot="${CSS.escape(again[1] || "")}"]`);
      if (input) input.focus();
    }
    this.drawFacts(st); this.drawAgenda(st); this.drawLast(st); this.drawTimeline(st); this.drawRules();
    if (typeof NetworkPane !== "undefined") NetworkPane.refresh(st);     // network.js
  },
  drawFacts(st) {
    $("count").textContent = `${st.shown} of ${st.count}`;
    const box = $("facts"); box.textContent = "";
    const matched = new Set(st.last.length ? st.last[st.last.length - 1].matched : []);
    st.facts.forEach(f => {
      const row = el("div", {cls: "fact" + (f.new ? " new" : "") + (matched.has(f.id) ? " matched" : ""),
        id: "fact-" + f.id, title: "click: why", text: `f-${f.id}\t${f.text}`, onclick: () => this.why(f.id)});
      row.append(el("button", {text: "retract", onclick: ev => { ev.stopPropagation(); this.act("retract", f.id); }}));
      if (typeof FactEdit !== "undefined") row.append(FactEdit.button(f, this));     // factedit.js
      box.append(row);
    });
    st.gone.forEach(f => box.append(el("div", {cls: "fact gone", text: `f-${f.id}\t${f.text}`, onclick: () => this.why(f.id)})));
    const first = box.querySelector(".fact.new");
    if (first) box.scrollTop = first.offsetTop - box.offsetTop - 4;
  },
  drawAgenda(st) {
    const box = $("agenda"); box.textContent = "";
    if (!st.agenda.length) box.append(el("div", {cls: "act", text: "(empty)"}));
    st.agenda.forEach(a => box.append(el("div", {cls: "act", text: `${String(a.salience).padStart(4)}  ${a.rule}: ${a.basis.map(f => f === null ? "*" : "f-" + f).join(",")}`,
      onclick: () => this.matches(a.rule)})));
    if (st.agenda_elsewhere) box.append(el("div", {cls: "act", text: `;; and ${st.agenda_elsewhere} activation${st.agenda_elsewhere === 1 ? "" : "s"} in other modules: each fires when its module has the focus`}));
  },
  drawLast(st) {
    const box = $("last"); box.textContent = "";
    st.last.slice(-50).forEach(f => {
      box.append(el("div", {cls: "fire", text: f.line, onclick: () => this.showFiring(f)}));
      f.output.forEach(o => box.append(el("div", {cls: "out", text: "| " + o})));
      if (f.more_output) box.append(el("div", {cls: "out", text: `| ... ${f.more_output} more line${f.more_output === 1 ? "" : "s"} (the transcript has them all)`}));
    });
  },
  showFiring(f) {
    document.querySelectorAll(".fact.matched").forEach(e => e.classList.remove("matched"));
    f.matched.forEach(id => { const e = $("fact-" + id); if (e) { e.classList.add("matched"); e.scrollIntoView({block: "nearest"}); } });
    const r = document.querySelector(`.rule[data-rule="${CSS.escape(f.rule)}"]`); if (r) { r.open = true; r.scrollIntoView({block: "nearest"}); }
  },
  drawTimeline(st) {
    const box = $("timeline"); box.textContent = "";
    st.timeline.forEach(f => box.append(el("div", {cls: "fire", text: `${String(f.n).padStart(5)} ${f.rule}`,
      title: "go back to just before this firing", onclick: () => this.act("goto", f.n)})));
    box.append(el("div", {cls: "fire now", text: `  now (${st.fired} fired)`}));
    box.scrollTop = box.scrollHeight;
  },
  drawRules() {
    const box = $("rules"); if (!this.rules.length) return;
    const last = this.state && this.state.last.length ? this.state.last[this.state.last.length - 1].rule : null;
    box.textContent = "";
    this.rules.forEach(r => {
      const d = el("details", {cls: "rule" + (r.name === last ? " fired" : ""), "data-rule": r.name},
        el("summary", {}, r.name + " ", el("button", {text: "matches", onclick: ev => { ev.preventDefault(); this.matches(r.name); }})),
        el("pre", {text: r.source}));
      if (r.name === last) {
        d.open = true;
        const f = this.state.last[this.state.last.length - 1];
        const links = el("div", {cls: "links"}, `FIRE ${f.n} matched `);
        f.matched.forEach(id => links.append(el("a", {href: "#", text: "f-" + id,
          onclick: ev => { ev.preventDefault(); this.showFiring(f); this.why(id); }}), " "));
        d.append(links);
      }
      box.append(d);
    });
  },
};

document.querySelectorAll("[data-verb]").forEach(b => b.addEventListener("click", () => {
  const v = b.dataset.verb;
  if (v === "run-n") UI.act("run", parseInt($("n").value, 10) || 1); else UI.act(v);
}));
$("open").onclick = () => UI.open();
$("draw-graph").onclick = () => UI.graph();
$("strategy").onchange = () => UI.act("strategy", $("strategy").value);
$("seed").onchange = () => UI.act("seed", parseInt($("seed").value, 10));
$("assert-form").onsubmit = ev => { ev.preventDefault(); UI.act("assert", $("assert").value); };
let filterTimer = null;
$("filter").oninput = () => { clearTimeout(filterTimer); filterTimer = setTimeout(() =>
  UI.guard(async () => UI.draw(await UI.call("GET", `/api/sessions/${UI.sid}?filter=${encodeURIComponent($("filter").value)}`))), 250); };
const KEYS = {s: () => UI.act("step"), r: () => UI.act("run", parseInt($("n").value, 10) || 1), e: () => UI.act("stage"),
  n: () => UI.act("next"), g: () => UI.act("run"), b: () => UI.act("back"), "0": () => UI.act("reset"),
  t: () => { const s = UI.info.strategies; UI.act("strategy", s[(s.indexOf(UI.state.strategy) + 1) % s.length]); },
  d: () => $("seed").focus(), f: () => $("filter").focus(), a: () => $("assert").focus()};
// Keys act only while no text is being typed: not in a text box, a select or the editor.
function typing(e) {
  if (!e || e === document.body) return false;
  if (e.isContentEditable || (e.closest && e.closest(".CodeMirror"))) return true;
  if (e.tagName === "INPUT") return !["checkbox", "radio", "button", "submit"].includes(e.type);
  return ["SELECT", "TEXTAREA"].includes(e.tagName);
}
document.addEventListener("keydown", ev => {
  if (typing(document.activeElement) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (KEYS[ev.key]) { ev.preventDefault(); KEYS[ev.key](); }
});
UI.ready = UI.start();

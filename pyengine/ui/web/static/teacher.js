// The teacher's view: every session of the class (GET /api/class, every few seconds),
// one of them shown read-only (GET /api/class/LABEL/state and /rules, on a clock of its
// own: a student whose worker is busy for seconds slows only their own look, never the
// list), and a program pushed to every student's page (POST /api/class/push). The
// teacher's token comes in the address's fragment (#token=..., which no request
// carries), is kept in this tab's sessionStorage and taken out of the address bar (the
// screen may be projected); each request sends it in the X-Pyengine-Teacher header.
// Every text goes in by textContent (el(), pictures.js); nothing here can change a
// student's session.
"use strict";
const $ = id => document.getElementById(id);
const Teacher = {
  KEY: "pyengine-teacher", EVERY: 3000,
  token: null, pageToken: "", looking: null, list: null, timer: null, listing: false,
  lookTimer: null, asking: new Set(), rulesOf: null,   // the looks on their way, by label

  init() {
    const m = /(?:^#|&)token=([^&]*)/.exec(location.hash);
    if (m) {
      this.token = decodeURIComponent(m[1]);
      try { sessionStorage.setItem(this.KEY, this.token); } catch (e) { /* kept for this page only */ }
      history.replaceState(null, "", location.pathname + location.search);
    } else this.token = sessionStorage.getItem(this.KEY);
    $("token-form").onsubmit = ev => {
      ev.preventDefault();
      this.token = $("token").value.trim();
      try { sessionStorage.setItem(this.KEY, this.token); } catch (e) { /* kept for this page only */ }
      $("token-form").hidden = true; this.tick();
      if (this.looking) this.look(this.looking);
    };
    $("show-ended").onchange = () => { if (this.list) this.drawClass(this.list); };
    $("look-close").onclick = () => this.lookAt(null);
    $("push-send").onclick = () => this.push();
    $("push-withdraw").onclick = () => this.withdraw();
    $("push-file").onchange = () => this.readFile();
    this.start();
  },
  async call(method, url, body) {
    const headers = {"X-Pyengine-Teacher": this.token || ""};
    if (body !== undefined) Object.assign(headers, {"Content-Type": "application/json", "X-Pyengine-Token": this.pageToken});
    const res = await fetch(url, {method, headers, body: body === undefined ? undefined : JSON.stringify(body)});
    const data = await res.json().catch(() => ({error: "bad answer from the server"}));
    if (!res.ok) throw Object.assign(new Error(data.error || res.statusText), {status: res.status, data});
    return data;
  },
  say(text) { $("said").textContent = text || ""; },
  // The page's token (POST needs it, as the students' pages do) and the engines.
  async start() {
    try {
      const info = await this.call("GET", "/api/targets");
      this.pageToken = info.token;
      const engines = info.programs ? info.programs.engines : [];
      engines.forEach(e => $("push-engine").append(el("option", {value: e, text: e})));
      if (!info.programs) {
        $("push-send").disabled = true;
        $("push-said").textContent = "this server runs no programs from the page (--no-programs): nothing to push";
      }
    } catch (e) { this.say(e.message); }
    if (!this.token) { $("token-form").hidden = false; return; }
    this.tick();
  },
  // The list every EVERY ms after its last answer (never two at once), whatever the look
  // is waiting for.
  async tick() {
    clearTimeout(this.timer);
    if (this.listing) return;                     // the one on its way asks again
    this.listing = true;
    try {
      this.list = await this.call("GET", "/api/class");
      this.drawClass(this.list); this.say("");
    } catch (e) {
      this.say(e.message);
      if (e.status === 403) { $("token-form").hidden = false; $("status").textContent = ""; return; }
    } finally { this.listing = false; }
    this.timer = setTimeout(() => this.tick(), this.EVERY);
  },

  drawClass(c) {
    const all = c.sessions, open = all.filter(s => !s.ended);
    const shown = $("show-ended").checked ? all : open;
    $("class-count").textContent = `${open.length} open, ${all.length - open.length} ended`;
    $("status").textContent = `refreshed ${clock(c.now)}`;
    const body = $("sessions").querySelector("tbody"); body.textContent = "";
    if (!shown.length) body.append(el("tr", {}, el("td", {colspan: "8", text: "(no session yet)"})));
    shown.forEach(s => body.append(this.row(s, c.now)));
    this.drawPushed(c.pushed);
  },
  row(s, now) {
    const what = s.program ? `program ${s.program}` : s.target;
    const last = s.last ? el("td", {}, s.last + " ", el("span", {cls: "when", text: ago(now, s.at)}))
                        : el("td", {text: "(nothing yet)"});
    const error = el("td", {cls: "error"}, s.error || "");
    if (s.error) error.append(" ", el("span", {cls: "when", text: ago(now, s.error_at)}));
    const state = s.ended ? `ended: ${s.ended}` : `open ${ago(now, s.opened).replace(" ago", "")}`;
    return el("tr", {cls: (s.ended ? "ended" : "") + (s.label === this.looking ? " looking" : ""),
                     "data-label": s.label, title: s.ended ? "" : "show this session, read-only",
                     onclick: () => { if (!s.ended) this.lookAt(s.label); }},
      el("td", {cls: "label", text: `#${s.n} ${s.label}`}), el("td", {text: s.client}),
      el("td", {text: what}), el("td", {text: s.engine || ""}),
      el("td", {cls: "firings", text: String(s.fired)}), last, error, el("td", {text: state}));
  },

  // One session, read-only: its picture, facts, agenda, last firings and rules.
  lookAt(label) {
    if (label && label === this.looking) return;  // looked at already (its look refreshes)
    clearTimeout(this.lookTimer);
    this.looking = label; this.rulesOf = null;
    $("look").hidden = !label;
    $("look-rules").textContent = "";
    if (this.list) this.drawClass(this.list);
    if (!label) return;
    $("look-label").textContent = label;
    this.look(label);
  },
  // Its rules (once), then its state; again EVERY ms after the answer, while it is the
  // one looked at. A look still on its way is not asked again (a busy student's answer
  // comes when their running request ends): at most one a student at a time.
  async look(label) {
    if (this.asking.has(label)) return;
    this.asking.add(label);
    let again = true;
    try {
      if (this.rulesOf !== label) {
        const rules = await this.call("GET", `/api/class/${label}/rules`);
        if (label === this.looking && this.rulesOf !== label) { this.drawRules(rules); this.rulesOf = label; }
      }
      const st = await this.call("GET", `/api/class/${label}/state`);
      if (label === this.looking) this.drawLook(st);
    } catch (e) {
      if (label === this.looking) $("look-message").textContent = e.message;
      if (label === this.looking && (e.status === 410 || e.status === 404)) this.looking = null;   // ended: shown as it last was
      again = e.status !== 403;                   // the token: asked again once it is given
    } finally { this.asking.delete(label); }
    if (again && label === this.looking) {
      clearTimeout(this.lookTimer);
      this.lookTimer = setTimeout(() => this.look(label), this.EVERY);
    }
  },
  drawRules(rules) {
    $("look-rules").textContent = "";
    rules.forEach(r => $("look-rules").append(el("details", {cls: "rule"}, el("summary", {text: r.name}),
                                                 el("pre", {text: r.source}))));
  },
  drawLook(st) {
    const tag = `[${st.engine}]`;       // a program's title names its engine already (as app.js)
    $("look-label").textContent = `${st.id}: ${st.title.includes(tag) ? st.title : `${st.title} ${tag}`}, ${st.fired} fired`;
    $("look-message").textContent = st.message + (st.finish ? "\n" + st.finish : "");
    const pic = $("look-picture"); pic.textContent = "";
    pic.append(drawPicture(st.picture, {why() {}, act() {}}));      // read-only: clicks do nothing
    $("look-count").textContent = `${st.shown} of ${st.count}`;
    listing("look-facts", st.facts.map(f => `f-${f.id}\t${f.text}`));
    $("look-strategy").textContent = "strategy " + st.strategy;
    listing("look-agenda", st.agenda.length ? st.agenda.map(a =>
      `${String(a.salience).padStart(4)}  ${a.rule}: ${a.facts.map(f => "f-" + f).join(",")}`) : ["(empty)"]);
    listing("look-last", st.timeline.slice(-30).map(f => `${String(f.n).padStart(5)} ${f.rule}`));
  },

  // The program pushed to every student.
  readFile() {
    const file = $("push-file").files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => { $("push-text").value = reader.result; $("push-name").value = file.name; };
    reader.readAsText(file);
  },
  async push() {
    const program = {name: $("push-name").value.trim() || "lesson.clp", source: $("push-text").value,
                     engine: $("push-engine").value};
    await this.sending(program, "checking and compiling...");
  },
  async withdraw() { await this.sending(null, "withdrawing..."); },
  async sending(program, doing) {
    const said = $("push-said"); said.className = ""; said.textContent = doing;
    try {
      const r = await this.call("POST", "/api/class/push", {program});
      this.drawPushed(r.pushed);
      said.textContent = r.pushed ? "pushed: every student's page offers it now" : "withdrawn";
    } catch (e) { said.className = "error"; said.textContent = e.message; }
  },
  drawPushed(p) {
    $("push-withdraw").disabled = !p;
    $("push-withdraw").title = p ? `pushed: ${p.name} (${p.engine}, ${p.rules} rules) at ${clock(p.at)}` : "nothing pushed";
  },
};

function listing(id, lines) {
  const box = $(id); box.textContent = "";
  lines.forEach(line => box.append(el("div", {cls: "row", text: line})));
}
function clock(t) { return new Date(t * 1000).toLocaleTimeString(); }
function ago(now, t) {
  if (t == null) return "";
  const s = Math.max(0, Math.round(now - t));
  return s < 60 ? `${s} s ago` : s < 3600 ? `${Math.round(s / 60)} min ago` : `${Math.round(s / 3600)} h ago`;
}

Teacher.init();

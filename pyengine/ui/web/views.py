"""A web session as the page's JSON: the fact base, agenda, stage, firings, the
puzzle's picture (its declaration's, or the facts by relation: :mod:`.pictures`) and
the facts its declaration lets a user submit. Every text comes from the engine's one
set of text forms.
"""
from __future__ import annotations

from pyengine.engine.textio import one_line, written_out
from pyengine.engine.trace import fire_line, matches_lines
from pyengine.ui.queries import select_facts
from pyengine.ui.web.pictures import picture
from pyengine.engine.errors import UsageError
from pyengine.ui.graph import firing_graph

MAX_FACTS = 2000          # facts sent per state (the filter narrows them)
MAX_TIMELINE = 3000       # firings listed in the timeline (the latest)
MAX_AGENDA = 200          # activations listed per state (the next to fire first)
MAX_TEXT = 1000           # characters of one fact's text in a state (``show`` has it all)
MAX_RULE = 200            # characters of a rule's name in a state (a name of 8,000 in a
                          # timeline of 3,000 made a state of 27 MB); a longer one is cut
MAX_NODE_ITEMS = 200      # facts or tokens sent per node of one rule's network (count: all)
MAX_NODE_ITEMS_ALL = 20   # ... per node when every rule's network is asked for
MAX_MATCH_LINES = 5000    # lines of one rule's matches listing (the shell's has them all)
MAX_OUTPUT_LINES = 40     # lines a firing printed, sent per firing (the transcript has all)
MAX_OUTPUT_CHARS = 64_000  # ... and in one state, all firings together
MAX_FACT_CHARS = 400_000  # characters of the facts' rows in one state, all together


def _short(text: str, most: int = MAX_TEXT) -> str:
    return text if len(text) <= most else text[:most] + " ..."


def fact_row(text: str) -> str:
    """A fact's text as one row of a facts list (the student's page and the teacher's
    look): a line break in one of its strings (a program's string written over two
    lines, ``(format nil "a%nb")``) written out as ``\\n`` (``\\r``), a backslash
    doubled (a string holding a backslash and ``n`` is not a line break), then cut."""
    return _short(written_out(text))


def state(ws, filter_text: str | None = None) -> dict:
    """Everything the page draws after an action."""
    ins = ws.ins
    s = ins.session
    facts = s.facts()
    shown = select_facts(s, filter_text) if filter_text else facts
    runner = ins.runner
    setup = ins.setup
    finish = None
    if runner.done and setup is not None and setup.finish is not None:
        try:
            finish = str(setup.finish() or "")
        except Exception as exc:          # a half-made result: say so, keep the page
            said = one_line(exc) if isinstance(exc, UsageError) else type(exc).__name__
            finish = f"(no result yet: {said})"
    trace = s.trace
    room = [MAX_FACT_CHARS]             # the rows of a state: about 2 MB at most
    rows = _rows(((f.id, f.text) for f in shown[:MAX_FACTS]), room)
    pic = picture(ws.action, facts, ins.log, ws.new)
    submit = [s.describe() for s in ws.action.submit] if ws.action is not None else []
    return {
        "id": ws.id, "target": ws.target, "title": setup.title if setup else "",
        "program": ws.program,
        "engine": s.engine, "strategy": s.strategy, "seed": runner.seed,
        "fired": len(trace), "message": ws.message, "capped": ws.capped,
        "stage": {"stages": [st.name for st in runner.stages], "index": runner.index,
                  "active": runner.active, "done": runner.done},
        "facts": [{**row, "new": row["id"] in ws.new} for row in rows],
        "count": len(facts), "shown": len(rows),
        "gone": _rows(ws.gone[:MAX_FACTS], room),
        "agenda": [{"rule": _short(a.rule, MAX_RULE), "salience": a.salience,
                    "facts": list(a.facts),
                    "basis": list(a.basis) if a.basis is not None else list(a.facts)}
                   for a in s.agenda(MAX_AGENDA)],        # basis: null for CLIPS's "*"
        "agenda_size": s.agenda_size(),
        "agenda_elsewhere": s.activations_elsewhere(),    # other modules' (modules' own)
        "last": firings_json(ws.last[-200:]),
        "timeline": [{"n": f.number, "rule": _short(f.rule, MAX_RULE)}
                     for f in trace[-MAX_TIMELINE:]],
        "finish": finish,
        "picture": pic,
        "submit": submit,
    }


def _rows(facts, room: list[int]) -> list[dict]:
    """``{"id", "text"}`` rows of ``(id, text)`` facts while ``room`` (characters, spent
    here) lasts: a fact base of long texts is sent in part (the count says how many)."""
    out = []
    for fid, text in facts:
        row = fact_row(text)
        room[0] -= len(row)
        if room[0] < 0:
            break
        out.append({"id": fid, "text": row})
    return out


def firing_json(f, room: list[int] | None = None) -> dict:
    """One firing; of what it printed, at most :data:`MAX_OUTPUT_LINES` lines, each
    cut as a fact's text is, within ``room`` (the characters left for the state's
    output, spent here); ``more_output`` counts the lines left out."""
    room = [MAX_OUTPUT_CHARS] if room is None else room
    output = []
    for line in f.output[:MAX_OUTPUT_LINES]:
        if room[0] <= 0:
            break
        output.append(_short(line))
        room[0] -= len(output[-1])
    out = {"n": f.number, "rule": _short(f.rule, MAX_RULE), "matched": list(f.matched),
           "asserted": list(f.asserted), "retracted": list(f.retracted),
           "output": output, "line": _short(fire_line(f))}
    if len(f.output) > len(output):
        out["more_output"] = len(f.output) - len(output)
    return out


def firings_json(firings) -> list[dict]:
    """Firings as a state lists them: what they printed within one budget, the
    latest firings' first (the page shows the last action's end)."""
    room = [MAX_OUTPUT_CHARS]
    return [firing_json(f, room) for f in reversed(firings)][::-1]


def rules_json(ws) -> list[dict]:
    s = ws.ins.session
    return [{"name": r, "source": s.rule_source(r)} for r in s.rules()]


def why_json(ws, fact_id: int, depth: int, limits) -> dict:
    """The provenance tree (the shell's ``why``) ``depth`` firings deep, as nested dicts
    (at most ``limits.why_nodes`` of them; the rest marked ``more``), and its lines."""
    tree = ws.ins.why(fact_id, depth)
    budget = [limits.why_nodes]

    def node(p) -> dict:
        budget[0] -= 1
        out = {"id": p.id, "text": _short(p.text), "kind": p.kind, "live": p.live,
               "note": p.note(), "firing": None, "parents": [], "more": p.cut}
        if p.firing is not None:
            out["firing"] = {"n": p.firing.number, "rule": p.firing.rule,
                             "line": fire_line(p.firing)}
        if p.firing is not None and not p.shown_above and not p.cut:
            for k in p.parents:
                if budget[0] <= 0:
                    out["more"] = True
                    break
                out["parents"].append(node(k))
        return out
    return {"tree": node(tree), "depth": depth,
            "lines": [_short(line) for line in tree.lines()[:limits.why_nodes * 3]]}


def graph_json(ws, of, last: int | None = None) -> dict:
    """The firing graph of a fact's why (``of``: an id), a rule's firings (a name) or
    the run (None), its last ``last`` firings (None: as many as a graph draws): SVG
    drawn by Graphviz from the DOT text we write (every text a quoted, escaped label,
    which Graphviz writes into the SVG as XML-escaped text; the page shows it as an
    image, which runs no script), or its DOT text where Graphviz is absent."""
    drawing = firing_graph(ws.ins.session, ws.ins.log, of, last)
    try:
        return {"of": of, "last": last, "svg": drawing.svg()}
    except UsageError as exc:
        return {"of": of, "last": last, "svg": None, "dot": drawing.dot(), "note": str(exc)}


def matches_json(ws, rule: str) -> dict:
    """A rule's matches, cut to MAX_MATCH_LINES lines and MAX_FACTS facts or
    activations a list (a join of big memories lists millions of rows)."""
    m = ws.ins.session.matches(rule)
    lines = matches_lines(m)
    if len(lines) > MAX_MATCH_LINES:
        lines = lines[:MAX_MATCH_LINES] + [
            f";; {len(lines) - MAX_MATCH_LINES:,} more lines (the shell's matches lists all)"]
    return {"rule": m.rule, "lines": lines,
            "patterns": [{"source": p.source, "facts": list(p.facts[:MAX_FACTS])}
                         for p in m.patterns],
            "activations": [list(a) for a in m.activations[:MAX_FACTS]]}


def network_json(ws, rule: str | None) -> dict:
    """The Rete network of ``rule`` (every rule's, None): each rule's nodes (their
    facts or tokens cut to a few hundred; ``count`` has them all) and the shell's
    ``network`` lines."""
    view = ws.ins.network(rule)
    most = MAX_NODE_ITEMS if rule is not None else MAX_NODE_ITEMS_ALL
    return {"rule": rule, "lines": [_short(line) for line in view.lines()],
            **view.to_json(most)}

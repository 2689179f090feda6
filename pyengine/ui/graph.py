"""The firing graph of a run: facts -> firing -> facts, drawn with Graphviz.

Each firing is a box (``FIRE 3 count-down``); each fact version it matched points at
it, and it points at each fact version it made (a dashed line to a fact it retracted
without making it again). A fact changed by ``modify`` is one node per version, the
versions joined by a dotted chain, so a countdown reads top to bottom as it ran.

:func:`firing_graph` picks the firings: the last ones of the run, those behind one
fact (its ``why``), or those of one rule; ``last``: only the last N of them. :class:`RunGraph` writes Graphviz's DOT text
itself (labels escaped) and asks Graphviz's ``dot`` program for SVG; without
Graphviz installed (Debian: ``apt-get install graphviz``) the DOT text still works.
"""
from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass, field

from pyengine.engine.errors import UsageError
from pyengine.engine.textio import visible, writable_file
from pyengine.engine.trace import after
from pyengine.engine.wording import plural

MAX_FIRINGS = 200        # firings one graph draws at most (the latest of those asked for)
MAX_LABEL = 60           # characters of a fact's text in its node
DOT_SECONDS = 5          # the most Graphviz may take to draw one graph (within the
                         # web page's 10 s a request)
DOT_MEMORY = 512 * 2**20  # and the most memory it may take


@dataclass
class RunGraph:
    """Nodes (id -> (label, kind)) and edges (from, to, style) of a firing graph."""

    title: str
    nodes: dict[str, tuple[str, str]] = field(default_factory=dict)
    edges: list[tuple[str, str, str]] = field(default_factory=list)

    def dot(self) -> str:
        """The graph in Graphviz's DOT language."""
        shape = {"firing": 'shape=box style="rounded,filled" fillcolor="#dde8f7"',
                 "fact": 'shape=ellipse', "old": 'shape=ellipse style=dashed fontcolor="#666666"'}
        style = {"matched": "", "made": 'color="#2471a3"', "retracted": "style=dashed",
                 "version": 'style=dotted arrowhead=none'}
        lines = ["digraph run {", f"  label={_quote(self.title)}; labelloc=t;",
                 "  rankdir=TB; nslimit=2; nslimit1=2;",    # dot's ranking bounded: a run
                 "  node [fontname=monospace fontsize=10];"]  # of 105 firings took minutes
        lines += [f"  {nid} [label={_quote(label)} {shape[kind]}];"
                  for nid, (label, kind) in self.nodes.items()]
        lines += [f"  {a} -> {b} [{style[kind]}];".replace(" [];", ";") for a, b, kind in self.edges]
        return "\n".join(lines + ["}"]) + "\n"

    def svg(self) -> str:
        """The graph drawn by Graphviz as SVG (UsageError without Graphviz)."""
        dot = shutil.which("dot")
        if dot is None:
            raise UsageError("drawing the graph needs Graphviz's dot program (Debian: "
                             "apt-get install graphviz); write --to FILE.dot for its text")
        try:
            done = subprocess.run([dot, "-Tsvg"], input=self.dot(), capture_output=True,
                                  text=True, timeout=DOT_SECONDS, preexec_fn=_bounded)
        except subprocess.TimeoutExpired:
            raise UsageError(f"Graphviz took more than {DOT_SECONDS} s: draw fewer "
                             "firings (--last 20, a fact or a rule)") from None
        if done.returncode != 0:
            raise UsageError(f"Graphviz failed: {(done.stderr.strip().splitlines() or [''])[0]}")
        return done.stdout

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        return self.dot()

    def write(self, path: str) -> str:
        """Write the graph to ``path``: ``.dot`` its text, ``.svg`` the drawing."""
        if not path.endswith((".dot", ".svg")):
            raise UsageError(f"--to {path}: write FILE.svg (a drawing) or FILE.dot (its text)")
        target = writable_file(path)
        made = not target.exists()
        try:                            # the file first: a path that cannot be written
            fh = open(target, "w", encoding="utf-8")    # is said before any drawing
        except OSError as exc:
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
        with fh:
            try:
                fh.write(self.dot() if path.endswith(".dot") else self.svg())
            except (UsageError, OSError) as exc:
                fh.close()
                if made:
                    target.unlink(missing_ok=True)
                if isinstance(exc, OSError):
                    raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None
                raise
        firings = sum(1 for _, k in self.nodes.values() if k == "firing")
        return f"wrote {path}: {plural(firings, 'firing')}, {plural(len(self.nodes), 'node')}"


def firing_graph(session, log, what: str | int | None = None,
                 last: int | None = None) -> RunGraph:
    """The graph of the run's last firings, or of those behind a fact (``what``: an
    id), or of one rule's firings (``what``: its name); the last ``last`` of them
    (None: MAX_FIRINGS, the most it draws)."""
    if last is not None and not 1 <= last <= MAX_FIRINGS:
        raise UsageError(f"a graph draws from 1 to {MAX_FIRINGS} firings, not {last}")
    most = MAX_FIRINGS if last is None else last
    trace = session.trace
    if what is None:
        firings = trace[-most:]
        title = "the run" if last is None else f"the last {plural(len(firings), 'firing')}"
    elif isinstance(what, int):
        session.why(what)                          # UsageError for an unknown id
        firings = sorted(session.why_chain(what), key=lambda f: f.number)[-most:]
        title = f"why f-{what}"
    else:
        if what not in session.rules():
            raise UsageError(f"no rule named {what!r}")
        firings, title = [f for f in trace if f.rule == what][-most:], f"rule {what}"
    graph = RunGraph(title)
    if isinstance(what, int):                      # the fact itself, made by a rule or not
        _fact_node(graph, session, log, what, len(trace) + 1)
    for firing in firings:
        _add_firing(graph, session, log, firing)
    _chain_versions(graph, session)
    return graph


def _add_firing(graph: RunGraph, session, log, firing) -> None:
    n = firing.number
    fire = f"fire{n}"
    graph.nodes[fire] = (f"FIRE {n} {firing.rule}", "firing")
    for fid in firing.matched:
        graph.edges.append((_fact_node(graph, session, log, fid, n), fire, "matched"))
    made = set(firing.asserted)
    for fid in firing.asserted:
        graph.edges.append((fire, _fact_node(graph, session, log, fid, after(n)), "made"))
    for fid in firing.retracted:
        if fid not in made and fid not in firing.matched:
            graph.edges.append((fire, _fact_node(graph, session, log, fid, n), "retracted"))


def _fact_node(graph: RunGraph, session, log, fid: int, before: int) -> str:
    """The node of the version of ``fid`` live just before firing ``before``."""
    version = max(session.version_before(fid, before), 0)
    nid = f"f{fid}v{version + 1}"         # as its label counts: v1 is the first
    if nid not in graph.nodes:
        text = log.text_at(fid, before) if log is not None else ""
        if len(text) > MAX_LABEL:
            text = text[:MAX_LABEL] + " ..."
        last = version >= len(session.versions.get(fid, ())) - 1
        label = f"f-{fid} {text}" + ("" if version == 0 and last else f"  (v{version + 1})")
        graph.nodes[nid] = (label, "fact" if last else "old")
    return nid


def _chain_versions(graph: RunGraph, session) -> None:
    """Join the drawn versions of each fact in order, with a dotted line."""
    by_fact: dict[str, list[int]] = {}
    for nid, (_, kind) in graph.nodes.items():
        if kind != "firing":
            fid, version = nid[1:].split("v")
            by_fact.setdefault(fid, []).append(int(version))
    for fid, versions in by_fact.items():
        versions.sort()
        for a, b in zip(versions, versions[1:]):
            graph.edges.append((f"f{fid}v{a}", f"f{fid}v{b}", "version"))


def _quote(text: str) -> str:
    """A DOT string: quotes and backslashes escaped, one line, a character a screen
    hides or turns around written out (a fact's text is whatever the rules made)."""
    clean = " ".join(visible(str(text)).split())
    return '"' + clean.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _bounded() -> None:
    """In Graphviz's process before it starts: its CPU time and memory bounded, and
    (Linux) killed with the process that asked for the drawing, so a session's worker
    ended for its time leaves no drawing running."""
    import resource
    resource.setrlimit(resource.RLIMIT_CPU, (DOT_SECONDS + 1, DOT_SECONDS + 1))
    resource.setrlimit(resource.RLIMIT_AS, (DOT_MEMORY, DOT_MEMORY))
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, 9)     # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        pass

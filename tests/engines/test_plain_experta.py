"""Importing pyengine (and running its sessions) leaves experta as it was: no class of
experta's is changed, and a plain KnowledgeEngine in the same process behaves as it
does in a process that never imported pyengine (experta's own matcher, its ids, its
duplicate rule, its agenda order)."""
import json
import subprocess
import sys

PLAIN = r'''
import collections, collections.abc, json, sys
for n in ("Mapping", "MutableMapping", "Sequence", "MutableSequence", "Set", "MutableSet",
          "Iterable", "Iterator", "Hashable", "Callable"):
    if not hasattr(collections, n):
        setattr(collections, n, getattr(collections.abc, n))
import experta
from experta import AS, MATCH, NOT, W, DefFacts, Fact, KnowledgeEngine, Rule

def fingerprint():
    """Every function and attribute of every experta class, by identity."""
    out = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("experta"):
            continue
        for cname, cls in sorted(vars(module).items()):
            if isinstance(cls, type) and cls.__module__ == name:
                out[name + "." + cname] = sorted(
                    (k, repr(type(v).__name__), id(v)) for k, v in vars(cls).items())
    return out

class N(Fact): pass
class Seen(Fact): pass

class Counter(KnowledgeEngine):
    @DefFacts()
    def start(self):
        yield N(3)
        yield N(3)
    @Rule(AS.f << N(MATCH.v), NOT(Seen(MATCH.v)))
    def note(self, f, v):
        self.declare(Seen(v))
        print("note", v, f.__factid__)
    @Rule(AS.f << N(MATCH.v), Seen(MATCH.v), salience=-1)
    def down(self, f, v):
        if v > 0:
            new = self.modify(f, _0=v - 1)
            print("down", v, "->", new.__factid__)
        again = self.declare(Seen(v))
        print("again", again)

def plain_run():
    import io, contextlib
    out = io.StringIO()
    e = Counter()
    with contextlib.redirect_stdout(out):
        e.reset()
        e.run()
    return {"out": out.getvalue(), "facts": sorted((i, repr(f)) for i, f in e.facts.items()),
            "matcher": type(e.matcher).__module__}

before = fingerprint()
if sys.argv[1] == "with-pyengine":
    from pyengine.engine.experta import ExpertaSession
    s = ExpertaSession(Counter)
    s.reset()
    s.run()
    theirs = [f.text for f in s.facts()]
else:
    theirs = []
print(json.dumps({"plain": plain_run(), "same_classes": before == fingerprint(),
                  "ours": theirs}))
'''


def _run(mode: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PLAIN, mode], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_plain_experta_is_untouched_by_pyengine():
    alone, beside = _run("alone"), _run("with-pyengine")
    assert beside["same_classes"], "importing pyengine changed a class of experta's"
    assert beside["plain"] == alone["plain"]
    assert alone["plain"]["matcher"] == "experta.matchers.rete"
    assert "again None" in alone["plain"]["out"]          # experta refuses duplicates: None
    assert any("InitialFact" in text for _, text in alone["plain"]["facts"])


def test_the_same_class_on_our_engine_follows_clips():
    ours = _run("with-pyengine")["ours"]
    assert not any("initial" in t for t in ours)
    assert "(n 0)" in ours                                   # modified down to 0, id kept
    assert sum(t.startswith("(seen") for t in ours) == 4    # 3, 2, 1, 0

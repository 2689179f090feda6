"""What a CLIPS program sent from a browser may hold, and the text an engine is given.

A program typed in the page is never handed to CLIPS as typed. :func:`check_program`
reads it with our reader (:mod:`pyengine.engine.clips_reader`) into tokens and forms,
and refuses, with one line naming the line and column:

* anything past the bounds of :class:`ProgramLimits` (size, lines, tokens, nesting,
  constructs, numbers outside 64 bits), instance names, a top-level item that is not
  one of :data:`CONSTRUCTS`;
* a list whose head is a function CLIPS knows (:func:`clips_functions`, asked of CLIPS
  itself) that is not on :data:`FUNCTIONS`, wherever the list stands: a fact named
  ``system`` is refused too, as the reader cannot always tell a pattern from a call;
* ``sort`` with a comparison that is not a function of plain values
  (:data:`COMPARISONS`) or one of the program's own deffunctions (``sort`` calls its
  first argument by name, and a function with a parser of its own crashes CLIPS);
* ``format`` whose control string is not written out as a string, or asks for a width
  or precision over :data:`FORMAT_MAX_WIDTH`, or (on CLIPS) ``%f``: CLIPS 6.4 formats
  into a buffer 200 bytes longer than the control string, and overruns it (a crash, a
  corrupted heap) with ``%250d``, ``%.250f`` or ``(format nil "%f" 1e308)``, whose
  digits no width bounds; ``%e`` and ``%g`` print any float within the bound.

In CLIPS a function is called only by a list's head (``funcall``, ``eval`` and
``build``, which call by name or text, are refused), so a program whose every head
passes calls only allowed functions and its own deffunctions, whose bodies pass the
same check. The text the engine then gets is written back from our tokens: the same
whitespace and lines (so errors name the student's lines), strings re-escaped,
control characters dropped from comments. CLIPS therefore reads exactly what was
checked, even where its scanner and ours could differ.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from pyengine.engine import clips_crash_guards as crash_guards
from pyengine.engine.clips_names import clips_system_functions
from pyengine.engine.clips_reader import Form, ReadError, String, Symbol, Token, read, tokens
from pyengine.engine.textio import UNSHOWN, unshown, visible
from pyengine.engine.clp.functions_format import conversions, widest
from pyengine.engine.errors import UsageError

CONSTRUCTS = ("deftemplate", "deffacts", "defrule", "deffunction", "defglobal", "defmodule")

_MATH = """+ - * / ** div mod abs min max float integer round sqrt exp log log10 pi
    sin cos tan sec csc cot asin acos atan atan2 asec acsc acot sinh cosh tanh sech csch
    coth asinh acosh atanh asech acsch acoth deg-grad deg-rad grad-deg rad-deg
    random seed = <> != < <= > >= eq neq and or not evenp oddp"""
_TYPES = """numberp integerp floatp lexemep stringp symbolp multifieldp fact-addressp
    pointerp external-addressp type"""
_TEXT = """str-cat sym-cat str-length str-byte-length str-compare str-index sub-string
    str-replace upcase lowcase string-to-field format gensym gensym*"""
_LISTS = """create$ nth$ first$ rest$ length$ member$ subseq$ subsetp insert$ delete$
    replace$ delete-member$ replace-member$ explode$ implode$ expand$ union$
    intersection$ difference$ sort"""
_FACTS = """assert retract modify duplicate fact-index fact-existp fact-relation
    fact-slot-names fact-slot-value any-factp find-fact find-all-facts do-for-fact
    do-for-all-facts delayed-do-for-all-facts deftemplate-slot-names
    deftemplate-slot-default-value deftemplate-slot-multip deftemplate-slot-singlep
    deftemplate-slot-existp deftemplate-slot-allowed-values deftemplate-slot-range
    deftemplate-slot-types deftemplate-slot-cardinality deftemplate-slot-defaultp"""
_CONTROL = """bind if while loop-for-count progn progn$ foreach switch break return halt
    focus pop-focus clear-focus-stack get-focus get-current-module get-strategy
    printout print println read readline read-number time"""
#: Every CLIPS function a program from the page may call.
FUNCTIONS = frozenset(f"{_MATH} {_TYPES} {_TEXT} {_LISTS} {_FACTS} {_CONTROL}".split())

#: Why the best-known refused functions are refused (any other is "not on the list").
_REASONS = {
    "runs a program or a command on the server": "system operating-system python-function "
        "chdir exit",
    "reads or writes files": "open close load load* batch batch* bload bsave save "
        "save-facts load-facts bload-facts bsave-facts save-instances load-instances "
        "bload-instances bsave-instances restore-instances dribble-on dribble-off remove "
        "rename with-open-file flush rewind seek tell get-char put-char unget-char "
        "constructs-to-c",
    "evaluates text or calls a function by name": "eval build funcall str-assert "
        "assert-string expansion-call",
    "changes the environment the page controls": "clear reset run set-strategy "
        "set-salience-evaluation set-fact-duplication set-reset-globals set-current-module "
        "set-sequence-operator-recognition set-dynamic-constraint-checking "
        "set-locale watch unwatch undefrule undeftemplate undeffacts undeffunction "
        "undefglobal conserve-mem release-mem",
    "uses COOL objects or message handlers, which the page does not offer": "send "
        "make-instance active-make-instance modify-instance duplicate-instance "
        "unmake-instance delete-instance initialize-instance call-next-handler "
        "override-next-handler call-next-method override-next-method "
        "call-specific-method do-for-instance do-for-all-instances find-instance "
        "find-all-instances dynamic-get dynamic-put instances",
}
REASONS = {name: why for why, names in _REASONS.items() for name in names.split()}


#: The widest field (and the longest precision) ``format`` may ask for in a page program.
FORMAT_MAX_WIDTH = 100


@dataclass(frozen=True)
class ProgramLimits:
    """How big a program from the page may be."""

    chars: int = 60_000
    lines: int = 3_000
    tokens: int = 40_000
    depth: int = 64
    constructs: int = 400


@dataclass(frozen=True)
class Checked:
    """A program that passed: the text an engine is given, and its constructs as
    (kind, name, line)."""

    text: str
    constructs: tuple[tuple[str, str, int], ...]


class ProgramRefused(UsageError):
    """A program the page does not run; ``line`` and ``column`` say where (or None)."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        where = f"line {line}, column {column}: " if line and column else \
            f"line {line}: " if line else ""
        super().__init__(where + message)
        self.line, self.column = line, column

    def place(self) -> dict:
        """``{"line": L, "column": C}`` as far as known: what the editor marks."""
        return {k: v for k, v in (("line", self.line), ("column", self.column)) if v}


@functools.lru_cache(maxsize=1)
def clips_functions() -> frozenset[str]:
    """Every function this CLIPS knows (``get-function-list``, asked of CLIPS itself, so
    a newer CLIPS's functions are refused until they are put on the list)."""
    return clips_system_functions() | set(REASONS)


def check_program(text: str, limits: ProgramLimits = ProgramLimits(),
                  engine: str = "clips") -> Checked:
    """``text`` checked as above for ``engine`` ("clips" or "ours"): what to give the
    engine, or ProgramRefused."""
    if not isinstance(text, str) or not text.strip():
        raise ProgramRefused("the program is empty: write a (deftemplate ...), (deffacts ...) "
                             "or (defrule ...)")
    if len(text) > limits.chars:
        raise ProgramRefused(f"the program is {len(text):,} characters; the page takes at most "
                             f"{limits.chars:,}")
    lines = len(text.splitlines())
    if lines > limits.lines:
        raise ProgramRefused(f"the program is {lines:,} lines; the page takes at most "
                             f"{limits.lines:,}")
    written = write_back(text, limits)
    try:
        forms = read(written, max_depth=limits.depth, max_tokens=limits.tokens)
    except ReadError as exc:
        raise _refused(exc) from None
    constructs = tuple(_check_constructs(forms, limits, engine))
    if engine != "clips":
        return Checked(written, constructs)
    try:
        crash_guards.check(forms)
        return Checked(crash_guards.guard_random(written, forms), constructs)
    except crash_guards.Crashes as exc:
        raise ProgramRefused(str(exc), getattr(exc.form, "line", None),
                             getattr(exc.form, "col", None)) from None


def write_back(text: str, limits: ProgramLimits) -> str:
    """The text as CLIPS will read it: our tokens, written canonically, with the
    whitespace between them as it was."""
    out, end, count = [], 0, 0
    try:
        for tok in tokens(text, comments=True):
            count += 1
            if count > limits.tokens:
                raise ProgramRefused(f"more than {limits.tokens:,} tokens", tok.line)
            out.append(text[end:tok.offset])
            out.append(_token_text(tok))
            end = tok.offset + len(tok.text)
    except ReadError as exc:
        raise _refused(exc) from None
    out.append(text[end:])
    return "".join(out)


def _token_text(tok: Token) -> str:
    if tok.kind == "instance":
        raise ProgramRefused(f"{tok.text[:40]} is an instance name: COOL objects are not "
                             "offered in the page", tok.line, tok.col)
    if tok.kind == "integer" and not -2**63 <= tok.value < 2**63:
        raise ProgramRefused(f"{tok.text[:40]}... is past CLIPS's 64-bit integers",
                             tok.line, tok.col)
    if tok.kind == "float" and tok.value in (float("inf"), float("-inf")):
        raise ProgramRefused(f"{tok.text[:40]} is past CLIPS's floats", tok.line, tok.col)
    if tok.kind == "comment":
        return UNSHOWN.sub("", "".join(c for c in tok.text if c >= " " and c != "\x7f"))
    bad = unshown(tok.text)
    if bad is not None:         # CLIPS would cut a string at a NUL; the page would not
        line, col, char = bad   # within the token: its place in the program
        raise ProgramRefused(f"{char} in {tok.kind} {visible(tok.text[:40])}: a program "
                             "holds no control, invisible or text-direction characters "
                             "(but tabs and line ends)", tok.line + line - 1,
                             tok.col + col - 1 if line == 1 else col)
    if tok.kind == "string":
        return '"' + tok.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return tok.text


def _refused(exc: ReadError) -> ProgramRefused:
    """Our reader's ``line L, column C: what`` as a refusal that knows its place."""
    message = str(exc)
    head, _, rest = message.partition(": ")
    words = head.replace(",", "").split()
    if len(words) == 4 and words[0] == "line" and words[1].isdigit() and words[3].isdigit():
        return ProgramRefused(rest, int(words[1]), int(words[3]))
    return ProgramRefused(message)


def _check_constructs(forms: list, limits: ProgramLimits, engine: str):
    if len(forms) > limits.constructs:
        raise ProgramRefused(f"{len(forms):,} constructs; the page takes at most "
                             f"{limits.constructs:,}")
    own = _own_functions(forms)
    for form in forms:
        if not isinstance(form, Form):
            raise ProgramRefused(f"{str(form)[:40]!r} outside a construct: write constructs "
                                 f"only ({', '.join(CONSTRUCTS)})")
        head = form[0] if form else None
        if head not in CONSTRUCTS:
            raise ProgramRefused(_not_construct(head), form.line, form.col)
        _check_calls(form, own, engine)
        name = form[1] if len(form) > 1 and isinstance(form[1], Symbol) else ""
        yield str(head), str(name), form.line


def _own_functions(forms: list) -> set[str]:
    """The program's deffunctions, by name. One named as a function CLIPS has (``(deffunction
    system ...)``, ``MAIN::open``) is refused: CLIPS refuses it too but loads on, and
    ``sort`` given that name would call CLIPS's own (a hostile student ran a command
    so)."""
    own = set()
    for f in forms:
        if isinstance(f, Form) and len(f) > 1 and f[0] == "deffunction" \
                and isinstance(f[1], Symbol):
            name = str(f[1]).split("::")[-1]
            if name in clips_functions() or name.startswith("pyengine-"):
                raise ProgramRefused(f"deffunction {f[1]}: " + (
                    "names starting pyengine- are the page's own" if name.startswith(
                        "pyengine-") else "CLIPS has a function of that name") +
                    "; choose another", f.line, f.col)
            own.add(name)
    return own


def _not_construct(head) -> str:
    if head in ("defclass", "definstances", "defmessage-handler"):
        return f"{head} is COOL: the page runs templates, facts, rules and functions"
    if head in ("defgeneric", "defmethod"):
        return f"{head} is not offered in the page: write a deffunction"
    shown = str(head)[:40] if head is not None else "()"
    return (f"({shown} ...) is not a construct the page takes "
            f"({', '.join(CONSTRUCTS)}); commands are the page's buttons")


def _check_calls(top: Form, own: set[str], engine: str) -> None:
    """Every list's head, at any depth (iteratively: nesting is bounded but deep)."""
    known = clips_functions()
    stack = [top]
    while stack:
        form = stack.pop()
        head = form[0] if form else None
        if isinstance(head, Symbol) and head in known and head not in FUNCTIONS:
            why = REASONS.get(head, "is not on the page's list of allowed functions")
            verb = why if why.startswith("is ") else f"is refused: it {why}"
            raise ProgramRefused(f"({head} ...) {verb} (docs/web.md lists what programs "
                                 "may call)", form.line, form.col)
        if head == "sort" and not _comparison_allowed(form, own):
            raise ProgramRefused("sort's first argument must name a comparison of values "
                                 "(such as > or str-compare) or one of this program's "
                                 "deffunctions", form.line, form.col)
        if head == "format":
            _check_format(form, engine)
        stack.extend(item for item in form if isinstance(item, Form))


def _check_format(form: Form, engine: str) -> None:
    """``(format router "control" values...)``: a control string we can read, with
    bounded conversions (see the module's note)."""
    control = form[2] if len(form) > 2 else None
    if not isinstance(control, String):
        raise ProgramRefused("format's control string must be written out as a string "
                             '(such as "%d items%n"), so that it can be checked',
                             form.line, form.col)
    for flags, conv in conversions(str(control)):
        if widest(flags) > FORMAT_MAX_WIDTH:
            raise ProgramRefused(f"format: %{flags}{conv} asks for more than "
                                 f"{FORMAT_MAX_WIDTH} characters (CLIPS overruns its "
                                 "buffer past about 200)", form.line, form.col)
        if conv == "f" and engine == "clips":
            raise ProgramRefused("format: %f prints every digit of a number, and one past "
                                 "1e200 overruns CLIPS's buffer: use %e or %g (%.2e), or "
                                 "round the number and use %d", form.line, form.col)


#: what ``sort`` may call with two of its values: functions whose arguments are plain
#: values. One with a parser of its own (``assert``, ``switch``, ``bind``, ``modify``,
#: ``while``...) crashes CLIPS when sort calls it (it reads its arguments as the
#: parsed structures they are not), and ``format`` would take a value for its control
#: string, which its check never saw.
COMPARISONS = frozenset(f"{_MATH} {_TYPES} {_TEXT}".split()) - {"format", "random", "seed"}


def _comparison_allowed(form: Form, own: set[str]) -> bool:
    if len(form) < 2:
        return True
    fn = form[1]
    return isinstance(fn, Symbol) and (fn in COMPARISONS or fn in own)    # no MODULE::

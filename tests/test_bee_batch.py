"""``bee solve --batch FILE``: one hive a line (JSON or text), one result a line, every
hive through the rules, bad lines reported by number while the batch goes on."""
from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyengine
from pyengine.engine.errors import UsageError
from pyengine.puzzles.bee import batch_lines
from pyengine.puzzles.bee.batch import BatchSolved, solve_batch
from pyengine.puzzles.bee.batch_lines import parse_line
from pyengine.puzzles.bee.limits import BATCH_LINE_BYTES
from pyengine.puzzles.bee.engine import BeeEngine
from pyengine.puzzles.bee.solve import open_solve, run_solve
from tests.conftest import shared_file
from tests.test_bee import scan
from tests.test_bee_hardening import cli, one_line_error

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@pytest.fixture(scope="module")
def engine():
    return BeeEngine()


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def batch_file(tmp_path, data, name="hives.txt"):
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# -- known answers -------------------------------------------------------------------------
def test_known_hives_on_enable1(tmp_path):
    path = batch_file(tmp_path, "AEGINRT R\n")
    code, out, err = cli(["bee", "solve", "--batch", path, "--json", "--words", "enable1"])
    assert code == 0 and err == ""
    [rec] = records(out)
    assert (rec["line"], rec["words"], rec["max_score"], len(rec["pangrams"])) == \
        (1, 537, 3898, 50)
    code, out, _ = cli(["bee", "solve", "--batch", path, "--words", "enable1"])
    assert out == "AEGINRT R: 537 words, 3898 points, 50 pangrams (5 perfect)\n"


def test_answers_match_a_plain_scan(tmp_path, engine):
    hives = [("acdeilp", "c"), ("bcehiot", "o"), ("lmnoptu", "u")]
    path = batch_file(tmp_path, "".join(f"{h} {c}\n" for h, c in hives))
    recs = solve_batch(path, seed=1, engine=engine).records()
    for rec, (h, c) in zip(recs, hives):
        assert rec["answers"] == scan(engine.words.words, h, c)
        assert rec["center"] == c and rec["letters"] == h


# -- the two formats -----------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "aeginrt r", "AEGINRT R", "  aegint\tr  ", "aegintR", "aeginRt", "aegint r\r",
    '{"letters": "aeginrt", "center": "r"}', '{"letters": "aegint", "centre": "R"}',
    '{"center": "r", "outer": "aegint", "date": "2024-01-01", "answers": ["grin"]}',
    '{"letters": "aegintR"}', '\ufeffaeginrt r'])
def test_both_formats_give_the_same_hive(line):
    assert parse_line(line) == ("aeginrt", "r")


@pytest.mark.parametrize("line", ["", "   ", "# a comment", "  # indented", "\r"])
def test_blank_and_comment_lines_are_skipped(line):
    assert parse_line(line) is None


BAD = [
    ("aeginrt", "which letter is the center"),
    ("aeginrt r x", "expected LETTERS CENTER"),
    ("aeginrt q", "center Q is not one of"),
    ("aaginrt r", "must differ"),
    ("aegin r", "a hive has 7 letters"),
    ("aegi3rt r", "a-z only"),
    ("{", "not a JSON object"),
    ('["aeginrt", "r"]', "not a JSON object but a list"),
    ('{"letters": 7, "center": "r"}', '"letters" is a string of letters, not 7'),
    ('{"center": "r"}', 'no "letters"'),
    ('{"letters": "aeginrt", "outer": "aegint", "center": "r"}', "not both"),
    ('{"letters": "aeginrt", "center": "r", "centre": "r"}', "not both"),
    ('{"letters": "aeginrt", "center": ["r"]}', '"center" is a string'),
    ("{" + "[" * 5000 + "}", "not a JSON object"),
    ('{"letters": "aeginrt", "center": 1' + "0" * 5000 + "}", "not a JSON object"),
    ('{"letters": "aegint\\u0130", "center": "r"}', "a-z only"),
]


@pytest.mark.parametrize("line,message", BAD)
def test_bad_lines_are_one_line_errors(line, message):
    with pytest.raises(UsageError, match=message) as exc:
        parse_line(line)
    assert "\n" not in str(exc.value)


def test_bad_lines_give_numbered_records_and_the_batch_goes_on(tmp_path):
    data = (b"aeginrt r\n"                 # 1 good
            b"\n# comment\n"               # 2, 3 skipped
            b"caf\xe9 r\n"                 # 4 Latin-1
            b"aeg\x00inrt r\n"             # 5 NUL
            + b"a" * (BATCH_LINE_BYTES + 1) + b"\n"      # 6 too long
            + b'{"letters": 7}\n'          # 7 bad JSON field
            + b"aegintR\n")                # 8 good
    code, out, err = cli(["bee", "solve", "--batch", batch_file(tmp_path, data), "--json",
                          "--seed", "3"])
    assert code == 1 and err == ""
    recs = records(out)
    assert [r["line"] for r in recs] == [1, 4, 5, 6, 7, 8]
    errors = {r["line"]: r["error"] for r in recs if "error" in r}
    assert "not UTF-8 text (byte 0xe9 at offset 3)" in errors[4]
    assert "NUL" in errors[5]
    assert f"over {BATCH_LINE_BYTES:,} bytes" in errors[6]
    assert '"letters" is a string' in errors[7]
    assert recs[0]["letters"] == recs[-1]["letters"] == "aeginrt"
    code, out, _ = cli(["bee", "solve", "--batch", batch_file(tmp_path, data)])
    lines = out.splitlines()
    assert code == 1 and len(lines) == 6
    assert lines[1].startswith("line 4: error: the line is not UTF-8 text")
    assert lines[0].startswith("AEGINRT R: ") and lines[-1].startswith("AEGINRT R: ")


# -- standard input ------------------------------------------------------------------------
def test_stdin_bytes_and_text_streams():
    data = b'aeginrt r\n{"outer": "achpry", "center": "o"}\n'
    code, out, err = cli(["bee", "solve", "--batch", "-", "--json", "--seed", "2"], data)
    assert code == 0 and err == ""
    assert [(r["line"], r["letters"]) for r in records(out)] == \
        [(1, "aeginrt"), (2, "achopry")]
    text = io.StringIO("aeginrt r\ncaf\u00e9 r\n")
    code, out, _ = cli(["bee", "solve", "--batch", "-", "--json"], text)
    assert code == 1 and [r["line"] for r in records(out)] == [1, 2]


def test_a_long_stdin_line_is_skipped_to_its_end():
    data = b"aeginrt r\n" + b"x" * (5 * BATCH_LINE_BYTES) + b"\naegintR\n"
    code, out, _ = cli(["bee", "solve", "--batch", "-", "--json"], data)
    recs = records(out)
    assert code == 1 and [r["line"] for r in recs] == [1, 2, 3]
    assert "over" in recs[1]["error"] and recs[2]["letters"] == "aeginrt"


def test_results_stream_before_the_input_ends(engine):
    class Pipe(io.BytesIO):
        reads = 0

        def readline(self, limit=-1):
            Pipe.reads += 1
            return super().readline(limit)

    pipe = Pipe(b"aeginrt r\n" * 5)
    chunks = solve_batch("-", stdin=pipe, seed=1, engine=engine).stream(as_json=True)
    first = json.loads(next(chunks))
    assert first["line"] == 1 and Pipe.reads == 1
    assert len(list(chunks)) == 4


# -- the batch equals bee solve, puzzle by puzzle ------------------------------------------
@pytest.mark.parametrize("hints", [False, True])
def test_each_record_is_what_bee_solve_prints(tmp_path, hints):
    hives = ["aeginrt r", "acdeilp c", "bcehiot o"]
    flags = ["--seed", "7"] + (["--hints"] if hints else [])
    code, out, _ = cli(["bee", "solve", "--batch", batch_file(tmp_path, "\n".join(hives)),
                        "--json", *flags])
    assert code == 0
    for n, (rec, hive) in enumerate(zip(records(out), hives), 1):
        letters, center = hive.split()
        c, one, _ = cli(["bee", "solve", letters, "--center", center, "--json", *flags])
        assert c == 0 and rec == {"line": n} | json.loads(one)
    if hints:
        code, out, _ = cli(["bee", "solve", "--batch", batch_file(tmp_path, hives[0]),
                            "--hints"])
        assert "    WORDS: " in out and "    Two letter list:" in out


def test_dev_archive_as_json_lines(tmp_path, engine):
    dev = json.loads(shared_file("bee_dev.json").read_text())[:12]
    path = batch_file(tmp_path, "".join(json.dumps(p) + "\n" for p in dev))
    recs = solve_batch(path, seed=4, engine=engine).records()
    assert len(recs) == len(dev)
    for p, rec in zip(dev, recs):
        assert rec == {"line": recs.index(rec) + 1} | \
            run_solve(p["outer"], p["center"], seed=4).as_dict()


# -- the result, the API, refusals and limits ----------------------------------------------
def test_the_result_reads_again_and_counts(tmp_path, engine):
    batch = solve_batch(batch_file(tmp_path, "aeginrt r\nbad\n"), seed=1, engine=engine)
    assert isinstance(batch, BatchSolved)
    d = batch.as_dict()
    assert (d["solved"], d["errors"], len(d["puzzles"])) == (1, 1, 2) and "seed" not in d
    assert batch.as_dict() == d and batch.exit_status == 1
    assert batch.text().splitlines()[1].startswith("line 2: error: ")
    assert "".join(batch.stream(as_json=True)).count("\n") == 2


def test_the_python_api(tmp_path):
    result = pyengine.solve("bee", batch=batch_file(tmp_path, "aegintR\n"), seed=2)
    assert result.records()[0]["center"] == "r" and result.exit_status == 0


@pytest.mark.parametrize("argv,message", [
    (["aeginrt", "--center", "r"], "no LETTERS or --center"),
    (["--center", "r"], "no LETTERS or --center"),
    (["--trace"], "not with --batch"),
])
def test_batch_refuses_single_hive_options(tmp_path, argv, message):
    path = batch_file(tmp_path, "aeginrt r\n")
    code, out, err = cli(["bee", "solve", "--batch", path, *argv])
    assert code == 2 and out == "" and one_line_error(err) and message in err


def test_unreadable_files_are_one_line_errors(tmp_path):
    for spec, message in [(str(tmp_path / "none.txt"), "No such file"),
                          (str(tmp_path), "a directory"), ("", "empty")]:
        code, out, err = cli(["bee", "solve", "--batch", spec])
        assert code == 2 and out == "" and one_line_error(err) and message in err, err
    with pytest.raises(UsageError, match="a session opens one hive"):
        open_solve(batch="-")


def test_too_many_lines(tmp_path, monkeypatch):
    monkeypatch.setattr(batch_lines, "BATCH_LINES", 3)
    ok = batch_file(tmp_path, "aeginrt r\n\n# c\n", "ok.txt")
    assert cli(["bee", "solve", "--batch", ok])[0] == 0
    code, out, err = cli(["bee", "solve", "--batch",
                          batch_file(tmp_path, "aeginrt r\n" * 4), "--json"])
    assert code == 2 and out == "" and "over 3 lines" in err and one_line_error(err)
    code, out, err = cli(["bee", "solve", "--batch", "-", "--json"], b"aeginrt r\n" * 4)
    assert code == 2 and len(records(out)) == 3 and "standard input has over 3 lines" in err


# -- the line parser, fuzzed ---------------------------------------------------------------
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=40) | st.from_regex(r"[a-zA-Z]{5,8}( [a-zA-Z])?", fullmatch=True)
       | st.builds(json.dumps, st.dictionaries(
           st.sampled_from(["letters", "outer", "center", "centre", "date"]),
           st.text(LETTERS + "RX7 é", max_size=8) | st.integers() | st.none(), max_size=3)))
def test_parse_line_gives_a_hive_nothing_or_one_usage_error(text):
    try:
        hive = parse_line(text)
    except UsageError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    if hive is not None:
        letters, center = hive
        assert len(set(letters)) == 7 and "".join(sorted(letters)) == letters
        assert set(letters) <= set(LETTERS) and center in letters
    else:
        assert not text.strip() or text.strip().startswith("#")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(LETTERS), min_size=7, max_size=7, unique=True),
       st.integers(0, 6), st.sampled_from(["text", "marked", "outer", "json", "json-outer"]))
def test_every_hive_reads_back_in_every_form(letters, i, form):
    center, hive = letters[i], "".join(sorted(letters))
    outer = "".join(c for c in letters if c != center)
    line = {"text": f"{''.join(letters).upper()} {center}",
            "marked": "".join(c.upper() if c == center else c for c in letters),
            "outer": f"{outer} {center.upper()}",
            "json": json.dumps({"letters": "".join(letters), "center": center}),
            "json-outer": json.dumps({"outer": outer, "centre": center, "id": 1})}[form]
    assert parse_line(line) == (hive, center)


def test_the_help_states_the_limits():
    from pyengine.puzzles.bee.puzzle import SOLVE
    assert f"{batch_lines.BATCH_LINES:,} lines of at most {BATCH_LINE_BYTES:,} bytes" in \
        SOLVE.description
    from pyengine.engine.textio import MAX_TEXT_BYTES
    assert f"FILE at most {MAX_TEXT_BYTES // 2**20} MiB" in SOLVE.description


def test_crlf_and_bom_files(tmp_path, engine):
    path = batch_file(tmp_path, b"\xef\xbb\xbfaeginrt r\r\n\r\n{\"letters\": \"aegintR\"}\r\n")
    recs = solve_batch(path, seed=1, engine=engine).records()
    assert [(r["line"], r["letters"]) for r in recs] == [(1, "aeginrt"), (3, "aeginrt")]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.binary(max_size=12) | st.sampled_from(
    [b"aeginrt r", b"aegintR", b"# c", b"", b"\xff\xfe", b'{"letters": "aegintR"}', b"\r"]),
    max_size=8), st.booleans())
def test_any_bytes_give_one_record_a_puzzle_line(chunks, as_stdin):
    data = b"\n".join(c.replace(b"\n", b" ") for c in chunks)
    lines = data.split(b"\n") if data else []
    if as_stdin:
        got = list(batch_lines.batch_lines("-", stdin=io.BytesIO(data)))
    else:
        import tempfile
        with tempfile.NamedTemporaryFile(suffix=".txt") as f:
            f.write(data)
            f.flush()
            got = list(batch_lines.batch_lines(f.name))
    numbers = [n for n, _ in got]
    assert numbers == sorted(set(numbers)) and all(1 <= n <= len(lines) for n in numbers)
    for n, item in got:
        assert isinstance(item, UsageError) or (len(item[0]) == 7 and item[1] in item[0])
    skipped = set(range(1, len(lines) + 1)) - set(numbers)
    for n in skipped:
        text = lines[n - 1].decode("utf-8-sig").strip()
        assert not text or text.startswith("#")


@pytest.mark.parametrize("end", [b"\n", b"\r\n"])
def test_the_line_limit_is_exact_on_file_and_stdin(tmp_path, end):
    fits = b"#" + b"x" * (BATCH_LINE_BYTES - 1)
    data = fits + end + fits + b"x" + end + b"aegintR" + end
    path = batch_file(tmp_path, data)
    for got in (list(batch_lines.batch_lines(path)),
                list(batch_lines.batch_lines("-", stdin=io.BytesIO(data)))):
        assert [n for n, _ in got] == [2, 3]
        assert "over" in str(got[0][1]) and got[1][1] == ("aeginrt", "r")

"""``boggle solve``: every word on a board, with its score."""
from __future__ import annotations

from dataclasses import dataclass

from pyengine.engine.errors import UsageError
from pyengine.engine.wording import fill, plural


@dataclass
class Solved:
    """A solved board: the finder's result, the counting, the backend used."""

    result: object                     # a finder Result
    count: str
    two_letter: bool
    backend: str

    def as_dict(self) -> dict:
        board = self.result.board
        d = self.result.as_dict()
        d["board"] = board.spec()      # boggle solve reads it back as this board
        d["grid"] = board.render().splitlines()
        d["backend"] = self.backend
        return d

    def text(self) -> str:
        from pyengine.puzzles.boggle.scoring import score_word
        r = self.result
        size = r.board.size
        lines = [r.board.render(), ""]
        for n, ws in _by_length(r.words):
            pts = score_word("x" * n, size, self.two_letter)
            head = f"{n} letters ({len(ws)} x {plural(pts, 'pt')}): "
            lines.extend(fill(ws, head=head, indent=" " * 4))
        counted = (f"{plural(len(r.words), 'word')}, {plural(r.score, 'point')}"
                   if self.count == "words" else
                   f"{plural(r.paths, 'path')} ({len(r.words)} distinct words), "
                   f"{plural(r.score, 'point')} counting every path ({r.word_score} distinct)")
        lines.append(f"\n{counted}  [list {r.wordlist}, min {plural(r.min_len, 'letter')}]")
        return "\n".join(lines)


def _by_length(words: list[str]) -> list[tuple[int, list[str]]]:
    groups: dict[int, list[str]] = {}
    for w in words:
        groups.setdefault(len(w), []).append(w)
    return sorted(groups.items(), reverse=True)


def run_solve(board, words=None, min_len=None, count: str = "words", two_letter: bool = False,
              plain_q: bool = False, backend: str = "auto") -> Solved:
    """The ``solve`` action: ``board`` is the board text (or its words, joined)."""
    from pyengine.puzzles.boggle.board import parse_board
    from pyengine.puzzles.boggle.finder import default_min_len, get_finder

    text = " ".join(board) if isinstance(board, (list, tuple)) else board
    parsed = parse_board(text, qu=not plain_q)
    if min_len is None:
        min_len = default_min_len(parsed.size, two_letter)
    if min_len < 1:
        raise UsageError("--min-len must be at least 1")
    finder = get_finder(words, min_len, count, two_letter, backend)
    return Solved(finder.solve(parsed), count, two_letter, finder.backend)

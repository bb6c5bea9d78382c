"""Pieces reused between versions of a file (the language server's workers): the tree a whole parse gives,
with only the pieces an edit touched parsed again."""

from __future__ import annotations

import re

import libcst as cst

from autofix.engine import pieces
from tests import ROOT


def long_file(lines: int = 2000) -> str:
    """The corpus' before.py files, renamed per copy, to about ``lines`` lines (a top-level cut)."""
    sources = [p.read_text() for p in sorted((ROOT / "corpus").rglob("before.py"))]
    out: list[str] = ["import torch\n"]
    index = 0
    while len(out) < lines:
        text = re.sub(
            r"\b(class|def) (\w+)",
            rf"\1 \2_{index}",
            sources[index % len(sources)].replace("from __future__ import annotations\n", ""),
        )
        out.extend(text.splitlines(keepends=True))
        index += 1
    return "".join(out)


def parsed(cache: pieces.PieceCache, key: str, text: str) -> cst.Module:
    with pieces.reusing_pieces(cache, key):
        module = pieces.parse_module(text)
    assert module.code == text
    assert module.deep_equals(cst.parse_module(text)), "the tree differs from a whole parse"
    return module


def test_an_edit_parses_only_the_pieces_near_it() -> None:
    text = long_file()
    cache = pieces.PieceCache()
    parsed(cache, "a.py", text)
    first = cache.parses
    assert first >= 4  # a 2,000-line file is several pieces
    lines = text.splitlines(keepends=True)
    # A top-level line near the middle (the corpus decides what is there): the probe stays valid code.
    middle = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].startswith(("def ", "class ")))
    for edit in range(3):  # insert a line, change it, remove it: each version from the last one's pieces
        if edit % 3 == 0:
            lines.insert(middle, "probe = torch.zeros(3).to('cuda')\n")
        elif edit % 3 == 1:
            lines[middle] = "probe = torch.ones(3).to('cuda')  # changed\n"
        else:
            del lines[middle]
        before = cache.parses
        parsed(cache, "a.py", "".join(lines))
        assert cache.parses - before <= 2, (
            f"edit {edit}: {cache.parses - before} of {first} pieces parsed again"
        )
    # The same text again: nothing is parsed.
    before = cache.parses
    parsed(cache, "a.py", "".join(lines))
    assert cache.parses == before


def test_each_file_keeps_its_own_pieces_within_the_budget() -> None:
    cache = pieces.PieceCache()
    text = long_file(600)
    parsed(cache, "long.py", text)
    parsed(cache, "other.py", text.replace("torch.", "torch .", 1))
    before = cache.parses
    parsed(cache, "long.py", text)
    assert cache.parses == before
    # Past the budget, the files used longest ago are dropped; the last one is always kept.
    small = pieces.PieceCache(source_budget=1)
    parsed(small, "one.py", text)
    parsed(small, "two.py", text)
    before = small.parses
    parsed(small, "one.py", text)
    assert small.parses > before


def test_outside_the_block_the_cuts_are_the_command_lines() -> None:
    text = long_file(600)
    assert pieces.cut_points(text, pieces.PIECE_SIZE) == pieces.cut_points(
        text, pieces.PIECE_SIZE, anchored=False
    )
    assert pieces._reusing is None


def test_a_piece_repeated_in_a_file_is_not_shared() -> None:
    # A block of code repeated: once the cuts are in step, its pieces have the same text. Each must be a
    # tree of its own, or the module would hold the same statements twice.
    block = long_file(2500)
    text = block + "\n" + block
    cache = pieces.PieceCache()
    for version in (text, text.replace("import torch\n", "import torch\nprobe = 1\n", 1), text):
        module = parsed(cache, "twice.py", version)
        assert len({id(stmt) for stmt in module.body}) == len(module.body)


def test_only_the_last_files_index_is_kept() -> None:
    cache = pieces.PieceCache()
    text = long_file(300)
    for key in ("one.py", "two.py"):
        with pieces.reusing_pieces(cache, key):
            pieces.reused_tree(pieces.parse_module(text))
    assert cache._files["one.py"].tree is None
    assert cache._files["two.py"].tree is not None

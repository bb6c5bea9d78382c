"""The language server's workers reuse what a file's last version left (parsed pieces, the tree's index,
the top-level statements' extents): each analysis must still be exactly a fresh one, as ``autofix check``
and ``autofix apply`` compute it, after any edit.

Random edits (seeded) of long files, each version analysed twice: by the worker's
:func:`autofix.server.worker.process_item`, reusing the last version's work, and by
:func:`autofix.files.fix_file.process_text` from scratch.
"""

from __future__ import annotations

import ast
import random
import warnings
from pathlib import Path

import pytest

from autofix.config.rule_catalog import select_codes
from autofix.engine import pieces
from autofix.files.fix_file import DRY_RUN, LINT, LINT_WITH_EDITS, Task, process_text
from autofix.server import worker
from tests import ROOT
from tests.test_autofix.engine.test_piece_cache import long_file

FINDING_LINES = (
    'probe = torch.zeros(3).to("cuda")\n',
    "probe = torch.autograd.Variable(torch.ones(2))  # noqa: DEV009\n",
    "probe = (torch.ones(2)\n         .double())\n",
)


def edit(rng: random.Random, lines: list[str]) -> str:
    """One edit an editor could send: a line typed, removed, repeated, a block copied, a comment added;
    the new text. Or a character deleted, for this version only (a line being typed: the text may stop
    parsing), so that the versions after it are not all broken."""
    kind = rng.randrange(6)
    at = rng.randrange(len(lines))
    if kind == 0:  # a statement with findings, where a top-level statement starts
        tops = [i for i, line in enumerate(lines) if line[:1].isalpha()] or [0]
        lines.insert(rng.choice(tops), rng.choice(FINDING_LINES))
    elif kind == 1:
        del lines[at]
    elif kind == 2:
        lines.insert(at, lines[at])
    elif kind == 3:  # a block copied to the end: its pieces may come out the same as the original's
        size = rng.randrange(50, 400)
        lines.extend(["\n", *lines[at : at + size]])
    elif kind == 4:
        lines[at] = lines[at].rstrip("\r\n") + "  # noqa: DEV001\n"
    elif lines[at].strip():
        column = rng.randrange(len(lines[at].rstrip("\r\n")))
        return "".join(lines[:at]) + lines[at][:column] + lines[at][column + 1 :] + "".join(lines[at + 1 :])
    return "".join(lines)


def same_as_fresh(path: str, text: str, mode: str) -> None:
    task = Task(path, select_codes(None, ()), mode, False)
    data = text.encode()
    reused, reused_data = worker.process_item((task, data))
    fresh, fresh_data = process_text(path, data, task)
    assert reused == fresh
    assert reused_data == fresh_data


def run_edits(monkeypatch: pytest.MonkeyPatch, path: str, text: str, edits: int, seed: int) -> int:
    """``edits`` random edits of ``text``, each version compared in every mode the server uses; returns
    how many versions parsed (the others are errors, compared too)."""
    monkeypatch.setattr(worker, "PIECES", pieces.PieceCache())
    rng = random.Random(seed)
    lines = text.splitlines(keepends=True)
    parsed = 0
    for number in range(edits):
        kept = list(lines)
        version = edit(rng, lines)
        if not parses(version):
            lines[:] = kept  # compared, then undone: the next versions build on code that parses
        modes = (LINT, LINT_WITH_EDITS, DRY_RUN) if number % 4 == 3 else (LINT,)
        for mode in modes:
            same_as_fresh(path, version, mode)
        parsed += parses(version)
    return parsed


def parses(text: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # old code's "\e" in strings: a warning, not an error
            ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True


def test_random_edits_of_a_long_file_give_a_fresh_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = run_edits(monkeypatch, "long.py", long_file(800), edits=10, seed=31)
    assert parsed >= 6  # most versions parse: the reuse is exercised, not only the error path


def dev_field_files() -> list[Path]:
    """The field set's dev Python files that are in place (never the validation split's)."""
    from benchmarks.field_manifest import read_manifest

    files = ROOT / "field" / "files"
    rows = read_manifest(ROOT / "field" / "manifest.tsv")
    return sorted(
        files / row.filename
        for row in rows
        if row.filename.endswith(".py") and (files / row.filename).is_file()
    )


@pytest.mark.slow
@pytest.mark.parametrize("number", range(12))  # one test per file: pytest-xdist spreads them
def test_random_edits_of_the_field_files_give_a_fresh_analysis(
    monkeypatch: pytest.MonkeyPatch, number: int
) -> None:
    """The twelve largest field files, each edited eight times (seeded by its rank)."""
    found = dev_field_files()
    if not found:
        pytest.skip("the field files are absent (field/README.md)")
    largest = sorted(found, key=lambda p: p.stat().st_size)[-12:]
    assert len(largest) == 12
    path = largest[number]
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    assert run_edits(monkeypatch, path.name, text, edits=8, seed=number) >= 2


def test_a_file_holding_a_block_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    # Once the cuts are in step, the two copies' pieces have the same text: each must be analysed as the
    # code it is, where it is.
    monkeypatch.setattr(worker, "PIECES", pieces.PieceCache())
    block = long_file(800)
    text = block + "\n" + block
    for version in (text, text.replace("import torch\n", "import torch\nprobe = 1\n", 1), text):
        same_as_fresh("twice.py", version, LINT)

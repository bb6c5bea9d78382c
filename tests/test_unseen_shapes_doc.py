"""docs/unseen-shapes.md names real examples and corpus cases.

Each row of the table points at a rule, a phrase of that rule's examples and corpus cases; the test reads
them from the repository, so a renamed case or a removed example fails here instead of leaving the
document wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "unseen-shapes.md").read_text(encoding="utf-8")
ROWS = [line for line in DOC.splitlines() if re.match(r"\| \d+ \|", line)]


def cells(row: str) -> list[str]:
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def cases(text: str, kind: str) -> list[str]:
    found = re.search(rf"{kind}: ([^;]+)", text)
    return [name.strip() for name in found.group(1).split(",")] if found else []


def test_the_table_has_the_ten_shapes():
    assert [cells(row)[0] for row in ROWS] == [str(n) for n in range(1, 11)]


@pytest.mark.parametrize("row", ROWS, ids=lambda row: "shape " + cells(row)[0])
def test_each_shape_points_at_real_examples_and_cases(row):
    _, _, rule, phrase, corpus, _ = cells(row)
    (package,) = (ROOT / "codemods" / "rules").glob(rule.lower() + "_*")
    assert phrase.strip("`") in (package / "examples.py").read_text(encoding="utf-8")
    fixed = cases(corpus, "fixed")
    assert fixed, "each shape needs a case the tool fixes"
    for name in fixed + cases(corpus, "reported") + cases(corpus, "kept"):
        case = ROOT / "corpus" / name
        before, after = (case / "before.py").read_text(), (case / "after.py").read_text()
        assert (before != after) == (name in fixed), name

"""The corpus: every before.py rewrites to its after.py byte for byte; negative cases stay as they are."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from autofix.files.rewrite import rewrite_file
from autofix.harness.verify import find_cases
from codemods import all_rules

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
CASES = find_cases([CORPUS])


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_before_rewrites_to_after(case):
    assert rewrite_file(case / "before.py").rewritten == (case / "after.py").read_bytes()


@pytest.mark.parametrize("case", CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_case_defines_run(case):
    for version in ("before.py", "after.py"):
        assert "\ndef run(" in (case / version).read_text(), f"{case}/{version} has no run()"


def test_every_rule_has_positive_and_negative_cases():
    positive, negative = Counter(), Counter()
    for case in CASES:
        same = (case / "before.py").read_bytes() == (case / "after.py").read_bytes()
        (negative if same else positive)[case.parent.name] += 1
    for rule in all_rules():
        assert positive[rule.code] >= 2, f"{rule.code} needs two positive corpus cases"
        assert negative[rule.code] >= 1, f"{rule.code} needs a negative corpus case"
        assert positive[rule.code] + negative[rule.code] >= 3

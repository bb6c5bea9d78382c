"""The fix trace (autofix/engine/trace.py): every fix of every pass, placed on the original's lines."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from autofix.config.settings import Overrides
from autofix.engine.lint import lint_and_fix
from autofix.engine.text_edits import apply_edits, lines_of
from autofix.engine.trace import FixTrace
from autofix.files.rewrite import rewrite_file
from codemods import all_rules

CORPUS = Path(__file__).resolve().parents[3] / "corpus"

# Pass 1 inserts a `device` line after the imports (DEV007) and writes `.item()` from `.data[0]`
# (DEV011); pass 2 removes the import line that no `Variable(...)` uses any more (DEV009); pass 3 fixes
# the host sync in the `.item()` pass 1 wrote (DEV008): two lines inserted and one removed above it.
TRAIN = textwrap.dedent(
    """\
    import torch
    import torch.nn as nn
    from torch.autograd import Variable

    model = nn.Linear(4, 1).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)


    def train(loader):
        total = 0
        for x, y in loader:
            x, y = Variable(x.cuda()), Variable(y.cuda())
            loss = (model(x) - y).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.data[0]
        return total
    """
)


def traced(text: str) -> tuple[str, FixTrace]:
    trace = FixTrace()
    outcome = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True, trace=trace)
    return outcome.new_text or text, trace


def test_later_pass_fixes_are_placed_on_the_original_lines():
    new, trace = traced(TRAIN)
    by_pass = {(f.pass_number, f.code) for f in trace.fixes}
    assert {(1, "DEV007"), (1, "DEV011"), (2, "DEV009"), (3, "DEV008")} <= by_pass
    later = {f.code: f for f in trace.fixes if not f.reported}
    assert set(later) == {"DEV009", "DEV008"}  # check reports neither on the original
    # The import removal: the line is the original's (nothing above it changed).
    assert (later["DEV009"].line, later["DEV009"].spans) == (3, ((None, 3, 3),))
    # The sync fix edits a line DEV011 wrote, two lines lower after pass 1 and one higher after pass 2:
    # it maps to the line DEV011 replaced.
    original = lines_of(TRAIN)
    assert "loss.data[0]" in original[later["DEV008"].line - 1]
    assert all(first == last == later["DEV008"].line for _, first, last in later["DEV008"].spans)
    # Its edits are of the text pass 3 edited, and give what that pass wrote there.
    fix = later["DEV008"]
    before = fix.before[None]
    assert "loss.item()" in before and "loss.data[0]" not in before
    assert "loss.item()" not in apply_edits(before, fix.edits)


def test_deferred_first_pass_fixes_count_as_reported():
    _, trace = traced(TRAIN)
    # The `.cuda()` calls inside `Variable(...)` overlap the DEV009 fixes and wait for pass 2: check
    # reports them on the original, so they are not later-pass fixes.
    deferred = [f for f in trace.fixes if f.code == "DEV007" and f.pass_number == 2]
    assert deferred and all(f.reported and f.line == 12 for f in deferred)


def test_every_line_left_alone_maps_to_its_original_line():
    new, trace = traced(TRAIN)
    original = lines_of(TRAIN)
    for number, line in enumerate(lines_of(new), 1):
        first, last = trace.origin(number)
        if line in original and original.count(line) == 1 and lines_of(new).count(line) == 1:
            assert (first, last) == (original.index(line) + 1,) * 2, (number, line)
    # The inserted device definition maps to where it was inserted (after the imports).
    device_line = next(n for n, line in enumerate(lines_of(new), 1) if line.startswith("device ="))
    assert trace.origin(device_line)[0] in (3, 4)


FORWARD = textwrap.dedent(
    """\
    import torch
    import torch.nn as nn
    from torch.autograd import Variable


    class M(nn.Module):
        def forward(self, x):
            h = Variable(torch.zeros(1, x.size(1), 3).cuda())
            c = Variable(torch.zeros(1, x.size(1), 3).cuda())
            return self.lstm(x, (h, c))
    """
)


@pytest.mark.parametrize("text", [TRAIN, FORWARD], ids=["train", "forward"])
def test_no_trace_no_change(text):
    # The trace only observes: the text apply writes is the same with and without it.
    plain = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
    new, trace = traced(text)
    assert plain.new_text == new and sum(plain.applied.values()) == len(trace.fixes)


def test_a_fix_deferred_for_several_passes_stays_reported():
    # DEV010's fixes overlap DEV009's and DEV007's and wait two passes; they then write the input's
    # device inside `forward` at once (no DEV003 fix after them), and DEV009 removes the import the
    # last `Variable` needed: a later-pass fix, on the import's original line.
    new, trace = traced(FORWARD)
    ten = [f for f in trace.fixes if f.code == "DEV010"]
    assert ten and all(f.reported and f.pass_number > 1 for f in ten)
    assert new.count("device=x.device") == 2
    assert not [f for f in trace.fixes if f.code == "DEV003"]
    later = [(f.code, f.line) for f in trace.fixes if not f.reported]
    assert later == [("DEV009", 3)]


@pytest.mark.slow
def test_corpus_traces_agree_with_apply():
    """On every corpus case: the same rewrite as without the trace, as many traced fixes as applied
    ones, every span inside the original, and each fix's edits are of the text its pass edited."""
    from tests.helpers import corpus_runs

    checked = 0
    # The untraced run: the engine's default one, which other tests of the corpus share.
    for before, text, plain in zip(corpus_runs.CASES, corpus_runs.texts(), corpus_runs.plain_runs()):
        trace = FixTrace()
        outcome = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True, trace=trace)
        assert sum(outcome.applied.values()) == len(trace.fixes), before
        assert (plain.new_text, plain.applied) == (outcome.new_text, outcome.applied), before
        count = len(lines_of(text)) + 1  # an insertion at the very end is at the line after the last
        for fix in trace.fixes:
            assert 1 <= fix.line <= fix.end_line <= count, (before, fix)
            for _, first, last in fix.spans:
                assert 1 <= first <= last <= count, (before, fix)
            if fix.edits:
                assert apply_edits(fix.before[None], fix.edits) != fix.before[None], (before, fix)
        checked += 1
    assert checked > 50


def test_rewrite_file_traces_a_notebook_by_cell(tmp_path):
    cells = [
        ["import torch\n", "from torch.autograd import Variable\n"],
        ["%matplotlib inline\n", "x = 1\n"],
        ["def f(a, loss):\n", "    v = Variable(a)\n", "    return loss.data[0]\n"],
    ]
    notebook = {
        "cells": [
            {"cell_type": "code", "metadata": {}, "source": c, "outputs": [], "execution_count": None}
            for c in cells
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 2,
    }
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(notebook, indent=1) + "\n")
    rewrite = rewrite_file(path, Overrides(unsafe_fixes=True), trace=True)
    assert rewrite.changed
    later = [f for f in rewrite.fixes if not f.reported]
    assert [(f.code, f.cell, f.line, f.spans) for f in later] == [("DEV009", 1, 2, ((1, 2, 2),))]
    (fix,) = later
    assert {e.cell for e in fix.edits} == {1} and "Variable" in fix.before[1]
    assert "%matplotlib" not in fix.before[1]  # the cell's own text, IPython lines unmasked
    assert all(f.cell == 3 for f in rewrite.fixes if f.reported)
    assert rewrite_file(path, Overrides(unsafe_fixes=True)).fixes == []  # only when asked


def test_text_repairs_before_the_parse_are_traced():
    text = "import torch\n\nx = torch.ones(2)\ny = x.cuda(async=True)\n"
    new, trace = traced(text)
    plain = lint_and_fix(text, all_rules(), fix=True, unsafe_fixes=True)
    assert sum(plain.applied.values()) == len(trace.fixes)
    (repair,) = [f for f in trace.fixes if f.code == "DEV014"]
    assert (repair.pass_number, repair.reported, repair.line, repair.spans) == (1, True, 4, ((None, 4, 4),))
    assert apply_edits(text, repair.edits) == text.replace("async=", "non_blocking=")

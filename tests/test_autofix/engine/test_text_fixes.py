"""Fixes made in the text before parsing: DEV014's ``async=`` -> ``non_blocking=`` (autofix.engine.text_fixes)."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from autofix.engine.diagnostic import Diagnostic
from autofix.engine.lint import lint_and_fix
from autofix.engine.text_edits import TextEdit
from autofix.engine.text_fixes import back_to_original
from autofix.files.source import SourceError
from codemods import all_rules
from codemods.core.base import TextFix
from codemods.rules.dev014_renamed_torch_api.rule import RenamedTorchApi

LEGACY = textwrap.dedent(
    """\
    import torch
    for i, (input, target) in enumerate(loader):
        target = target.cuda(async=True)
        input_var = input.to(device, async=True)  # copied while the last step runs
        x.copy_(y, async = False); z = w.type(torch.cuda.FloatTensor, async=True)
    """
)
MODERN = LEGACY.replace("async", "non_blocking")


@pytest.mark.parametrize("version", [None, "3.0", "3.3", "3.5", "3.6"])
def test_libcst_does_not_parse_async_keyword_arguments(version):
    """Why the fix is made in the text: libcst's one grammar refuses `async=` whatever version it is told."""
    config = cst.PartialParserConfig() if version is None else cst.PartialParserConfig(python_version=version)
    with pytest.raises(cst.ParserSyntaxError):
        cst.parse_module("x = y.cuda(async=True)\n", config)


def test_each_async_keyword_is_reported_where_it_is():
    outcome = lint_and_fix(LEGACY, [RenamedTorchApi], fix=False)
    assert [(d.code, d.line, d.column, d.end_column, d.fixable, d.safety) for d in outcome.diagnostics] == [
        ("DEV014", 3, 26, 31, True, "safe"),
        ("DEV014", 4, 34, 39, True, "safe"),
        ("DEV014", 5, 16, 21, True, "safe"),
        ("DEV014", 5, 67, 72, True, "safe"),
    ]
    assert "`.cuda(async=...)` is `non_blocking=` since PyTorch 0.4" in outcome.diagnostics[0].message
    assert outcome.new_text is None


def test_the_fixed_file_parses_and_is_the_modern_spelling():
    outcome = lint_and_fix(LEGACY, [RenamedTorchApi], fix=True)
    assert outcome.new_text == MODERN
    assert outcome.applied["DEV014"] == 4
    cst.parse_module(outcome.new_text)
    compile(outcome.new_text, "<fixed>", "exec")  # and today's Python parses it
    assert lint_and_fix(outcome.new_text, [RenamedTorchApi], fix=True).new_text is None


def test_the_other_rules_read_the_fixed_file():
    """imagenet_trainer's shape: the file did not parse at all, so `.cuda()` went unreported."""
    outcome = lint_and_fix(LEGACY, all_rules(), fix=False)
    assert {"DEV014", "DEV007"} <= {d.code for d in outcome.diagnostics}


def test_other_findings_on_a_fixed_line_keep_their_original_columns():
    text = "import torch.nn as nn\nx = y.cuda(async=True); nn.init.uniform(w)\n"
    outcome = lint_and_fix(text, [RenamedTorchApi], fix=False, want_edits=True)
    init = next(d for d in outcome.diagnostics if "uniform" in d.message)
    assert (init.line, init.column) == (2, text.splitlines()[1].index("nn.init") + 1)
    (edit,) = init.edits
    line = text.splitlines()[1]
    edited = line[: edit.column - 1] + edit.content + line[edit.end_column - 1 :]
    assert edited == "x = y.cuda(async=True); nn.init.uniform_(w)"  # the edit applies to the original
    fixed = lint_and_fix(text, [RenamedTorchApi], fix=True).new_text
    assert fixed == "import torch.nn as nn\nx = y.cuda(non_blocking=True); nn.init.uniform_(w)\n"


def test_other_calls_strings_and_comments_are_left_alone():
    # A call of something else with `async=` stays a syntax error: nothing says what it was renamed to.
    with pytest.raises(SourceError, match="syntax error at line 2"):
        lint_and_fix("import torch\nrun(job, async=True)\n", all_rules(), fix=True)
    text = 'import torch\ns = "x.cuda(async=True)"  # x.cuda(async=True)\n'
    assert lint_and_fix(text, all_rules(), fix=True).new_text is None


def test_a_suppressed_async_keyword_is_not_fixed():
    text = "import torch\nx = y.cuda(async=True)  # noqa: DEV014\n"
    with pytest.raises(SourceError, match="syntax error"):
        lint_and_fix(text, [RenamedTorchApi], fix=True)


def test_not_selected_not_fixed():
    with pytest.raises(SourceError, match="syntax error"):
        lint_and_fix(
            "import torch\nx = y.cuda(async=True)\n", [r for r in all_rules() if r.code != "DEV014"], fix=True
        )


def test_positions_after_and_inside_a_fixed_token_map_back():
    fix = TextFix(1, 5, "async", "non_blocking", "")
    # fixed line: "y.to(non_blocking=True); f(x)"; original: "y.to(async=True); f(x)"
    diagnostics = [
        Diagnostic("X", "", 1, 1, False, "none", 1, 5),  # before: unchanged
        Diagnostic("X", "", 1, 26, False, "none", 1, 30, (TextEdit(1, 26, 1, 30, "g(x)"),)),  # after: -7
        Diagnostic("X", "", 1, 10, False, "none", 1, 18),  # inside the new token, then just after it
    ]
    moved = back_to_original(diagnostics, [fix])
    assert [(d.column, d.end_column) for d in moved] == [(1, 5), (19, 23), (10, 11)]
    assert moved[1].edits == (TextEdit(1, 19, 1, 23, "g(x)"),)

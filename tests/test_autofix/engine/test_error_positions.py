"""Every error names one position, the right one: the line (and in a notebook, the cell) of the fault."""

from __future__ import annotations

import re

import pytest

from autofix.engine.lint import parse
from autofix.engine.screen import syntax_error
from autofix.files.source import SourceError
from tests.test_autofix.files.test_notebook import cell, jupyter_bytes, notebook

NUMBERED = "import torch\n" + "".join(f"x{i} = {i}\n" for i in range(300))  # lines 1-301


def _error(text: str) -> str:
    with pytest.raises(SourceError) as raised:
        parse(text)
    return str(raised.value)


def _positions(message: str) -> list[str]:
    return re.findall(r"\b(?:line \d+|\d+:\d+)", message)


@pytest.mark.parametrize(
    "tail, line, column",
    [
        ("def f(:\n    pass\n", 302, 7),  # libcst said "line 303, column 0 ... error at 303:4"
        ("y = (1,\n  2 +)\n", 303, 6),
        ("z = [1,\n", 302, 5),  # never closed: the bracket's own line, not the end of the file
    ],
)
def test_a_syntax_error_has_one_position_and_it_is_the_faults(tail, line, column):
    message = _error(NUMBERED + tail)
    assert message.startswith(f"syntax error at line {line}, column {column}: "), message
    assert _positions(message) == [f"line {line}"], message


def test_too_deep_indentation_names_its_line():
    deep = "import torch\n" + "".join("    " * i + "if x:\n" for i in range(120)) + "    " * 120 + "pass\n"
    # CPython allows 100 levels: the 101st block opens on line 102 (libcst said "line 1, column 0").
    assert _error(deep) == "syntax error at line 102, column 1: too many levels of indentation"


def test_what_only_libcst_refuses_keeps_libcst_s_one_position():
    """Code this Python takes but libcst's grammar does not: libcst's "error at L:C", columns from 1."""

    class Refusal(Exception):
        message = "parser error: error at 3:4: expected one of NAME"

    assert str(syntax_error("x = 1\n", Refusal())) == "syntax error at line 3, column 5: expected one of NAME"
    Refusal.message = "tokenizer error: unexpected character"
    assert str(syntax_error("x = 1\n", Refusal())) == "syntax error: unexpected character"


def test_a_notebook_syntax_error_names_its_cell_and_one_line(tmp_path, run_cli):
    document = notebook(
        cell("import torch\nx = 1", number=1),
        cell("y = 2\ndef f(:\n    pass", number=2),
    )
    (tmp_path / "nb.ipynb").write_bytes(jupyter_bytes(document))
    code, _, err = run_cli("check", "nb.ipynb", cwd=tmp_path)
    assert code == 2
    assert err.splitlines()[0] == (
        "nb.ipynb: error: syntax error in cell 2 at line 2, column 7: invalid syntax"
    )


def test_an_unclosed_bracket_in_a_notebook_names_its_cell(tmp_path, run_cli):
    document = notebook(cell("import torch", number=1), cell("%matplotlib inline\nx = (\n", number=2))
    (tmp_path / "nb.ipynb").write_bytes(jupyter_bytes(document))
    code, _, err = run_cli("check", "nb.ipynb", cwd=tmp_path)
    assert code == 2
    assert err.splitlines()[0] == (
        "nb.ipynb: error: syntax error in cell 2 at line 2, column 5: '(' was never closed"
    )


def test_a_symlink_loop_named_on_the_command_line_says_so(tmp_path, run_cli):
    (tmp_path / "loop.py").symlink_to("loop.py")
    (tmp_path / "dangling.py").symlink_to("missing.py")
    code, _, err = run_cli("check", "loop.py", "dangling.py", "nope.py", cwd=tmp_path)
    assert code == 2
    assert err.splitlines()[:3] == [
        "loop.py: error: symbolic link loop; skipped",
        "dangling.py: error: no such file or directory (a symbolic link to a missing file)",
        "nope.py: error: no such file or directory",
    ]


def test_piped_migrate_tables_print_whole_roots(tmp_path, run_cli):
    roots = ["pytorch-image-models", "pytorch-examples-with-a-long-name"]
    for root in roots:
        (tmp_path / root).mkdir()
        (tmp_path / root / "m.py").write_text("import torch\nx = torch.zeros(3).double()\n")
    code, out, _ = run_cli("migrate", *roots, cwd=tmp_path)
    assert code == 0
    for root in roots:
        assert re.search(rf"│ {re.escape(root)} +│", out), out
    assert "…" not in out

"""Parsing in pieces gives the tree one parse gives: same statements, comments, indentation, newlines."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from hypothesis import given, settings

from autofix.engine import pieces
from tests import ROOT, parses
from tests.program_strategies import torch_programs
from tests.test_autofix.engine.test_properties import PROFILE


def _utf8(path: Path) -> bool:
    try:
        path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


REAL_FILES = sorted(
    p
    for folder in ("corpus", "autofix", "codemods", "benchmarks", "tests")
    for p in (ROOT / folder).rglob("*.py")
    if not any(part.startswith("_") for part in p.relative_to(ROOT).parts[:-1])
    and p.name != "__init__.py"  # a docstring alone, or nothing: no place to cut
    and parses(p)  # not DEV022's Python 2 cases and probes
    and _utf8(p)  # not a probe's undecodable helper (compile() passes a bad byte in a comment)
)  # benchmarks/_zoo and _tree hold fetched and generated trees


def _pieces_tree(text: str, piece_size: int = 1) -> cst.Module | None:
    """The tree from pieces (``piece_size`` 1: a cut at every line where one may go); None when there was
    no cut, or a piece did not parse (then parse_module falls back to the whole text)."""
    cuts = pieces.cut_points(text, piece_size)
    return pieces._parse_pieces(text, cuts) if cuts else None


def _assert_same_tree(text: str, piece_size: int = 1) -> bool:
    whole = cst.parse_module(text)
    module = _pieces_tree(text, piece_size)
    if module is None:
        return False
    assert module.code == text
    assert module.deep_equals(whole), "the pieces' tree differs from the whole parse"
    return True


@pytest.mark.slow
def test_real_files_cut_at_every_possible_line():
    """Every other file of the project's own sources and the corpus, cut wherever a cut may go (the other
    half is cut with Windows line ends below, in part; the suite's time grows with the project)."""
    sample = REAL_FILES[::2]
    assembled = sum(_assert_same_tree(path.read_text()) for path in sample)
    assert assembled > len(sample) / 2  # most files are built from pieces, not parsed whole


def test_real_files_with_windows_line_ends():
    sample = REAL_FILES[1::6]  # odd places: files the test above does not cut
    assembled = sum(_assert_same_tree(path.read_text().replace("\n", "\r\n")) for path in sample)
    assert assembled > len(sample) / 2


@pytest.mark.parametrize(
    "source",
    [
        # Comments and blank lines between statements belong to the statement after them ...
        "import torch\n\n# about f\n\ndef f():\n    return 1\n    # f's own trailing comment\n# about g\n\ng = 2\n",
        # ... and a block's deeper comment stays its footer.
        "class A:\n    x = 1\n\n        # deeper\n  # shallower\ny = 2\nz = 3\n",
        # Clauses at column 0 continue the statement before them.
        "if a:\n    b = 1\nelif c:\n    d = 1\nelse:\n    e = 1\nf = 1\n",
        "try:\n    a = 1\nexcept ValueError:\n    b = 1\nelse:\n    c = 1\nfinally:\n    d = 1\ne = 1\n",
        "for x in y:\n    pass\nelse:\n    z = 1\nw = 1\n",
        # A decorator line, with a comment before its function.
        "@decorate\n# about f\ndef f():\n    pass\n@decorate\nclass C:\n    pass\nx = 1\n",
        # Backslash continuations, `if x: \` included (a `pass` after it would join the `if`).
        "x = 1 + \\\n2\nif x: \\\ny = 2\nz = 3\n",
        # Column-0 code in strings.
        "x = \"\"\"\ndef f():\n    pass\n\"\"\"\ny = '''\nclass C:\n'''\nz = (\n1)\nw = [\n]\n",
        # The first block is indented by 8 spaces, later ones by 4 or a tab; the first block comes late.
        "a = 1\nb = 2\nc = 3\ndef f():\n        return 1\nclass C:\n    x = 1\ndef g():\n\treturn 2\n",
        # No indented block at all, and no trailing newline.
        "a = 1\nb = 2\nif a: b = 3\nc = 4",
        # Mixed line ends: the first one is the file's default.
        "a = 1\r\nb = 2\nc = 3\r\ndef f():\n    return 1\r\n",
        "match x:\n    case 1:\n        y = 1\nz = 2\nmatch y:\n  case _:\n    pass\n",
        "# only a header comment\n\n\na = 1\n# trailing comment\n\n",
        "\ufeffa = 1\nb = 2\n",
        "a = 1\n\x0cb = 2\nasync def f():\n    await g()\nc = 3\n",
    ],
)
def test_layouts(source):
    whole = cst.parse_module(source)
    module = pieces.parse_module(source, 1)
    assert module.code == whole.code and module.deep_equals(whole)  # libcst drops a form feed, a BOM


def test_layouts_are_built_from_pieces():
    """The layouts above would pass with a parse of the whole file; these are assembled from pieces."""
    assert _assert_same_tree("import torch\n\n# about f\n\ndef f():\n    return 1\n# about g\ng = 2\n")
    assert _assert_same_tree("a = 1\nb = 2\nc = 3\ndef f():\n        return 1\nclass C:\n    x = 1\n")
    assert len(pieces.cut_points("if a:\n    b = 1\nelse:\n    c = 1\n", 1)) == 0
    assert pieces.cut_points("@d\ndef f():\n    pass\ng = 1\n", 1) == [len("@d\ndef f():\n    pass\n")]


def test_a_syntax_error_is_the_whole_parse_error():
    source = "".join(f"x{i} = {i}\n" for i in range(50)) + "def f(:\n    pass\n" + "y = 1\n" * 50
    with pytest.raises(cst.ParserSyntaxError) as from_pieces:
        pieces.parse_module(source, 64)
    with pytest.raises(cst.ParserSyntaxError) as whole:
        cst.parse_module(source)
    assert str(from_pieces.value) == str(whole.value)


def test_a_docstring_full_of_code_is_passed_over():
    """Cuts inside triple quotes are avoided (a guess: a failed piece would be tried with a later end)."""
    docstring = '"""\n' + "def example():\n    pass\n" * 40 + '"""\n'
    source = docstring + "x = 1\n" * 40
    cuts = pieces.cut_points(source, 16)
    assert cuts and all(cut >= len(docstring) for cut in cuts)
    assert _assert_same_tree(source, 16)


def test_large_files_are_cut_into_pieces_of_the_size_asked_for():
    text = "".join(path.read_text() for path in REAL_FILES[:25])
    cuts = pieces.cut_points(text, 4096)
    assert len(cuts) > len(text) // 4096 // 2
    assert all(b - a >= 4096 for a, b in zip([0, *cuts], cuts))
    assert _assert_same_tree(text, 4096)


@settings(settings.get_profile(PROFILE), max_examples=40 * (40 if PROFILE == "long" else 1))
@given(torch_programs())
def test_generated_programs_cut_at_every_line(source):
    try:
        cst.parse_module(source)
    except cst.ParserSyntaxError:
        return
    _assert_same_tree(source)


def test_no_cut_inside_a_docstring_that_opens_the_file():
    """A cut position may split the opening triple quote (piece size 1): it still counts."""
    text = '"""A docstring\nof three\nlines."""\nimport torch\nx = 1\n'
    assert pieces.cut_points(text, 1) == [text.index("import"), text.index("x = 1")]

"""The language server's text model and edits, without a server: lines and columns as LSP counts them."""

from __future__ import annotations

import pytest

pytest.importorskip("lsprotocol")

from lsprotocol import types  # noqa: E402

from autofix.engine.diagnostic import Diagnostic  # noqa: E402
from autofix.server.analysis import encode  # noqa: E402
from autofix.server.documents import TextDocument, Units  # noqa: E402
from autofix.server.lsp import suppression  # noqa: E402


def change(start: tuple[int, int], end: tuple[int, int], text: str) -> types.TextDocumentContentChangePartial:
    return types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(*start), types.Position(*end)), text=text
    )


@pytest.mark.parametrize("separator", ["\x0c", "\x1c", "\x85", "\u2028", "\u2029"])
def test_incremental_changes_count_only_python_line_breaks(separator: str) -> None:
    # str.splitlines (pygls' model) would make two lines of the first; LSP, Python and the engine make one.
    document = TextDocument("file:///a.py", f"x = 1{separator}  # page\ny = 2\r\nz = 3\rw\n", 1)
    document.apply(change((1, 4), (1, 5), "20"), Units())
    document.apply(change((2, 0), (3, 1), "v"), Units())
    assert document.text == f"x = 1{separator}  # page\ny = 20\r\nv\n"


def test_columns_in_each_encoding() -> None:
    document = TextDocument("file:///a.py", 's = "😋é"; x = 1\n', 1)
    after = len('s = "😋é"; ')  # characters: the emoji is one, two in UTF-16, four in UTF-8
    for encoding, units in (("utf-32", after), ("utf-16", after + 1), ("utf-8", after + 4)):
        assert document.position(1, after + 1, Units(encoding)) == types.Position(0, units)
        assert document.offset(types.Position(0, units), Units(encoding)) == after
    # Inside the emoji's two UTF-16 units: after it, never a split character.
    assert document.offset(types.Position(0, 6), Units("utf-16")) == 6
    # Past the end of a line, of the text: the end.
    assert document.offset(types.Position(0, 99), Units()) == len('s = "😋é"; x = 1')
    assert document.position(9, 1, Units()) == types.Position(1, 0)


def finding(line: int, end_line: int, code: str = "DEV001") -> Diagnostic:
    return Diagnostic(code, "m", line, 1, True, "safe", end_line, 2)


def suppressed(text: str, d: Diagnostic) -> str | None:
    document = TextDocument("file:///a.py", text, 1)
    edit = suppression(d, document, Units())
    if edit is None:
        return None
    start = document.offset(edit.range.start, Units())
    return text[:start] + edit.new_text + text[document.offset(edit.range.end, Units()) :]


def test_suppression_goes_where_a_comment_can() -> None:
    assert suppressed("x = f(a)   \ny = 2\n", finding(1, 1)) == "x = f(a)  # autofix: ignore[DEV001]\ny = 2\n"
    # A finding that starts in a string spanning lines: its last line.
    text = 'x = f("""a\nb""")\n'
    assert suppressed(text, finding(1, 2)) == 'x = f("""a\nb""")  # autofix: ignore[DEV001]\n'
    # A line a backslash joins to the next cannot end in a comment; inside brackets it can.
    text = "x = a + \\\n    b\n"
    assert suppressed(text, finding(1, 2)) == "x = a + \\\n    b  # autofix: ignore[DEV001]\n"
    text = "x = f(a,\n      b)\n"
    assert suppressed(text, finding(1, 2)) == "x = f(a,  # autofix: ignore[DEV001]\n      b)\n"
    # A comment already there: the code joins it; any other comment stays.
    text = "x = f(a)  # autofix: ignore[DEV002]  # keep\n"
    assert suppressed(text, finding(1, 1)) == "x = f(a)  # autofix: ignore[DEV002, DEV001]  # keep\n"
    text = "x = f(a)  # noqa: E501\n"
    assert suppressed(text, finding(1, 1)) == "x = f(a)  # noqa: E501  # autofix: ignore[DEV001]\n"
    # Neither line can carry one.
    assert suppressed('x = """a\nb\nc"""\n', finding(2, 2)) is None


def test_text_is_encoded_as_the_file_would_be() -> None:
    text = "# -*- coding: latin-1 -*-\nimport torch\nname = 'é'\n"
    assert encode(text) == (text.encode("latin-1"), False)
    assert encode("\ufeffimport torch\n") == (b"import torch\n", True)
    with pytest.raises(UnicodeError):
        encode("# coding: ascii\nname = 'é'\n")

"""The editor's text of open files and notebooks, with positions counted as the protocol counts them.

LSP numbers lines split at ``\\n``, ``\\r\\n`` and ``\\r``, as Python and the engine do
(:mod:`autofix.engine.text_edits`), and counts columns in the code units the client chose (UTF-16 unless it
asked for UTF-8 or UTF-32). pygls' own document model splits lines with ``str.splitlines``, which also splits
at form feeds, ``\\x1c``-``\\x1e``, ``\\x85``, ``\\u2028`` and ``\\u2029``: an incremental change after such a
character would land on the wrong line, and a fix computed from that text would corrupt the file. So the text
is kept here, changes applied on the protocol's own lines.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from lsprotocol import types

from autofix.engine.text_edits import LINE_BREAK

_LINE_END = re.compile(r"\r\n|\r|\n|\Z")


class Units:
    """Column arithmetic in one position encoding: ``utf-8``, ``utf-16`` (the default) or ``utf-32``."""

    def __init__(self, encoding: str | None = None) -> None:
        self.encoding = str(encoding or types.PositionEncodingKind.Utf16.value)
        if self.encoding not in ("utf-8", "utf-16", "utf-32"):
            self.encoding = "utf-16"

    def of_char(self, char: str) -> int:
        point = ord(char)
        if self.encoding == "utf-32":
            return 1
        if self.encoding == "utf-16":
            return 2 if point > 0xFFFF else 1
        return 1 if point < 0x80 else 2 if point < 0x800 else 3 if point < 0x10000 else 4

    def count(self, text: str) -> int:
        if self.encoding == "utf-32" or text.isascii():
            return len(text)
        return sum(self.of_char(c) for c in text)

    def index(self, text: str, units: int) -> int:
        """How many characters of ``text`` lie before ``units`` code units (a position inside a character
        that takes two units counts as after it; a position past the end is the end)."""
        if self.encoding == "utf-32" or text.isascii():
            return max(0, min(units, len(text)))
        seen = 0
        for i, char in enumerate(text):
            if seen >= units:
                return i
            seen += self.of_char(char)
        return len(text)


@dataclass(eq=False)  # one object per open document: compared, and hashed, by identity
class TextDocument:
    """One open text: a file, or a notebook cell."""

    uri: str
    text: str
    version: int
    language_id: str = "python"
    _starts: list[int] | None = field(default=None, repr=False)

    @property
    def starts(self) -> list[int]:
        """The offset at which each line starts (a text ending with a line break has an empty last line)."""
        if self._starts is None:
            self._starts = [0, *(m.end() for m in LINE_BREAK.finditer(self.text))]
        return self._starts

    def line_text(self, line: int) -> str:
        """Line ``line`` (from 0) without its line break."""
        start = self.starts[line]
        return self.text[start : _LINE_END.search(self.text, start).start()]  # type: ignore[union-attr]

    def offset(self, position: types.Position, units: Units) -> int:
        if position.line >= len(self.starts):
            return len(self.text)
        line = max(0, position.line)
        return self.starts[line] + units.index(self.line_text(line), position.character)

    def position(self, line: int, column: int, units: Units) -> types.Position:
        """The protocol's position of the engine's ``line``:``column`` (from 1, columns in characters)."""
        last = len(self.starts) - 1
        if line - 1 > last:
            return types.Position(last, units.count(self.line_text(last)))
        content = self.line_text(max(0, line - 1))
        return types.Position(max(0, line - 1), units.count(content[: max(0, column - 1)]))

    def apply(self, change: types.TextDocumentContentChangeEvent, units: Units) -> None:
        if isinstance(change, types.TextDocumentContentChangePartial):
            start = self.offset(change.range.start, units)
            end = max(start, self.offset(change.range.end, units))
            self.text = self.text[:start] + change.text + self.text[end:]
        else:
            self.text = change.text
        self._starts = None


def contains(range_: types.Range, position: types.Position) -> bool:
    """Whether ``position`` lies in ``range_``, its end included (a cursor just after a name is on it)."""
    start, end = (range_.start.line, range_.start.character), (range_.end.line, range_.end.character)
    return start <= (position.line, position.character) <= end


def overlaps(a: types.Range, b: types.Range) -> bool:
    return not (
        (a.end.line, a.end.character) < (b.start.line, b.start.character)
        or (b.end.line, b.end.character) < (a.start.line, a.start.character)
    )


@dataclass
class Cell:
    kind: types.NotebookCellKind
    uri: str


@dataclass
class NotebookDocument:
    """An open notebook: its cells in order, each cell's text a :class:`TextDocument` of its own."""

    uri: str
    version: int
    cells: list[Cell]
    texts: dict[str, TextDocument]

    @classmethod
    def opened(cls, params: types.DidOpenNotebookDocumentParams) -> NotebookDocument:
        notebook = params.notebook_document
        texts = {
            item.uri: TextDocument(item.uri, item.text, item.version, item.language_id)
            for item in params.cell_text_documents
        }
        return cls(notebook.uri, notebook.version, [Cell(c.kind, c.document) for c in notebook.cells], texts)

    def change(self, params: types.DidChangeNotebookDocumentParams, units: Units) -> None:
        self.version = params.notebook_document.version
        cells = params.change.cells
        if cells is None:
            return
        if cells.structure is not None:
            array = cells.structure.array
            new = [Cell(c.kind, c.document) for c in array.cells or ()]
            self.cells[array.start : array.start + array.delete_count] = new
            for item in cells.structure.did_open or ():
                self.texts[item.uri] = TextDocument(item.uri, item.text, item.version, item.language_id)
            for closed in cells.structure.did_close or ():
                self.texts.pop(closed.uri, None)
        by_uri = {cell.uri: cell for cell in self.cells}
        for data in cells.data or ():
            if data.document in by_uri:
                by_uri[data.document].kind = data.kind
        for content in cells.text_content or ():
            text = self.texts.get(content.document.uri)
            if text is None:
                continue
            for each in content.changes:
                text.apply(each, units)
            text.version = content.document.version

    def ipynb(self) -> bytes:
        """The notebook as nbformat 4 JSON: code cells in Python, everything else read as what it is not."""
        cells: list[dict[str, Any]] = []
        for cell in self.cells:
            text = self.texts.get(cell.uri)
            source = text.text if text is not None else ""
            python = text is not None and text.language_id == "python"
            if cell.kind == types.NotebookCellKind.Code and python:
                cells.append(
                    {
                        "cell_type": "code",
                        "execution_count": None,
                        "metadata": {},
                        "outputs": [],
                        "source": source,
                    }
                )
            else:  # markdown, or a cell in another language: counted, never read as Python
                kind = "markdown" if cell.kind == types.NotebookCellKind.Markup else "raw"
                cells.append({"cell_type": kind, "metadata": {}, "source": source})
        document = {
            "cells": cells,
            "metadata": {"language_info": {"name": "python"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
        return (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def cell_sources(data: bytes) -> list[str]:
    """Each cell's source in notebook JSON from :meth:`NotebookDocument.ipynb` (or the fixer's rewrite)."""
    document = json.loads(data.decode("utf-8"))
    return [c["source"] if isinstance(c["source"], str) else "".join(c["source"]) for c in document["cells"]]

"""Findings as LSP diagnostics, fixes as text edits, suppression comments, and the rules' documentation.

Positions come from the engine as ``autofix check`` reports them (lines and columns from 1, columns in
characters, the end exclusive) and go to the client in its position encoding
(:mod:`autofix.server.documents`).
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types

from autofix.engine.diagnostic import Diagnostic
from autofix.engine.text_edits import TextEdit, text_edits
from autofix.server.documents import TextDocument, Units

if TYPE_CHECKING:
    from codemods.core.base import Rule

SOURCE = "autofix"
FIX_ALL = "source.fixAll.autofix"


@dataclass
class Finding:
    """One engine finding, located in the text document (file or notebook cell) it lies in."""

    diagnostic: Diagnostic
    lsp: types.Diagnostic
    document: TextDocument
    # Where the fix's edits go: the file (key None), or each cell by its number (a fix may span cells).
    targets: dict[int | None, TextDocument]
    bom: bool = False

    def fix_applies(self, unsafe_fixes: bool) -> bool:
        """Whether ``autofix apply`` with the file's configuration would apply this finding's fix."""
        return self.diagnostic.fixable and (self.diagnostic.safety == "safe" or unsafe_fixes)

    def fix(self, units: Units) -> dict[TextDocument, list[types.TextEdit]] | None:
        """This finding's fix alone, as edits per document; None without edits, or when a cell is gone."""
        if not self.diagnostic.edits:
            return None
        edits: dict[TextDocument, list[types.TextEdit]] = {}
        for edit in self.diagnostic.edits:
            document = self.targets.get(edit.cell)
            if document is None:
                return None
            edits.setdefault(document, []).append(text_edit(edit, document, units, self.bom))
        return edits


def finding_key(d: Diagnostic) -> list[object]:
    """What tells a finding from the others of one analysis (JSON, for a code action's data): an analysis of
    the same text with each fix's edits reports the same finding under the same key."""
    return [d.code, d.message, d.line, d.column, d.end_line, d.end_column, d.cell]


def position(
    document: TextDocument, line: int, column: int, units: Units, bom: bool = False
) -> types.Position:
    # The engine never sees a leading U+FEFF (it is the file's byte order mark): line 1 is one column short.
    return document.position(line, column + (1 if bom and line == 1 else 0), units)


def to_range(
    document: TextDocument,
    line: int,
    column: int,
    end_line: int,
    end_column: int,
    units: Units,
    bom: bool = False,
) -> types.Range:
    return types.Range(
        position(document, line, column, units, bom), position(document, end_line, end_column, units, bom)
    )


@cache
def _rules() -> dict[str, type[Rule]]:
    from codemods import rules_by_code

    return rules_by_code()


def rule_name(code: str) -> str:
    rule = _rules().get(code)
    return rule.name if rule is not None else code


@cache
def docs_href(code: str) -> str | None:
    """Where the rule's documentation is: its module (the docstring is what ``autofix explain`` prints)."""
    rule = _rules().get(code)
    module = sys.modules.get(rule.__module__) if rule is not None else None
    filename = getattr(module, "__file__", None)
    return Path(filename).resolve().as_uri() if filename else None


def rule_doc(code: str) -> str:
    """``autofix explain CODE``'s text, as Markdown."""
    rule = _rules().get(code)
    if rule is None:
        return f"**{code}**"
    return f"**{rule.code}** ({rule.name}) · fix: **{rule.fix_safety.value}**\n\n{rule.doc()}"


def diagnostic(
    d: Diagnostic, document: TextDocument, units: Units, bom: bool, unsafe_fixes: bool
) -> types.Diagnostic:
    href = docs_href(d.code)
    if d.fixable and d.safety == "unsafe" and not unsafe_fixes:
        fix = "unsafe fix, not applied: unsafe-fixes is off"
    elif d.fixable:
        fix = f"{d.safety} fix"
    else:
        fix = "no fix"
    return types.Diagnostic(
        range=to_range(document, d.line, d.column, d.end_line, d.end_column, units, bom),
        message=d.message,
        severity=types.DiagnosticSeverity.Warning,
        code=d.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
        data={"fix": fix},
    )


def problem(message: str, severity: types.DiagnosticSeverity) -> types.Diagnostic:
    """A diagnostic about the whole file (a configuration error, a file the engine could not handle)."""
    start = types.Position(0, 0)
    return types.Diagnostic(
        types.Range(start, start), f"autofix: {message}", severity=severity, source=SOURCE
    )


def text_edit(edit: TextEdit, document: TextDocument, units: Units, bom: bool) -> types.TextEdit:
    return types.TextEdit(
        to_range(document, edit.line, edit.column, edit.end_line, edit.end_column, units, bom), edit.content
    )


def changes(document: TextDocument, new_text: str, units: Units) -> list[types.TextEdit]:
    """The edits that turn the document's text into ``new_text``: only the lines that differ."""
    return [text_edit(edit, document, units, False) for edit in text_edits(document.text, new_text)]


def document_edits(edits: dict[TextDocument, list[types.TextEdit]], versioned: bool) -> types.WorkspaceEdit:
    """A workspace edit of the documents' current versions (a client refuses it once they have changed)."""
    if not versioned:
        return types.WorkspaceEdit(changes={document.uri: list(each) for document, each in edits.items()})
    return types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(
                types.OptionalVersionedTextDocumentIdentifier(document.uri, document.version), list(each)
            )
            for document, each in edits.items()
        ]
    )


# -- suppression comments

_IGNORE_LIST = re.compile(r"#\s*autofix:\s*ignore\[(?P<codes>[^\]]*)\]", re.IGNORECASE)


def _comment_lines(text: str) -> set[int]:
    """The lines (from 1) that end where a comment may be added: those that end a logical line or a line
    inside brackets. Not a line inside a string nor one a backslash joins to the next."""
    lines: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in (tokenize.NEWLINE, tokenize.NL):
                lines.add(token.start[0])
    except (tokenize.TokenError, SyntaxError):
        pass  # the lines read so far are known; later ones are not offered
    return lines


def suppression(d: Diagnostic, document: TextDocument, units: Units) -> types.TextEdit | None:
    """The edit that adds ``# autofix: ignore[CODE]`` to the first line of the finding that can carry a
    comment, or adds the code to such a comment already there; None when neither line can."""
    allowed = _comment_lines(document.text)
    for line in dict.fromkeys((d.line, d.end_line)):
        if line not in allowed or not 0 < line <= len(document.starts):
            continue
        content = document.line_text(line - 1)
        existing = _IGNORE_LIST.search(content)
        if existing is not None:
            codes = [c.strip() for c in existing.group("codes").split(",") if c.strip()]
            start, end = existing.span("codes")
            replacement = ", ".join([*codes, d.code])
        else:
            start, end = len(content.rstrip()), len(content)
            replacement = f"  # autofix: ignore[{d.code}]"
        # Columns here count in the editor's own line (a leading U+FEFF included): no shift.
        return types.TextEdit(
            types.Range(document.position(line, start + 1, units), document.position(line, end + 1, units)),
            replacement,
        )
    return None

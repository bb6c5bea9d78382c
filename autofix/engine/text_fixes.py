"""Fixes made to a file's text before it is parsed (:attr:`codemods.core.base.Rule.text_fixes`).

A token that today's Python no longer parses (``x.cuda(async=True)``) keeps the whole file from being
read; the rule that knows it names the fix, and this module applies it to the text, reports it as the
rule's finding on the original text, and maps the positions the other rules report on the fixed text
back to the original's.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import replace

from autofix.engine.diagnostic import Diagnostic
from autofix.engine.text_edits import TextEdit
from codemods.core.base import Rule, TextFix


def text_fixes(text: str, rules: Sequence[type[Rule]]) -> list[tuple[type[Rule], TextFix]]:
    """The text fixes of ``rules`` (those whose triggers ``text`` has: see
    :func:`autofix.engine.lint.active_rules`) for ``text``, each with its rule; at most one per position."""
    found: dict[tuple[int, int], tuple[type[Rule], TextFix]] = {}
    for rule in rules:
        for fix in rule.text_fixes(text):
            found.setdefault((fix.line, fix.column), (rule, fix))
    return [found[key] for key in sorted(found)]


def fixed_text(text: str, fixes: Sequence[TextFix]) -> str:
    """``text`` with each fix's ``old`` at its position replaced by its ``new``."""
    lines = io.StringIO(text).readlines()  # the lines tokenize reads, so the positions it gave
    for fix in sorted(fixes, key=lambda f: (f.line, f.column), reverse=True):
        line = lines[fix.line - 1]
        if line[fix.column : fix.column + len(fix.old)] != fix.old:
            raise ValueError(f"line {fix.line}, column {fix.column}: {fix.old!r} is not there")
        lines[fix.line - 1] = line[: fix.column] + fix.new + line[fix.column + len(fix.old) :]
    return "".join(lines)


def edits_of(fix: TextFix) -> tuple[TextEdit, ...]:
    """``fix`` (all its parts) as edits of the original text."""
    return tuple(
        TextEdit(part.line, part.column + 1, part.line, part.column + 1 + len(part.old), part.new)
        for part in fix.parts
    )


def diagnostic(code: str, fix: TextFix, safety: str, want_edits: bool) -> Diagnostic:
    """The finding ``fix`` is, at its place in the original text (its first part's)."""
    start, end = fix.column + 1, fix.column + 1 + len(fix.old)
    edits = edits_of(fix) if want_edits else ()
    return Diagnostic(code, fix.message, fix.line, start, True, safety, fix.line, end, edits)


def back_to_original(diagnostics: Sequence[Diagnostic], fixes: Sequence[TextFix]) -> list[Diagnostic]:
    """``diagnostics`` of the fixed text, their positions (and their edits') moved to the original's."""
    by_line: dict[int, list[TextFix]] = {}
    for fix in fixes:
        by_line.setdefault(fix.line, []).append(fix)

    def column(line: int, col: int) -> int:
        shift = 0  # how much longer the fixed line is, up to the fix at hand
        for fix in sorted(by_line.get(line, ()), key=lambda f: f.column):
            start = fix.column + 1 + shift  # where the new token starts, in the fixed text's columns
            if col <= start:
                break
            if col < start + len(fix.new):  # inside the new token: its place in the old one, clamped
                return start - shift + min(col - start, len(fix.old))
            shift += len(fix.new) - len(fix.old)
        return col - shift

    if not by_line:
        return list(diagnostics)
    moved = []
    for d in diagnostics:
        edits = tuple(
            replace(e, column=column(e.line, e.column), end_column=column(e.end_line, e.end_column))
            for e in d.edits
        )
        moved.append(
            replace(
                d, column=column(d.line, d.column), end_column=column(d.end_line, d.end_column), edits=edits
            )
        )
    return moved

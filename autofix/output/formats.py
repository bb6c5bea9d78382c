"""Findings for machines: JSON, SARIF 2.1.0, GitHub Actions annotations, and one-line ``concise`` text.

Every format describes the same findings ``check`` prints. Positions count lines and columns from 1 with
an exclusive end, columns in code points. A finding in a notebook is relative to its cell (``cell``
counts every cell of the notebook from 1, markdown included): SARIF and GitHub annotations then name the
notebook file without a region, since lines of a cell are not lines of the ``.ipynb`` file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath
from urllib.parse import quote

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from autofix import __version__
from autofix.engine.diagnostic import Diagnostic
from autofix.files.fix_file import FileResult


def all_rules():
    from codemods import all_rules as rules  # JSON and SARIF only: a text run needs no rule imported

    return rules()


def rules_by_code():
    return {rule.code: rule for rule in all_rules()}


FORMATS = ("text", "json", "sarif", "github", "concise")
SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"


def location(path: str, d: Diagnostic) -> str:
    """``train.py:12:5``, or ``nb.ipynb:cell 3:2:5`` in a notebook."""
    cell = f"cell {d.cell}:" if d.cell is not None else ""
    return f"{path}:{cell}{d.line}:{d.column}"


def fix_applies(d: Diagnostic, unsafe_fixes: bool) -> bool:
    """Whether ``autofix apply`` with the file's settings would apply this finding's fix."""
    return d.fixable and (d.safety == "safe" or unsafe_fixes)


def concise(results: Iterable[FileResult]) -> str:
    return "".join(f"{location(r.path, d)}: {d.code} {d.message}\n" for r in results for d in r.diagnostics)


def render(output_format: str, results: Sequence[FileResult]) -> str:
    if output_format == "json":
        return to_json(results)
    if output_format == "sarif":
        return to_sarif(results)
    if output_format == "github":
        return to_github(results)
    if output_format == "concise":
        return concise(results)
    raise ValueError(f"not a machine format: {output_format}")


# -- JSON


def _finding(result: FileResult, d: Diagnostic) -> dict[str, object]:
    fix = None
    if d.fixable:
        fix = {
            "applicability": d.safety,
            "applies": fix_applies(d, result.unsafe_fixes),
            "edits": [e.as_dict() for e in d.edits],
        }
    return {
        "path": result.path,
        "cell": d.cell,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
        "code": d.code,
        "name": rules_by_code()[d.code].name,
        "message": d.message,
        "fixable": d.fixable,
        "safety": d.safety,
        "fix": fix,
    }


def to_json(results: Iterable[FileResult]) -> str:
    """A list of findings, in path then position order (like ``ruff --output-format json``)."""
    findings = [_finding(r, d) for r in results for d in r.diagnostics]
    return json.dumps(findings, indent=2, ensure_ascii=False) + "\n"


# -- SARIF 2.1.0


def _uri(path: str) -> str:
    pure = PurePath(path)
    if pure.is_absolute():
        return Path(path).as_uri()
    return quote(pure.as_posix())


def _region(start_line: int, start_column: int, end_line: int, end_column: int) -> dict[str, int]:
    return {
        "startLine": start_line,
        "startColumn": start_column,
        "endLine": end_line,
        "endColumn": end_column,
    }


def _sarif_rules() -> list[dict[str, object]]:
    return [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "help": {"text": rule.doc(), "markdown": rule.doc()},
            "defaultConfiguration": {"level": "error"},
            "properties": {"fixSafety": rule.fix_safety.value},
        }
        for rule in all_rules()
    ]


def _sarif_result(result: FileResult, d: Diagnostic, rule_index: dict[str, int]) -> dict[str, object]:
    artifact = {"uri": _uri(result.path)}
    physical: dict[str, object] = {"artifactLocation": artifact}
    text = d.message
    properties: dict[str, object] = {"fixable": d.fixable, "safety": d.safety}
    if d.cell is None:
        physical["region"] = _region(d.line, d.column, d.end_line, d.end_column)
    else:
        text = f"{location(PurePath(result.path).name, d)}: {d.message}"
        properties.update(
            cell=d.cell, line=d.line, column=d.column, endLine=d.end_line, endColumn=d.end_column
        )
    sarif: dict[str, object] = {
        "ruleId": d.code,
        "ruleIndex": rule_index[d.code],
        "level": "error",
        "message": {"text": text},
        "locations": [{"physicalLocation": physical}],
        "properties": properties,
    }
    if d.fixable and d.edits and d.cell is None:
        sarif["fixes"] = [
            {
                "description": {"text": f"{d.safety} fix for {d.code}"},
                "artifactChanges": [
                    {
                        "artifactLocation": artifact,
                        "replacements": [
                            {
                                "deletedRegion": _region(e.line, e.column, e.end_line, e.end_column),
                                "insertedContent": {"text": e.content},
                            }
                            for e in d.edits
                        ],
                    }
                ],
            }
        ]
    return sarif


def to_sarif(results: Sequence[FileResult]) -> str:
    """One SARIF 2.1.0 log with one run; files that could not be processed are tool notifications."""
    rule_index = {rule.code: i for i, rule in enumerate(all_rules())}
    notifications = [
        {
            "level": "error",
            "message": {"text": r.error},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": _uri(r.path)}}}],
        }
        for r in results
        if r.error
    ]
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "torch-autofix",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": _sarif_rules(),
                    }
                },
                "columnKind": "unicodeCodePoints",
                "invocations": [
                    {"executionSuccessful": not notifications, "toolExecutionNotifications": notifications}
                ],
                "results": [_sarif_result(r, d, rule_index) for r in results for d in r.diagnostics],
            }
        ],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


# -- GitHub Actions workflow commands


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def _annotation(properties: dict[str, object], message: str) -> str:
    fields = ",".join(f"{key}={_escape_property(str(value))}" for key, value in properties.items())
    return f"::error {fields}::{_escape_data(message)}\n"


def to_github(results: Iterable[FileResult]) -> str:
    """``::error file=...,line=...,col=...,endLine=...,endColumn=...,title=CODE::message`` lines."""
    out = []
    for r in results:
        if r.error:
            out.append(_annotation({"file": r.path, "title": "torch-autofix error"}, r.error))
        for d in r.diagnostics:
            if d.cell is None:
                properties: dict[str, object] = {
                    "file": r.path,
                    "line": d.line,
                    "col": d.column,
                    "endLine": d.end_line,
                    "endColumn": d.end_column,
                    "title": d.code,
                }
                message = f"{d.code} {d.message}"
            else:
                properties = {"file": r.path, "title": d.code}
                message = f"{location(PurePath(r.path).name, d)}: {d.code} {d.message}"
            out.append(_annotation(properties, message))
    return "".join(out)


def print_whole(console: Console, table: Table) -> None:
    """Piped output has no width to fit: the table is printed at the width it needs, cutting nothing."""
    if console.is_terminal:
        console.print(table)
        return
    needed = Measurement.get(console, console.options.update_width(10_000), table).maximum
    width = console.width
    console.width = max(width, needed)  # print's own width= is capped at the console's
    try:
        console.print(table)
    finally:
        console.width = width

"""Print the table of shared modules (``codemods/core``, ``analysis``, ``fixes``) from their docstrings.

``docs/architecture.md`` holds its output between markers; ``tests/test_architecture.py`` checks that the
table there is what this prints, so a module added, removed or re-described shows up in review.
Run: ``python docs/module_table.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("codemods/core", "codemods/analysis", "codemods/fixes")


def summary(path: Path) -> str:
    """The docstring's first sentence (up to the first blank line), on one line."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return " ".join(doc.split("\n\n")[0].split()).replace("|", "\\|")


def table() -> str:
    rows = ["| module | what it answers |", "|---|---|"]
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name != "__init__.py":
                rows.append(f"| `{path.relative_to(ROOT)}` | {summary(path)} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(table(), end="")

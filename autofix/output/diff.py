"""Unified diffs: plain text for pipes and ``patch``, rendered with rich on a terminal."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

from autofix.engine.text_edits import lines_of

if TYPE_CHECKING:
    from rich.console import Console


def unified_diff(path: str, old: str, new: str) -> str:
    """A ``git apply``/``patch -p1`` compatible diff with ``a/`` and ``b/`` headers."""
    lines = difflib.unified_diff(
        lines_of(old),  # not str.splitlines: a form feed does not end a line for Python, git or patch
        lines_of(new),
        fromfile=f"a/{path}",
        tofile=f"b/{path}",
        n=3,
    )
    out = []
    for line in lines:
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def print_diff(console: Console, path: str, diff: str, *, color: bool) -> None:
    from rich.rule import Rule as Separator
    from rich.syntax import Syntax  # pygments: imported only when a diff is shown in colour

    if not color:
        console.file.write(diff)
        console.file.flush()
        return
    console.print(Separator(f"[bold]{path}", align="left", style="cyan"))
    console.print(Syntax(diff.rstrip("\n"), "diff", theme="ansi_dark", background_color="default"))

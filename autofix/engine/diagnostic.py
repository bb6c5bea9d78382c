"""A finding as reported to the user; its own module so that results can be read without libcst."""

from __future__ import annotations

from dataclasses import dataclass

from autofix.engine.text_edits import TextEdit


@dataclass(frozen=True)
class Diagnostic:
    """A finding as reported to the user: plain data, cheap to send between processes.

    Lines and columns count from 1; the end is exclusive. ``edits`` (asked for with ``want_edits``)
    turn the original text into the text this finding's fix alone would give. ``cell`` is the
    notebook cell (counted from 1, markdown cells included) the position is relative to.
    """

    code: str
    message: str
    line: int
    column: int
    fixable: bool
    safety: str
    end_line: int = 0
    end_column: int = 0
    edits: tuple[TextEdit, ...] = ()
    cell: int | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "line": self.line,
            "column": self.column,
            "fixable": self.fixable,
            "safety": self.safety,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "edits": [e.as_dict() for e in self.edits],
            "cell": self.cell,
        }

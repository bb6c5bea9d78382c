"""Removing imported names: one name out of ``from m import a, b``, or the whole statement.

The statement goes with its blank lines kept (they move to the next statement) and never with a
comment: then nothing is edited, and the caller reports instead.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from codemods.core.syntax import statement_removal


def bound_names(imported: cst.ImportFrom) -> list[str]:
    """The local names ``from m import a, b as c`` binds: ``[a, c]``."""
    assert not isinstance(imported.names, cst.ImportStar)
    return [alias.evaluated_alias or alias.evaluated_name for alias in imported.names]


def import_removal(
    line: cst.SimpleStatementLine, statements: Sequence[cst.BaseStatement], names: set[str]
) -> dict[cst.CSTNode, cst.CSTNode | cst.RemovalSentinel] | None:
    """The edits that drop the bindings of ``names`` from the ``from ... import`` alone on ``line``
    (one of ``statements``); None when the whole line would go with a comment."""
    imported = line.body[0]
    assert isinstance(imported, cst.ImportFrom) and not isinstance(imported.names, cst.ImportStar)
    kept = [alias for alias in imported.names if (alias.evaluated_alias or alias.evaluated_name) not in names]
    if kept:
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return {imported: imported.with_changes(names=kept)}
    return statement_removal(line, statements)

"""Adding code at module level: a missing import, a module-level definition.

Every rule that adds a statement outside the code it fixes (DEV006's distributed imports, DEV007's
portable ``device``, a rule that needs ``import torch``) goes through :func:`after_imports`, so new
code always lands in the same place: right after the module's opening block of imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

import libcst as cst

from codemods.core.base import Replacement
from codemods.core.names import ImportAliases, root_name
from codemods.core.syntax import code_of, is_docstring


def last_top_import(module: cst.Module) -> cst.SimpleStatementLine | None:
    """The last import of the module's opening block of imports.

    The block may hold a docstring, comments and set-up lines between its imports
    (``sys.path.append(...)``, ``matplotlib.use("Agg")``, ``os.environ["X"] = "1"``): calls of, and
    assignments into, modules imported above, naming no device. Code added after the block then sees
    every import, and runs before any other top-level code.
    """
    last: cst.SimpleStatementLine | None = None
    imported: set[str] = set()
    for stmt in module.body:
        if _is_import_line(stmt):
            last = stmt
            imported |= _bound_by(stmt)
        elif is_docstring(stmt) or _is_set_up(stmt, imported):
            continue
        else:
            break
    return last


def _is_import_line(stmt: cst.CSTNode) -> TypeGuard[cst.SimpleStatementLine]:
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body
    )


def _bound_by(stmt: cst.SimpleStatementLine) -> set[str]:
    names = set()
    for small in stmt.body:
        if isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
            for alias in small.names:
                bound = alias.asname.name if alias.asname else alias.name
                names.add(code_of(bound).split(".")[0])
    return names


def _is_set_up(stmt: cst.CSTNode, imported: set[str]) -> bool:
    """A line between imports that configures the process through a module imported above (a call of
    it, an assignment into it) and names no device or GPU: no code of the file runs there."""
    if not isinstance(stmt, cst.SimpleStatementLine):
        return False
    for small in stmt.body:
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            reached = [small.value.func]
        elif isinstance(small, cst.Assign):
            reached = [t.target for t in small.targets]
        else:
            return False
        if not all(
            isinstance(r, (cst.Attribute, cst.Subscript)) and root_name(r) in imported for r in reached
        ):
            return False
    text = code_of(stmt).lower()
    return "cuda" not in text and "device" not in text


def after_imports(
    module: cst.Module, statements: Sequence[cst.BaseStatement]
) -> dict[cst.CSTNode, Replacement]:
    """The edit that puts ``statements`` right after the opening imports; in a file without any,
    after the docstring (or at the top). Empty when there is nothing to add or nowhere to add it.

    The edit replaces one existing statement with itself plus the new ones, so two rules adding
    code in one pass overlap, and the engine applies the second one in the next pass."""
    if not statements or not module.body:
        return {}
    anchor = last_top_import(module)
    if anchor is not None:
        return {anchor: cst.FlattenSentinel([anchor, *statements])}
    first = module.body[0]
    if is_docstring(first):
        return {first: cst.FlattenSentinel([first, *statements])}
    return {first: cst.FlattenSentinel([*statements, first])}


def import_if_missing(aliases: ImportAliases, statement: str) -> cst.SimpleStatementLine | None:
    """``statement`` (``import os``, ``import torch.distributed as dist``, ``from a.b import C``)
    parsed, or None when the file already binds its name to the same thing at module level."""
    parsed = cst.parse_statement(statement.rstrip("\n") + "\n")
    assert isinstance(parsed, cst.SimpleStatementLine)
    node = parsed.body[0]
    if isinstance(node, cst.Import):
        alias = node.names[0]
        full = code_of_name(alias.name)
        local = code_of_name(alias.asname.name) if alias.asname else full.split(".")[0]
        wanted = full if alias.asname else local
    else:
        assert isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar)
        alias = node.names[0]
        local = code_of_name(alias.asname.name if alias.asname else alias.name)
        assert node.module is not None  # (no relative import: code_of_name asserted the same before)
        wanted = f"{code_of_name(node.module)}.{code_of_name(alias.name)}"
    return None if aliases.module_names.get(local) == wanted else parsed


def code_of_name(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    assert isinstance(node, cst.Attribute)
    return f"{code_of_name(node.value)}.{node.attr.value}"

"""Adding code at module level: a missing import, a module-level definition.

Every rule that adds a statement outside the code it fixes (DEV006's distributed imports, DEV007's
portable ``device``, a rule that needs ``import torch``) goes through :func:`after_imports`, so new
code always lands in the same place: right after the module's opening block of imports.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst

from codemods.core.base import Replacement
from codemods.core.names import ImportAliases
from codemods.core.syntax import is_docstring


def last_top_import(module: cst.Module) -> cst.SimpleStatementLine | None:
    """The last import of the module's opening block of imports (docstring and comments allowed)."""
    last = None
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine) and all(
            isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body
        ):
            last = stmt
        elif is_docstring(stmt):
            continue
        elif last is not None:
            break
    return last


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
        wanted = f"{code_of_name(node.module)}.{code_of_name(alias.name)}"  # type: ignore[arg-type]
    return None if aliases.module_names.get(local) == wanted else parsed


def code_of_name(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    assert isinstance(node, cst.Attribute)
    return f"{code_of_name(node.value)}.{node.attr.value}"

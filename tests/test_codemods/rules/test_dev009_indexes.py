"""DEV009's per-tree index of top-level functions and assigned names answers what its scan answered.

For each legacy constructor call DEV009 once scanned the module for every assignment target and top-level
``def`` (is the argument a call of a function that returns a fresh list?): time quadratic in a fix-heavy
file's size. The scan is kept here as the specification and compared, on every corpus and legacy file,
with the indexed answers for every name. (The scope walk for opaque names went to
``codemods.core.name_bindings.bindings_in``, with outputs checked identical at that change.)
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from codemods.analysis import evident_data as _evident_data
from codemods.core.tree import Tree

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "corpus").rglob("*.py")) + sorted((ROOT / "legacy").rglob("*.py"))


def _scanned_defs_and_targets(tree: Tree, name: str) -> tuple[list[cst.FunctionDef], bool]:
    module = tree.root
    defs = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    bound = any(
        isinstance(t.target, cst.Name) and t.target.value == name
        for t in tree.of_type(module, cst.AssignTarget)
    )
    return defs, bound


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_indexed_defs_and_targets_are_the_scan(path: Path) -> None:
    try:
        module = cst.parse_module(path.read_text())
    except cst.ParserSyntaxError:
        pytest.skip("not parsed by libcst")
    tree = Tree(module)
    defs = _evident_data._top_level_defs(tree)
    targets = _evident_data._assigned_names(tree)
    for name in sorted({n.value for n in tree.of_type(tree.root, cst.Name)}):
        scanned_defs, scanned_bound = _scanned_defs_and_targets(tree, name)
        assert defs.get(name, []) == scanned_defs
        assert (name in targets) == scanned_bound

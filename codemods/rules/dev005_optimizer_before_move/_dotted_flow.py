"""Reads and writes of dotted names (``opt``, ``self.model``, ``args.lr``) by statements.

:mod:`codemods.core.dataflow` answers for plain names. A rule that moves a statement past others (DEV005
moves ``self.optimizer = Adam(self.model.parameters())`` below ``self.model.cuda()``) must also know
whether the statements it jumps over read ``self.optimizer`` or rebind ``self.model``. The answers
here are conservative: a method called on ``self`` (``self.setup()``) or ``self`` handed to a call
may read or write any ``self.<attr>``, so it counts as touching every one of them.
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.module_aliases import written
from codemods.core.names import dotted_name
from codemods.core.tree import Tree


def related(a: str, b: str) -> bool:
    """``a`` and ``b`` name the same object or one is part of the other (``self`` and ``self.x``)."""
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def chains_read(tree: Tree, node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The longest dotted names under ``node`` (``self.G.parameters`` once, not ``self``,
    ``self.G`` and ``self.G.parameters``), attribute names and keywords left out."""
    found = []
    for name in tree.of_type(node, cst.Name):
        parent = tree.parent(name)
        if isinstance(parent, cst.Attribute) and parent.attr is name:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is name:
            continue
        found.append(_longest_chain(tree, name))
    return found


def _longest_chain(tree: Tree, name: cst.Name) -> cst.BaseExpression:
    chain: cst.BaseExpression = name
    parent = tree.parent(chain)
    while isinstance(parent, cst.Attribute) and parent.value is chain:
        chain = parent
        parent = tree.parent(chain)
    return chain


def may_touch(tree: Tree, node: cst.CSTNode, name: str) -> bool:
    """May ``node`` read or write the dotted ``name``? Yes when it spells ``name`` (or a part of
    it), hands the object ``name`` lives on to a call, or calls a method of that object."""
    base = name.split(".", 1)[0]
    for chain in chains_read(tree, node):
        spelled = dotted_name(chain) or ""
        if spelled.split(".", 1)[0] != base:
            continue
        if related(spelled, name):
            return True
        parent = tree.parent(chain)
        if spelled.count(".") == 1 and isinstance(parent, cst.Call) and parent.func is chain:
            return True  # `self.setup()` may use any `self.<attr>`
    return False


def may_change(
    tree: Tree,
    node: cst.CSTNode,
    name: str,
    harmless_methods: frozenset[str] = frozenset(),
    harmless_calls: frozenset[str] = frozenset(),
) -> bool:
    """May ``node`` rebind the dotted ``name`` or change the object it names? It may when it
    writes ``name`` (or a part of it, or an attribute of it), hands the object (or the object it
    lives on) to a call other than ``harmless_calls``, keeps another reference to it, or calls one
    of its methods other than ``harmless_methods`` (or a method of the object it lives on:
    ``self.setup()``). Reading it is not changing it."""
    if any(related(w, name) for w in written(tree, node)):
        return True
    base = name.split(".", 1)[0]
    for chain in chains_read(tree, node):
        spelled = dotted_name(chain) or ""
        if spelled.split(".", 1)[0] != base:
            continue
        parent = tree.parent(chain)
        called = isinstance(parent, cst.Call) and parent.func is chain
        if spelled == name or name.startswith(spelled + "."):
            if _bare_use_may_change(tree, chain, parent, harmless_calls):
                return True
        elif called and spelled.startswith(name + "."):
            if spelled.rsplit(".", 1)[-1] not in harmless_methods:
                return True
        elif called and "." in name and spelled.count(".") == 1:
            return True  # `self.setup()` may change any `self.<attr>`
    return False


def _bare_use_may_change(
    tree: Tree, chain: cst.BaseExpression, parent: cst.CSTNode | None, harmless_calls: frozenset[str]
) -> bool:
    if isinstance(parent, cst.Arg):
        call = tree.parent(parent)
        callee = dotted_name(call.func) if isinstance(call, cst.Call) else None
        return callee is None or not (
            callee in harmless_calls or callee.endswith((".info", ".debug", ".warning"))
        )
    if isinstance(parent, cst.Call):
        return True  # `model(x)` runs forward, which may change it
    # Read in a test, an index or a message; anything else (`other = model`, `return model`) may
    # hand it on.
    return not isinstance(
        parent,
        (
            cst.Comparison,
            cst.ComparisonTarget,
            cst.If,
            cst.Subscript,
            cst.FormattedStringExpression,
            cst.UnaryOperation,
            cst.BooleanOperation,
        ),
    )

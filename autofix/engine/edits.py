"""Replacing a few nodes of a large tree without rebuilding all of it.

A libcst transformer visits and reconstructs every node of the module to replace a handful: on a 1 MB file
that full visit was the largest single cost of ``apply`` after the parses (cProfile: about a fifth of the
run). Here the edited nodes are found with a cheap walk of the tree, and only their ancestors are copied,
bottom-up, with the new child in place; every other node of the new tree is shared with the old one. The
replacements behave as in a transformer's ``on_leave``: a node, ``RemovalSentinel.REMOVE`` or a
``FlattenSentinel`` inside a sequence. Anything this cannot express (an edited node it cannot reach, a
removal outside a sequence) falls back to the transformer, so the result is the same either way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import libcst as cst

from codemods.core import tree as cst_tree

Replacement = cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel
_ALL_FIELDS: dict[type, tuple[str, ...]] = {}


class _Unsupported(Exception):
    pass


def apply_edits(
    module: cst.Module,
    edits: Mapping[cst.CSTNode, Replacement],
    tree: cst_tree.Tree | None = None,
    rebuilt: dict[int, cst.CSTNode] | None = None,
) -> cst.Module:
    """``module`` with each key of ``edits`` (disjoint subtrees) replaced by its value. ``tree``, the
    index of ``module`` when the caller has one, names each edited node's ancestors without a walk.
    ``rebuilt``, when given, receives ``id(copy) -> original`` for every ancestor copied with a new
    child (left empty when the edits needed a full transformer pass): what :mod:`autofix.engine.reparse`
    needs to re-parse only the statements that changed inside a large one."""
    new_module = apply_edits_under(module, edits, tree, rebuilt)
    assert isinstance(new_module, cst.Module)
    return new_module


def apply_edits_under(
    root: cst.CSTNode,
    edits: Mapping[cst.CSTNode, Replacement],
    tree: cst_tree.Tree | None = None,
    rebuilt: dict[int, cst.CSTNode] | None = None,
) -> Replacement:
    """What ``root`` becomes when each key of ``edits`` (disjoint subtrees of ``root``, or ``root``
    itself) is replaced by its value: the whole of a several-place fix as one replacement of their
    common ancestor (the Fixit adapter reports it so)."""
    if not edits:
        return root
    for node, replacement in edits.items():
        if node is root:
            return replacement  # disjoint subtrees: root is the only edit
    try:
        if tree is not None and tree.root is root:
            return _path_copy_indexed(root, edits, tree, rebuilt)
        return _path_copy(root, {id(node): repl for node, repl in edits.items()}, rebuilt)
    except _Unsupported:
        if rebuilt is not None:
            rebuilt.clear()  # copies made before the fast path gave up are gone: their ids mean nothing
        return root.visit(_Transformer(edits))


class _Transformer(cst.CSTTransformer):
    def __init__(self, edits: Mapping[cst.CSTNode, Replacement]) -> None:
        super().__init__()
        self.edits = {id(node): repl for node, repl in edits.items()}

    def on_leave(self, original_node, updated_node):
        replacement = self.edits.get(id(original_node))
        return updated_node if replacement is None else replacement


def _path_copy(
    root: cst.CSTNode, edits: dict[int, Replacement], rebuilt: dict[int, cst.CSTNode] | None = None
) -> cst.CSTNode:
    depth_of: dict[int, int] = {}
    ancestors: dict[int, cst.CSTNode] = {}
    found = 0
    path: list[cst.CSTNode] = []
    stack: list[tuple[cst.CSTNode, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        del path[depth:]
        path.append(node)
        if id(node) in edits:
            found += 1
            for level, ancestor in enumerate(path[:-1]):
                ancestors[id(ancestor)] = ancestor
                depth_of[id(ancestor)] = level
            continue
        stack.extend((child, depth + 1) for child in cst_tree.children(node))
    if found != len(edits):
        raise _Unsupported  # an edit under a field the fast walk skips (whitespace, commas...)
    return _rebuild_ancestors(root, edits, ancestors, depth_of, rebuilt)


def _path_copy_indexed(
    root: cst.CSTNode,
    edits: Mapping[cst.CSTNode, Replacement],
    tree: cst_tree.Tree,
    rebuilt: dict[int, cst.CSTNode] | None = None,
) -> cst.CSTNode:
    """As :func:`_path_copy`, the ancestors read from the index: on a 1 MB module with hundreds of edits the
    walk that finds them was most of a pass's edit time."""
    by_id = {id(node): repl for node, repl in edits.items()}
    depth_of: dict[int, int] = {}
    ancestors: dict[int, cst.CSTNode] = {}
    for node in edits:
        if not tree.contains(node):
            raise _Unsupported  # under a field the index skips (whitespace, commas...)
        above = tree.ancestors(node)  # nearest first, the root last
        for level, ancestor in enumerate(reversed(above)):
            if id(ancestor) in by_id:
                raise _Unsupported  # edits that are not disjoint: the transformer's order decides
            ancestors[id(ancestor)] = ancestor
            depth_of[id(ancestor)] = level
    return _rebuild_ancestors(root, by_id, ancestors, depth_of, rebuilt)


def _rebuild_ancestors(
    root: cst.CSTNode,
    edits: dict[int, Replacement],
    ancestors: dict[int, cst.CSTNode],
    depth_of: dict[int, int],
    rebuilt: dict[int, cst.CSTNode] | None = None,
) -> cst.CSTNode:
    """``root`` rebuilt bottom-up: each of ``ancestors``, deepest first, copied with its edited children."""
    replaced: dict[int, Replacement] = dict(edits)
    for key in sorted(ancestors, key=depth_of.__getitem__, reverse=True):
        node = ancestors[key]
        copy = replaced[key] = _rebuild(node, replaced)
        if rebuilt is not None:
            rebuilt[id(copy)] = node
    new_root = replaced[id(root)]
    assert isinstance(new_root, cst.CSTNode)
    return new_root


def node_fields(cls: type) -> tuple[str, ...]:
    """Every field of a node class, in order (cached: asked for each node copied)."""
    names = _ALL_FIELDS.get(cls)
    if names is None:
        names = _ALL_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _rebuild(node: cst.CSTNode, replaced: dict[int, Replacement]) -> cst.CSTNode:
    changes: dict[str, object] = {}
    for name in node_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, (list, tuple)):
            if not any(id(item) in replaced for item in value):
                continue
            items: list[object] = []
            for item in value:
                new = replaced.get(id(item), item)
                if isinstance(new, cst.RemovalSentinel):
                    continue
                if isinstance(new, cst.FlattenSentinel):
                    items.extend(new.nodes)
                else:
                    items.append(new)
            changes[name] = tuple(items)
        elif id(value) in replaced:
            new = replaced[id(value)]
            if not isinstance(new, cst.CSTNode):
                # A removal or flattening outside a sequence: the transformer's rules apply.
                raise _Unsupported
            changes[name] = new
    return node.with_changes(**changes)

"""Where plain names are bound: how often in the whole file, and by what in one function.

A rewrite that replaces a name by what it stands for (a legacy type alias by its type, ``Variable(x)``
by ``x``) must know every place that name can get a value: assignments, loop and comprehension
targets, parameters, imports, ``def``/``class``, walrus (in a comprehension, the code around's),
``with``/``except ... as``, ``match`` captures, and ``global``/``nonlocal`` declarations that let
another function rebind it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

import libcst as cst

from codemods.core.tree import Tree, children

_BINDINGS = (
    cst.AssignTarget,
    cst.AnnAssign,
    cst.AugAssign,
    cst.For,
    cst.CompFor,
    cst.Param,
    cst.AsName,
    cst.FunctionDef,
    cst.ClassDef,
    cst.NamedExpr,
    cst.ImportAlias,
    cst.Global,
    cst.Nonlocal,
    cst.MatchAs,  # `case int() as x:`, `case x:`
    cst.MatchStar,  # `case [first, *rest]:`
    cst.MatchMapping,  # `case {"k": v, **rest}:`
)
# A node of one of the _BINDINGS classes.
Binding = (
    cst.AssignTarget
    | cst.AnnAssign
    | cst.AugAssign
    | cst.For
    | cst.CompFor
    | cst.Param
    | cst.AsName
    | cst.FunctionDef
    | cst.ClassDef
    | cst.NamedExpr
    | cst.ImportAlias
    | cst.Global
    | cst.Nonlocal
    | cst.MatchAs
    | cst.MatchStar
    | cst.MatchMapping
)
# The nodes that open a scope for name lookup (the module aside).
SCOPES = (
    cst.FunctionDef,
    cst.Lambda,
    cst.ClassDef,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


# The binding classes whose names are those of their target, or of their name: looked up by the node's
# own class first (every binding node of a module is asked about once a pass, and each `isinstance` of
# a libcst class that fails goes through `ABCMeta.__instancecheck__`).
_BY_TARGET = frozenset({cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.NamedExpr})
_BY_NAME = frozenset({cst.Param, cst.AsName, cst.FunctionDef, cst.ClassDef})


def flatten_names(target: cst.BaseExpression, keep_underscore: bool = False) -> list[str]:
    """The plain names an assignment or ``for`` target binds: ``i, (x, *y)`` -> ``[i, x, y]``.
    ``_`` (a value thrown away) is left out unless ``keep_underscore``: it is still a binding."""
    if isinstance(target, cst.Name):
        return [] if target.value == "_" and not keep_underscore else [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in flatten_names(e.value, keep_underscore)]
    if isinstance(target, cst.StarredElement):
        return flatten_names(target.value, keep_underscore)
    return []


def bound_names(node: Binding) -> list[str]:
    """The plain names one binding node binds (``for i, (x, y) in ...`` -> i, x, y)."""
    kind = type(node)
    if kind in _BY_TARGET:
        return flatten_names(cast("cst.AssignTarget", node).target, keep_underscore=True)
    if kind in _BY_NAME:
        return flatten_names(cast("cst.Param", node).name, keep_underscore=True)
    if isinstance(node, (cst.Global, cst.Nonlocal)):
        return [n.name.value for n in node.names]
    if isinstance(node, cst.ImportAlias):
        bound = node.asname.name if node.asname else node.name
        return [bound.value] if isinstance(bound, cst.Name) else []
    if isinstance(node, (cst.MatchAs, cst.MatchStar)):
        return [node.name.value] if node.name is not None else []  # (`case _:` binds nothing)
    if isinstance(node, cst.MatchMapping):
        return [node.rest.value] if node.rest is not None else []
    if isinstance(node, (cst.Param, cst.AsName, cst.FunctionDef, cst.ClassDef)):
        return flatten_names(node.name, keep_underscore=True)
    return flatten_names(node.target, keep_underscore=True)


def parameter_names(function: cst.FunctionDef | cst.Lambda) -> set[str]:
    """The names ``function``'s parameters bind, ``*args`` and ``**kwargs`` included."""
    params = function.params
    names = {p.name.value for p in (*params.params, *params.kwonly_params, *params.posonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def binding_counts(tree: Tree) -> dict[str, int]:
    """How many times each plain name is bound anywhere in the file (once per pass: callers must not
    change the dict they get)."""
    return tree.memo("name_bindings.counts", lambda: _binding_counts(tree))


def _binding_counts(tree: Tree) -> dict[str, int]:
    counts: dict[str, int] = {}
    names_of = _bound_in_tree(tree)
    for node in _bindings(tree, tree.root):
        for name in names_of[id(node)]:
            counts[name] = counts.get(name, 0) + 1
    return counts


def _bound_in_tree(tree: Tree) -> dict[int, list[str]]:
    """``bound_names`` of every binding node of the tree, by id (the tree keeps the nodes alive)."""
    return tree.memo(
        "name_bindings.bound_names", lambda: {id(n): bound_names(n) for n in _bindings(tree, tree.root)}
    )


def _bindings(tree: Tree, node: cst.CSTNode) -> list[Binding]:
    """The binding nodes under ``node``."""
    return cast("list[Binding]", tree.of_type(node, _BINDINGS))  # nodes of the _BINDINGS classes


def bindings_in(tree: Tree, scope: cst.CSTNode, name: str) -> list[cst.CSTNode]:
    """The nodes that bind ``name`` in ``scope`` (a function or the module) itself, not in the
    functions, classes or comprehensions inside it. A parameter of ``scope`` counts."""
    if tree.contains(scope):  # (the tree keeps it alive, so its id names it for the tree's life)
        # Kept per scope and name: DEV010 asks of the module's most bound names many times a pass, and
        # each answer tests every binding of the name in the module for its owner.
        return list(
            tree.memo(("name_bindings.in", id(scope), name), lambda: _bindings_in(tree, scope, name, True))
        )
    return _bindings_in(tree, scope, name, False)


def _bindings_in(tree: Tree, scope: cst.CSTNode, name: str, indexed: bool) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    candidates: list[Binding]
    if indexed:
        candidates = tree.memo(
            ("name_bindings.by_name", id(scope)), lambda: _bindings_by_name(tree, scope)
        ).get(name, [])
    else:
        candidates = [node for node in _bindings(tree, scope) if name in bound_names(node)]
    for node in candidates:
        if node is scope:
            continue
        if _owner(tree, node, scope) is scope:
            found.append(node)
    return found


def comprehension_walruses(tree: Tree, comprehension: cst.CSTNode) -> list[cst.NamedExpr]:
    """The walruses under ``comprehension`` (a list, set, dict or generator comprehension) that bind in
    the code around it (PEP 572), not in a function or lambda inside it."""
    found = []
    for walrus in tree.of_type(comprehension, cst.NamedExpr):
        owner = _owner(tree, walrus, tree.root)
        if owner is not None and not tree.inside(owner, comprehension):
            found.append(walrus)
    return found


def _owner(tree: Tree, node: cst.CSTNode, scope: cst.CSTNode) -> cst.CSTNode | None:
    """The scope whose name the binding ``node`` binds (``scope`` when it is found on the way up): the
    nearest function, class, lambda or comprehension above it; for a walrus, the nearest that is no
    comprehension (PEP 572: ``[(x := k) for k in ks]`` binds ``x`` in the code around)."""
    walrus = isinstance(node, cst.NamedExpr)
    for above in tree.ancestors(node):
        if walrus and isinstance(above, _COMPREHENSIONS):
            continue
        if above is scope or isinstance(above, SCOPES):
            return above
    return None


def _bindings_by_name(tree: Tree, scope: cst.CSTNode) -> dict[str, list[Binding]]:
    """The binding nodes under ``scope`` by the names they bind, in source order: one walk of them per
    scope and tree, not one per name asked (rules ask of the module scope for many names, and each
    name's walk of a large module's bindings added up: see benchmarks/results.md, 2026-11-27, perf32)."""
    names_of = _bound_in_tree(tree)
    by_name: dict[str, list[Binding]] = {}
    for node in _bindings(tree, scope):
        names = names_of.get(id(node))
        for bound in bound_names(node) if names is None else names:
            nodes = by_name.get(bound)
            if nodes is None:
                by_name[bound] = [node]
            elif nodes[-1] is not node:  # `a, a = ...` binds `a` twice: one node, listed once
                nodes.append(node)
    return by_name


def shadowed_at(tree: Tree, node: cst.CSTNode, name: str) -> bool:
    """Does a function, class, lambda or comprehension around ``node`` bind ``name`` itself (a parameter,
    an assignment, an import, ``global``), so that ``name`` read at ``node`` is not the module's? A class
    body's names are not seen from the functions inside it."""
    return binding_scope(tree, node, name) is not tree.root


def code_around(tree: Tree, node: cst.CSTNode) -> cst.FunctionDef | cst.Lambda | None:
    """The function or lambda whose code ``node`` is; None at a module's or a class body's top level."""
    return next((a for a in tree.ancestors(node) if isinstance(a, (cst.FunctionDef, cst.Lambda))), None)


def binding_scope(tree: Tree, node: cst.CSTNode, name: str) -> cst.CSTNode:
    """The scope whose ``name`` a read of it at ``node`` sees: the nearest function, class, lambda or
    comprehension around ``node`` that binds ``name`` itself (:func:`bindings_in`), else the module
    (``tree.root``). A class body's names are not seen from the functions inside it."""
    in_function = False
    for above in tree.ancestors(node):
        if not isinstance(above, SCOPES):
            continue
        if isinstance(above, cst.ClassDef) and in_function:
            continue
        if bindings_in(tree, above, name):
            return above
        in_function = in_function or isinstance(above, (cst.FunctionDef, cst.Lambda))
    return tree.root


def variable_scope(tree: Tree, node: cst.CSTNode, name: str) -> cst.CSTNode:
    """The scope whose variable ``name`` is, read or bound at ``node``: :func:`binding_scope`, with
    ``global name`` taken to the module (``tree.root``) and ``nonlocal name`` to the function around
    that binds it. Two places see the same variable when they give the same scope."""
    scope = binding_scope(tree, node, name)
    while scope is not tree.root:
        declared = [b for b in bindings_in(tree, scope, name) if isinstance(b, (cst.Global, cst.Nonlocal))]
        if not declared:
            return scope
        if isinstance(declared[0], cst.Global):
            return tree.root
        scope = binding_scope(tree, scope, name)  # `nonlocal`: the function around's
    return scope


def is_import_binding(tree: Tree, binding: cst.CSTNode) -> bool:
    """Is ``binding`` (a node :func:`bindings_in` gave) an import's (``import a.b as c``, ``from a
    import b``), not an assignment, parameter or other binding?"""
    return isinstance(binding, cst.ImportAlias) or (
        isinstance(binding, cst.AsName) and isinstance(tree.parent(binding), cst.ImportAlias)
    )


def bound_otherwise(tree: Tree, names: Iterable[str]) -> frozenset[str]:
    """Those of ``names`` (names imports bind) that some binding of the file other than an import binds
    too: an assignment, a parameter, a loop target... (``def go(): F = Acts``)."""
    wanted = set(names)
    names_of = _bound_in_tree(tree)
    found: set[str] = set()
    for node in _bindings(tree, tree.root):
        bound = wanted.intersection(names_of[id(node)])
        if bound and not is_import_binding(tree, node):
            found.update(bound)
    return frozenset(found)


def is_attribute_name(tree: Tree, name: cst.Name) -> bool:
    """``train`` in ``model.train``: an attribute's name, not a variable."""
    parent = tree.parent(name)
    return isinstance(parent, cst.Attribute) and parent.attr is name


def is_label(tree: Tree, name: cst.Name) -> bool:
    """An attribute's or a keyword's name (``model.train``, ``f(train=1)``), not a variable."""
    parent = tree.parent(name)
    return (isinstance(parent, cst.Attribute) and parent.attr is name) or (
        isinstance(parent, cst.Arg) and parent.keyword is name
    )


def reads_name(node: cst.CSTNode | cst.FlattenSentinel | cst.RemovalSentinel, name: str) -> bool:
    """Does ``node`` (a replacement, not necessarily in a tree) hold the plain name ``name``?"""
    stack: list[cst.CSTNode] = list(node.nodes) if isinstance(node, cst.FlattenSentinel) else []
    if isinstance(node, cst.CSTNode):
        stack.append(node)
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value == name:
            return True
        stack.extend(children(current))  # (not libcst's `.children`, a visitor per node)
    return False

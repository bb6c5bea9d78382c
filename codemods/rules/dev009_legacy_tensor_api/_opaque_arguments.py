"""Arguments of a legacy constructor that the file shows nothing about: no sign of a size anywhere.

``torch.FloatTensor(state)`` reads ``state`` as data when it is a list, a tuple, an array or a tensor,
and as a size when it is an int (or a ``torch.Size``). Where the file shows neither, DEV009 offers the
reading as data as an unsafe fix; this module says where the file shows *nothing*, so that no sign of
an int is overruled: the argument is

- a name every binding of which, in its scope (its function, else the module), is opaque: a
  parameter with no int default or annotation, a target of unpacking (``s, r, done, _ = env.step(a)``,
  from what is opaque) or of a loop over something other than ``range``/``enumerate``'s counter,
  or an assignment from an opaque expression; never rebound by ``global``, ``+=``, ``with``, an
  import or a walrus;
- an attribute (``batch.reward``) or a subscript (``data["iter"]``) of something;
- a true division (``(high - low) / 2.``), which never gives an int;
- a call of a method or of a function neither of the file (whose returns the file shows) nor of
  torch, NumPy, ``math``, ``random`` or the builtins (which the other readings know).

A name or attribute spelled like a size (``n``, ``num_actions``, ``max_len``, ``x.shape``) is a sign of
one, and so are ``len``, ``int``, ``.item()``, ``.size()``, ``.astype(...)`` and ``x.T`` (a NumPy
integer scalar stays one).
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.core.names import ImportAliases, dotted_name
from codemods.core.tree import Tree, children

# What a size is called (`n`, `size`, `num_classes`, `max_len`, `hidden_dim`, `x.shape`): words of a name.
_SIZE_WORD = re.compile(
    r"^(n|k|sz|size|sizes|len|length|num|count|dim|dims|shape|width|height|depth|classes|features|"
    r"units|hidden|steps|nb)$"
)
# Attributes and methods whose result may be an int (a NumPy integer scalar's `.T` is itself).
_INT_ATTRIBUTES = frozenset({"T", "real", "imag", "ndim", "itemsize", "nbytes"})
_INT_METHODS = frozenset(
    {"item", "size", "numel", "dim", "nelement", "astype", "sum", "prod", "max", "min", "count", "index"}
)
# Modules whose functions the other readings know (and which return ints or sizes often).
_KNOWN_MODULES = ("torch", "numpy", "math", "random", "builtins")
_BUILTINS = frozenset(
    {"int", "len", "round", "sum", "max", "min", "abs", "pow", "divmod", "hash", "ord", "id", "next"}
)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_DEPTH = 4


def spelled_like_a_size(name: str) -> bool:
    """``num_actions``, ``maxLen``, ``n``: a word of the name is a size's."""
    words = re.split(r"_|(?<=[a-z])(?=[A-Z])", name)
    return any(_SIZE_WORD.match(word.lower()) for word in words if word)


def opaque(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``value`` (an argument, where it is) is something the file shows nothing about. The
    statement that holds ``value`` does not count as a binding of it (``state = torch.Tensor(state)``:
    run again in a loop, it hands the call the tensor it made, which is data)."""
    if depth > _DEPTH:
        return False
    if isinstance(value, cst.Name):
        return not spelled_like_a_size(value.value) and _every_binding_opaque(tree, aliases, value, depth)
    if isinstance(value, cst.Attribute):
        return not spelled_like_a_size(value.attr.value) and value.attr.value not in _INT_ATTRIBUTES
    if isinstance(value, cst.Subscript):
        base = value.value
        spelled = dotted_name(base) or ""
        return not spelled_like_a_size(spelled.rsplit(".", 1)[-1]) and not _is_size_call(base)
    if isinstance(value, cst.BinaryOperation):
        return isinstance(value.operator, cst.Divide)
    if isinstance(value, cst.Call):
        return _opaque_call(tree, aliases, value)
    return False


def _is_size_call(node: cst.BaseExpression) -> bool:
    return (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "size"
    )


def _opaque_call(tree: Tree, aliases: ImportAliases, call: cst.Call) -> bool:
    qualified = aliases.qualify(call.func) or ""
    if qualified.split(".", 1)[0] in _KNOWN_MODULES:
        return False
    if isinstance(call.func, cst.Attribute):
        method = call.func.attr.value
        return method not in _INT_METHODS and not spelled_like_a_size(method)
    if not isinstance(call.func, cst.Name):
        return False
    name = call.func.value
    if name in _BUILTINS or spelled_like_a_size(name):
        return False
    # A function or class of the file: what it returns is shown there (and read elsewhere).
    return not any(
        isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node.name.value == name
        for node in tree.of_type(tree.root, (cst.FunctionDef, cst.ClassDef))
    )


def _scope_of(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    return next((a for a in tree.ancestors(node) if isinstance(a, _SCOPES)), tree.root)


def _scope_walk(body: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes of a scope's ``body``, with the functions and classes defined in it but not their
    insides."""
    found: list[cst.CSTNode] = []
    stack = [body]
    while stack:
        node = stack.pop()
        found.append(node)
        if not isinstance(node, _SCOPES) or node is body:
            # The index's children: libcst's `children` property makes a visitor per node, and leaves out
            # only whitespace and punctuation, which bind nothing.
            stack.extend(reversed(children(node)))
    return found


def _binders(tree: Tree, body: cst.CSTNode) -> dict[str, list[cst.CSTNode]]:
    """The nodes of ``_scope_walk(body)`` that may bind each name (those `_bindings` reads, in its order),
    by the names they spell: once per tree and scope, as a free name of a function is looked up in the
    whole module, once per legacy constructor call."""
    # `body` is a node of the tree, which keeps it alive: its id names it while the memo lasts.
    return tree.memo((_binders, id(body)), lambda: _binders_by_name(tree, body))


def _binders_by_name(tree: Tree, body: cst.CSTNode) -> dict[str, list[cst.CSTNode]]:
    found: dict[str, list[cst.CSTNode]] = {}
    for node in _scope_walk(body):
        if isinstance(node, cst.Assign):
            names = {n for target in node.targets for n in _target_names(tree, target.target)}
        elif isinstance(node, cst.AnnAssign):
            names = _target_names(tree, node.target) if node.value is not None else set()
        elif isinstance(node, (cst.For, cst.AugAssign, cst.NamedExpr)):
            names = {n.value for n in tree.of_type(node.target, cst.Name)}
        elif isinstance(node, cst.AsName):
            names = {n.value for n in tree.of_type(node.name, cst.Name)}
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            names = {node.name.value}
        elif isinstance(node, cst.ImportAlias):
            names = {node.evaluated_alias or node.evaluated_name}
        else:
            continue
        for name in names:
            found.setdefault(name, []).append(node)
    return found


def _target_names(tree: Tree, target: cst.BaseExpression) -> set[str]:
    """The names for which ``_target_bindings`` of ``target`` may be non-empty."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n.value for n in tree.of_type(target, cst.Name)}
    return set()


def _every_binding_opaque(tree: Tree, aliases: ImportAliases, name: cst.Name, depth: int) -> bool:
    scope = _scope_of(tree, name)
    around = {id(a) for a in tree.ancestors(name)}
    bindings = _bindings(tree, aliases, scope, name.value, depth, around)
    if bindings is None:
        return False
    if not bindings and isinstance(scope, cst.FunctionDef):
        # A free name of the function: the module's bindings of it.
        bindings = _bindings(tree, aliases, tree.root, name.value, depth, around)
    return bindings is not None and bool(bindings) and all(bindings)


def _bindings(
    tree: Tree, aliases: ImportAliases, scope: cst.CSTNode, name: str, depth: int, around: set[int]
) -> list[bool] | None:
    """Whether each binding of ``name`` in ``scope`` is opaque; None where one cannot be read (a
    ``global``, ``+=``, an import, ``with ... as``, a walrus)."""
    found: list[bool] = []
    for statement in tree.of_type(tree.root, cst.Global):
        if any(n.name.value == name for n in statement.names):
            return None
    if isinstance(scope, cst.FunctionDef):
        for param in tree.of_type(scope.params, cst.Param):
            if param.name.value != name:
                continue
            annotated = param.annotation is not None and dotted_name(param.annotation.annotation) == "int"
            int_default = param.default is not None and not isinstance(param.default, cst.Name)
            found.append(not annotated and not int_default)
    body = scope.body if isinstance(scope, cst.FunctionDef) else scope
    for node in _binders(tree, body).get(name, ()):
        if isinstance(node, cst.Assign) and id(node) not in around:
            for target in node.targets:
                found.extend(_target_bindings(tree, aliases, target.target, node.value, name, depth))
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            found.extend(_target_bindings(tree, aliases, node.target, node.value, name, depth))
        elif isinstance(node, cst.For):
            if name in {n.value for n in tree.of_type(node.target, cst.Name)}:
                found.append(_loop_target_opaque(node, name))
        elif isinstance(node, (cst.AugAssign, cst.NamedExpr, cst.AsName)):
            bound = node.name if isinstance(node, cst.AsName) else node.target
            if name in {n.value for n in tree.of_type(bound, cst.Name)}:
                return None
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node.name.value == name:
            return None
        elif isinstance(node, cst.ImportAlias) and (node.evaluated_alias or node.evaluated_name) == name:
            return None
    return found


def _target_bindings(
    tree: Tree,
    aliases: ImportAliases,
    target: cst.BaseExpression,
    value: cst.BaseExpression,
    name: str,
    depth: int,
) -> list[bool]:
    if isinstance(target, cst.Name):
        return [opaque(tree, aliases, value, depth + 1)] if target.value == name else []
    if isinstance(target, (cst.Tuple, cst.List)):
        if name not in {n.value for n in tree.of_type(target, cst.Name)}:
            return []
        # Unpacked from what the file does not show (`env.step(a)`); a literal shows its parts, and a
        # call is read as the argument itself would be (a function of the file shows its returns).
        if isinstance(value, cst.Call):
            return [_opaque_call(tree, aliases, value)]
        return [not isinstance(value, (cst.Tuple, cst.List))]
    return []


def _loop_target_opaque(loop: cst.For, name: str) -> bool:
    """A loop's target is opaque unless it counts: ``range(...)``, or ``enumerate``'s counter."""
    iterated = loop.iter
    called = dotted_name(iterated.func) if isinstance(iterated, cst.Call) else None
    if called == "range":
        return False
    if called == "enumerate":
        target = loop.target
        first = target.elements[0].value if isinstance(target, (cst.Tuple, cst.List)) else target
        return not (isinstance(first, cst.Name) and first.value == name)
    return True

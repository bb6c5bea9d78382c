"""Which tensor a factory's size is read from: ``torch.zeros(h.size())``, ``torch.zeros(h.size(0), 8)``,
or ``state_size = h.size()`` ... ``torch.zeros(state_size)``.

A size read with ``T.size()`` or ``T.size(i)`` is a tensor's: ``size`` is a method of tensors, while a
NumPy array's ``size`` is an int (calling it fails). ``T.shape`` is left alone, since it may be an array's.
``T`` must be a name, an attribute or an integer subscript chain of names (``nw_hidden[0][0]``,
``self.h``): it is evaluated again where the factory runs, so it must have no side effects and must
still name the same tensor there. That holds for ``T.size()`` written in the factory's own arguments.
For a local name bound to ``T.size()`` it holds when the name is bound exactly once in the function,
by a statement of the same block just before the factory's, ``T``'s root name is never re-bound in the
function, and (unless ``T`` is a parameter itself) nothing runs between the two statements that could
replace what the chain reaches: no call, no mention of the root name.
"""

from __future__ import annotations

from typing import cast

import libcst as cst

from codemods.core.dataflow import names_in
from codemods.core.name_bindings import flatten_names, parameter_names
from codemods.core.torch_names import HOST_ONLY_KEYWORDS
from codemods.core.tree import Tree

# Where the lazily or later evaluated code starts: a size read there may see another tensor.
_DEFERRED = (cst.Lambda, cst.GeneratorExp, cst.FunctionDef, cst.ClassDef)


def pure_chain(node: cst.BaseExpression) -> cst.Name | None:
    """The root name of ``a``, ``a.b``, ``a[0]``, ``a.b[0][-1].c``; None for anything else (a call,
    a slice, a non-literal index: evaluating it twice might not give the same object)."""
    while True:
        if isinstance(node, cst.Name):
            return node
        if isinstance(node, cst.Attribute):
            node = node.value
        elif (
            isinstance(node, cst.Subscript)
            and len(node.slice) == 1
            and isinstance(node.slice[0].slice, cst.Index)
            and _int_literal(node.slice[0].slice.value)
            and getattr(node.slice[0].slice, "star", None) is None
        ):
            node = node.value
        else:
            return None


def _int_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


def size_of(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``T`` of ``T.size()`` or ``T.size(<int>)``, ``T`` a pure chain (see :func:`pure_chain`)."""
    if not (
        isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "size"
    ):
        return None
    if len(node.args) > 1 or any(
        a.keyword is not None or a.star or not _int_literal(a.value) for a in node.args
    ):
        return None
    tensor = node.func.value
    if isinstance(tensor, cst.Name) and tensor.value in ("self", "cls"):
        return None  # a module's or class's own `size()`: no tensor, no `.device`
    return tensor if pure_chain(tensor) is not None else None


_BINDERS = (
    cst.Param,
    cst.AssignTarget,
    cst.AnnAssign,
    cst.AugAssign,
    cst.For,
    cst.CompFor,
    cst.AsName,
    cst.NamedExpr,
    cst.Del,
    cst.NameItem,
    cst.ImportAlias,
    cst.FunctionDef,
    cst.ClassDef,
    cst.MatchAs,
    cst.MatchStar,
)
_Binder = (
    cst.Param
    | cst.AssignTarget
    | cst.AnnAssign
    | cst.AugAssign
    | cst.For
    | cst.CompFor
    | cst.AsName
    | cst.NamedExpr
    | cst.Del
    | cst.NameItem
    | cst.ImportAlias
    | cst.FunctionDef
    | cst.ClassDef
    | cst.MatchAs
    | cst.MatchStar
)


def bindings(tree: Tree, function: cst.FunctionDef, name: str) -> list[cst.CSTNode]:
    """Every place under ``function`` (nested scopes included) that binds ``name``: parameters,
    assignment, ``for``, ``with``/``except``/import aliases, walrus, ``del``, ``global``/``nonlocal``,
    nested ``def``/``class``, ``match`` captures."""
    found: list[cst.CSTNode] = []
    # The nodes of the _BINDERS classes.
    for node in cast("list[_Binder]", tree.of_type(function, _BINDERS)):
        if node is function:
            continue
        if isinstance(node, (cst.Param, cst.FunctionDef, cst.ClassDef, cst.NameItem)):
            names = [node.name.value]
        elif isinstance(node, (cst.MatchAs, cst.MatchStar)):
            names = [node.name.value] if isinstance(node.name, cst.Name) else []
        elif isinstance(node, cst.AsName):
            names = flatten_names(node.name, keep_underscore=True)
        elif isinstance(node, cst.ImportAlias):
            root: cst.BaseExpression = node.name
            while isinstance(root, cst.Attribute):
                root = root.value
            names = [cst.ensure_type(root, cst.Name).value] if node.asname is None else []  # a dotted name's
        else:
            names = flatten_names(node.target, keep_underscore=True)
        if name in names:
            found.append(node)
    return found


def _not_rebound(tree: Tree, function: cst.FunctionDef, name: str) -> bool:
    """``name`` is bound in ``function`` by nothing but its own parameter list, if at all."""
    own = {id(p) for p in tree.of_type(function.params, cst.Param)}
    return all(id(b) in own for b in bindings(tree, function, name))


def _bound_size(
    tree: Tree, function: cst.FunctionDef, call: cst.Call, name: str
) -> cst.BaseExpression | None:
    """``T`` when ``name`` at ``call`` is the ``name = T.size(...)`` of the statement just before
    (see the module docstring); None when that is not certain."""
    found = bindings(tree, function, name)
    if len(found) != 1 or not isinstance(found[0], cst.AssignTarget):
        return None
    assign = tree.parent(found[0])
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return None
    tensor = size_of(assign.value)
    line = tree.parent(assign)
    block = tree.parent(line) if line is not None else None
    if (
        tensor is None
        or not isinstance(line, cst.SimpleStatementLine)
        or len(line.body) != 1
        or not isinstance(block, cst.IndentedBlock)
    ):
        return None
    root = pure_chain(tensor)
    assert root is not None
    if not _not_rebound(tree, function, root.value):
        return None
    # The factory's own statement, a later simple statement of the same block, reached with nothing
    # deferred (lambda, generator, nested def) between it and the call.
    statement: cst.CSTNode = call
    while True:
        parent = tree.parent(statement)
        if parent is None:
            return None
        if parent is block:
            break
        if isinstance(parent, _DEFERRED) or isinstance(parent, cst.BaseCompoundStatement):
            return None
        statement = parent
    if not isinstance(statement, cst.SimpleStatementLine):
        return None
    body = list(block.body)
    first, last = body.index(line), body.index(statement)
    if last <= first:
        return None
    if isinstance(tensor, cst.Name) and tensor.value in parameter_names(function):
        return tensor  # the same tensor object wherever it is read in the function
    between = body[first + 1 : last]
    if any(tree.of_type(s, cst.Call) for s in between):
        return None
    if any(root.value in names_in(tree, s) for s in (*between, statement)):
        return None
    return tensor


def size_source(tree: Tree, function: cst.FunctionDef, call: cst.Call) -> cst.BaseExpression | None:
    """The tensor ``T`` whose size the factory ``call`` takes (its positional arguments, the elements of
    a tuple or list among them, ``size=``), when every such size names the same ``T``; None otherwise,
    or when a keyword ties the factory to the host (a CPU ``generator``, ``pin_memory``)."""
    if any(a.keyword is not None and a.keyword.value in HOST_ONLY_KEYWORDS for a in call.args):
        return None
    values: list[cst.BaseExpression] = []
    for arg in call.args:
        if arg.star:
            continue
        if arg.keyword is not None and arg.keyword.value != "size":
            continue
        if isinstance(arg.value, (cst.Tuple, cst.List)):
            values.extend(e.value for e in arg.value.elements if not isinstance(e, cst.StarredElement))
        else:
            values.append(arg.value)
    sources: list[cst.BaseExpression] = []
    for value in values:
        tensor = size_of(value)
        if tensor is None and isinstance(value, cst.Name):
            tensor = _bound_size(tree, function, call, value.value)
        if tensor is not None:
            sources.append(tensor)
    if not sources or any(not sources[0].deep_equals(s) for s in sources[1:]):
        return None
    return sources[0]

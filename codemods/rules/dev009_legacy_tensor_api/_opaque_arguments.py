"""Arguments of a legacy constructor that the file shows nothing about: no sign of a size anywhere.

``torch.FloatTensor(state)`` reads ``state`` as data when it is a list, a tuple, an array or a tensor,
and as a size when it is an int (or a ``torch.Size``). Where the file shows neither, DEV009 offers the
reading as data as an unsafe fix; this module says where the file shows *nothing*, so that no sign of
an int is overruled: the argument is

- a name every binding of which, in the innermost scope that binds it (its comprehension, lambda or
  function, those around it, else the module: ``codemods.core.name_bindings.bindings_in``), is
  opaque: a parameter with no int default or annotation, a target of unpacking
  (``s, r, done, _ = env.step(a)``, from what is opaque) or of a loop or comprehension over
  something other than ``range``/``enumerate``'s counter, or an assignment from an opaque
  expression; never rebound by ``global``, ``+=``, ``with``/``except ... as`` (what a context
  manager or an exception is, the file does not say), an import or a walrus;
- an attribute (``batch.reward``) or a subscript (``data["iter"]``) of something;
- a true division (``(high - low) / 2.``), which never gives an int; a sum, difference or product of
  such arguments and number literals (``1 - done``), which shows nothing more than they do;
- a call of a method or of a function neither of the file (whose returns the file shows) nor of
  torch, NumPy, ``math``, ``random`` or the builtins (which the other readings know);
- or else plainly data of the same reading: a float32 tensor made by a legacy constructor or a factory,
  through methods that keep its dtype (``state = torch.Tensor(state).to(device)``, run again in a loop
  that rebinds ``state``), or a NumPy array (``np.stack(frames)``). Neither is an int, and either gives
  the same float32 tensor read as data.

A name or attribute spelled like a size (``n``, ``num_actions``, ``max_len``, ``x.shape``) is a sign of
one, and so are ``len``, ``int``, ``.item()``, ``.size()``, ``.astype(...)`` and ``x.T`` (a NumPy
integer scalar stays one).
"""

from __future__ import annotations

import re

import libcst as cst

from codemods.analysis.legacy_constructors import is_data
from codemods.core.name_bindings import SCOPES, bindings_in
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import kwarg
from codemods.core.torch_names import FLOAT_FACTORIES, VARIABLE
from codemods.core.tree import Tree

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
        if isinstance(value.operator, cst.Divide):
            return True
        return isinstance(value.operator, _ELEMENTWISE) and _opaque_arithmetic(tree, aliases, value, depth)
    if isinstance(value, cst.Call):
        return _opaque_call(tree, aliases, value) or _made_as_float_data(aliases, value)
    return False


# Legacy constructors and factories that make a float32 tensor (without `dtype=`).
_FLOAT32_MAKERS = frozenset({"torch.Tensor", "torch.FloatTensor", "torch.cuda.FloatTensor"}) | FLOAT_FACTORIES
# Tensor methods that keep the dtype (`.to()` only with no dtype among its arguments).
_DTYPE_KEEPING = frozenset(
    "to cuda cpu unsqueeze squeeze view reshape contiguous detach clone permute transpose t flatten"
    " expand repeat".split()
)


def _made_as_float_data(aliases: ImportAliases, call: cst.Call) -> bool:
    """``torch.Tensor(s).to(device).unsqueeze(0)``, ``torch.zeros(n)``, ``np.array(xs)``: a float32
    tensor, or a NumPy array, by the call that makes it: data, read as such the same way."""
    while isinstance(call.func, cst.Attribute) and aliases.qualify(call.func) is None:
        receiver = call.func.value
        if call.func.attr.value not in _DTYPE_KEEPING or not isinstance(receiver, cst.Call):
            return False
        if call.func.attr.value == "to" and any(_names_dtype(aliases, arg.value) for arg in call.args):
            return False
        call = receiver
    qualified = aliases.qualify(call.func) or ""
    if qualified in VARIABLE and len(call.args) == 1 and isinstance(call.args[0].value, cst.Call):
        return _made_as_float_data(aliases, call.args[0].value)
    if qualified in _FLOAT32_MAKERS:
        return kwarg(call, "dtype") is None
    return is_data(call, aliases, scalar_arrays=True)  # (a likely reading: `np.array(k)` may be 0-d)


def _names_dtype(aliases: ImportAliases, value: cst.BaseExpression) -> bool:
    """``torch.long``, ``"cuda:0"``, ``dtype``, ``self.dtype``: what may be (or name) a dtype."""
    spelled = dotted_name(value) or ""
    return (
        isinstance(value, cst.SimpleString)
        or (aliases.qualify(value) or "").startswith("torch.")
        or "type" in spelled.rsplit(".", 1)[-1].lower()
    )


# `1 - done`, `mask * 0.5`: element-wise on an array, arithmetic on a number.
_ELEMENTWISE = (cst.Add, cst.Subtract, cst.Multiply)


def _opaque_arithmetic(tree: Tree, aliases: ImportAliases, value: cst.BinaryOperation, depth: int) -> bool:
    """``1 - done`` with ``done`` unpacked from ``env.step(a)``: arithmetic of opaque operands and number
    literals shows nothing more than its operands do (an array stays an array, an int an int). A literal
    alone is a number, and a named operand spelled like a size (``n - 1``) is a sign of one."""
    sides = (value.left, value.right)
    literal = [isinstance(side, (cst.Integer, cst.Float)) for side in sides]
    return not all(literal) and all(
        is_literal or opaque(tree, aliases, side, depth + 1)
        for side, is_literal in zip(sides, literal, strict=True)
    )


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


# Where a name is looked up: the innermost of `SCOPES` around it, then the scopes around that one (a
# class body's names are not seen from the functions in it), then the module.
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _scopes_around(tree: Tree, node: cst.CSTNode) -> list[cst.CSTNode]:
    """The scopes a name at ``node`` is looked up in, innermost first: the functions, lambdas and
    comprehensions around it (a class body only when it is the innermost), then the module."""
    scopes: list[cst.CSTNode] = []
    for ancestor in tree.ancestors(node):
        if isinstance(ancestor, SCOPES) and not (isinstance(ancestor, cst.ClassDef) and scopes):
            scopes.append(ancestor)
    return [*scopes, tree.root]


def _every_binding_opaque(tree: Tree, aliases: ImportAliases, name: cst.Name, depth: int) -> bool:
    if any(name.value in {n.name.value for n in g.names} for g in tree.of_type(tree.root, cst.Global)):
        return False  # another function may bind it to anything
    around = {id(a) for a in tree.ancestors(name)}
    for index, scope in enumerate(_scopes_around(tree, name)):
        # In the read's own scope, a binding after it reaches it only through a loop around both (a
        # notebook's later cell that binds `done = False` does not); a function's global may be bound
        # anywhere before it is called.
        read = name if index == 0 else None
        bindings = _bindings(tree, aliases, scope, name.value, depth, around, read)
        if bindings is None:
            return False
        if bindings:
            return all(bindings)
    return False


def _bindings(
    tree: Tree,
    aliases: ImportAliases,
    scope: cst.CSTNode,
    name: str,
    depth: int,
    around: set[int],
    read: cst.CSTNode | None = None,
) -> list[bool] | None:
    """Whether each binding of ``name`` in ``scope`` (that can reach ``read``, when given) is opaque;
    None where one cannot be read (``+=``, an import, ``with``/``except ... as``, a walrus, a ``def``
    or ``class``, ``nonlocal``)."""
    found: list[bool] = []
    for node in bindings_in(tree, scope, name):
        if read is not None and not _may_reach(tree, node, read):
            continue
        if isinstance(node, cst.Param):
            annotated = node.annotation is not None and dotted_name(node.annotation.annotation) == "int"
            int_default = node.default is not None and not isinstance(node.default, cst.Name)
            found.append(not annotated and not int_default)
        elif isinstance(node, cst.AssignTarget):
            assign = tree.parent(node)
            if isinstance(assign, cst.Assign) and id(assign) not in around:
                found.extend(_target_bindings(tree, aliases, node.target, assign.value, name, depth))
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                found.extend(_target_bindings(tree, aliases, node.target, node.value, name, depth))
        elif isinstance(node, (cst.For, cst.CompFor)):
            found.append(_loop_target_opaque(node, name))
        else:
            return None
    # A walrus in a comprehension binds in the scope around the comprehension (most files have none).
    for walrus in tree.of_type(tree.root, cst.NamedExpr):
        if not (isinstance(walrus.target, cst.Name) and walrus.target.value == name):
            continue
        owner = next((a for a in tree.ancestors(walrus) if _binds_in(a)), tree.root)
        if owner is scope:
            return None
    return found


def _may_reach(tree: Tree, binding: cst.CSTNode, read: cst.CSTNode) -> bool:
    """Whether ``binding`` can give ``read`` its value: it comes first, or a loop holds both."""
    bound_at, read_at = tree.position(binding), tree.position(read)
    if bound_at is None or read_at is None or bound_at < read_at:
        return True
    return any(isinstance(a, (cst.For, cst.While)) and tree.inside(binding, a) for a in tree.ancestors(read))


def _binds_in(node: cst.CSTNode) -> bool:
    """A scope that a walrus binds in: a function, lambda or class body, not a comprehension."""
    return isinstance(node, SCOPES) and not isinstance(node, _COMPREHENSIONS)


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


def _loop_target_opaque(loop: cst.For | cst.CompFor, name: str) -> bool:
    """A loop's (or a comprehension's) target is opaque unless it counts: ``range(...)``, or
    ``enumerate``'s counter."""
    iterated = loop.iter
    called = dotted_name(iterated.func) if isinstance(iterated, cst.Call) else None
    if called == "range":
        return False
    if called == "enumerate":
        target = loop.target
        first = target.elements[0].value if isinstance(target, (cst.Tuple, cst.List)) else target
        return not (isinstance(first, cst.Name) and first.value == name)
    return True

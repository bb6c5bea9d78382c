"""What a legacy constructor's argument evidently is, and the rewrite every rule makes of it.

:func:`codemods.analysis.legacy_constructors.argument_kinds` asks that every binding of a name in the
call's function be data. Scripts and tutorials show data in more ways, read here once for DEV003,
DEV007, DEV009 and DEV010 (:func:`legacy_rewrite`, :func:`argument_kind`, :func:`array_rewrite`): an
array by its own expression (``np.argsort(x)``, ``x.reshape(1, -1)``, ``np.log(p)`` for a floating
type, ``a[::-1].copy()``); a call of a function of the file whose every return is a fresh list or an
array (``torch.LongTensor(indexes_from_sentence(s))``); a name whose one binding reaching the call on
every path is a fresh list, a tuple unpacked from ``zip(...)``, a list padded by concatenation
(``seq = seq[1:] + [0] * n``) or a NumPy array (``sen = np.asarray(ids)`` then ``sen =
torch.LongTensor(sen)``, at a script's top level too); and a local name every binding of which is one
of those, whichever branch ran (``ids += more``, which extends the list in place, is no new binding).
None of these is an int or a ``torch.Size``, which the legacy constructor would read as a size.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from codemods.analysis.legacy_constructors import (
    LOADED_ARRAYS,
    NUMPY_FLOAT_DTYPES,
    argument_kinds,
    as_tensor_of,
    dtype_spelled,
    gives_a_dimension,
    is_data,
    is_existing_array,
    is_list_display,
    legacy_constructor_rewrite,
    legacy_dtype,
    may_be_a_0d_integer,
    names_device,
)
from codemods.core.name_bindings import SCOPES, bound_names, comprehension_walruses
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.torch_names import FACTORIES, as_move
from codemods.core.tree import Tree

# Fresh Python sequences: `torch.tensor` copies them exactly as the legacy constructor did.
_SEQUENCE_CALLS = frozenset({"list", "sorted", "range", "tuple"})
# NumPy calls that return an array of at least one dimension from a sequence or a shape (but
# `np.array(k)` of a number and a file of one number: `may_be_a_0d_integer`), or from another array
# (`np.expand_dims(m, 1)`, a view; `np.diff(x)`, `np.repeat(c, k, axis=0)`, `np.argsort(x)`,
# `np.unique(x)`, `np.cumsum(x)`: at least 1-d even for a 0-d input, unlike `np.clip` or `np.where`).
# The legacy constructor shares such an array's memory (same dtype, host type): `torch.as_tensor` too.
ARRAY_BUILDERS = LOADED_ARRAYS | frozenset(
    f"numpy.{name}"
    for name in (
        "array asarray zeros ones arange linspace stack concatenate hstack vstack expand_dims diff repeat"
        " column_stack dstack argsort unique cumsum cumprod flatnonzero append atleast_1d atleast_2d"
        " atleast_3d random.permutation"
    ).split()
)
_SCOPE_CLASSES: frozenset[type] = frozenset(SCOPES)
# torch calls that return a tensor, which a legacy constructor aliases (a 0-d one too: data, never a
# size) and `torch.as_tensor` hands back.
_TENSOR_MAKERS = FACTORIES | frozenset(
    f"torch.{name}" for name in "from_numpy stack cat zeros_like ones_like empty_like full_like".split()
)
# Tensor methods that give a tensor (of the same shape): `torch.from_numpy(x).float()` is a tensor too.
_TENSOR_METHODS = frozenset("float long int double half byte bool cpu clone detach contiguous".split())


def made_tensor(value: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A torch call that returns a tensor (``torch.zeros(n)``, ``torch.from_numpy(x)``), or a conversion
    of one (``.float()``, ``.clone()``): data for a legacy constructor, which aliases it."""
    while (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value in _TENSOR_METHODS
        and not value.args
    ):
        value = value.func.value
    return isinstance(value, cst.Call) and aliases.qualify(value.func) in _TENSOR_MAKERS


# NumPy calls that give a tuple of index arrays: `np.where(c)[0]` is one of them (1-d).
_INDEX_TUPLES = frozenset({"numpy.where", "numpy.nonzero"})


# The node classes that can bind a name (none has a subclass): _bindings skips every other node by its
# exact type, a set lookup, before the isinstance tests that go through libcst's ABCMeta.
_BINDING_CLASSES: frozenset[type] = frozenset(
    {
        cst.FunctionDef,
        cst.ClassDef,
        cst.Global,
        cst.Nonlocal,
        cst.Assign,
        cst.AugAssign,
        cst.AnnAssign,
        cst.For,
        cst.NamedExpr,
        cst.Del,
        cst.AsName,
        cst.ImportAlias,
        cst.MatchAs,
        cst.MatchStar,
        cst.MatchMapping,
    }
)
_COMPREHENSION_CLASSES: frozenset[type] = frozenset(
    {cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp}
)


def is_fresh_list(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A list, tuple, comprehension or ``list(...)``/``sorted(...)``/``range(...)`` made right here."""
    if isinstance(node, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
        return any(isinstance(side, (cst.List, cst.Tuple)) for side in (node.left, node.right))  # `[0] * n`
    if isinstance(node, cst.Call) and dotted_name(node.func) in _SEQUENCE_CALLS:
        return aliases.qualify(node.func) is None  # the builtin, not a module's function of that name
    return False


def returns_fresh_list(tree: Tree, call: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``f(...)`` where ``f`` is the one top-level ``def f`` of the file, every ``return`` of which gives a
    fresh list (a display, a comprehension, or a local name every binding of which is one, appended to
    or not), and whose last statement returns: it never gives an int, so never a size."""
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
        return False
    name = call.func.value
    defs = tree.memo(_top_level_defs, lambda: _top_level_defs(tree)).get(name, ())
    bound_elsewhere = name in tree.memo(_assigned_names, lambda: _assigned_names(tree))
    if len(defs) != 1 or bound_elsewhere or defs[0].decorators or defs[0].asynchronous:
        return False
    function = defs[0]
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return False
    last = body.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
        return False
    own = [
        n
        for n in tree.descendants(body)
        if not any(isinstance(a, SCOPES) for a in _between(tree, n, function))
    ]
    if any(isinstance(n, (cst.Yield, cst.Await)) for n in own):
        return False
    returns = [n for n in own if isinstance(n, cst.Return)]
    lists = _local_lists(tree, function, own, aliases)
    return bool(returns) and all(
        r.value is not None
        and (is_fresh_list(r.value, aliases) or (isinstance(r.value, cst.Name) and r.value.value in lists))
        for r in returns
    )


# Asked for each legacy constructor call (thousands in a fix-heavy file): the module is scanned once per
# tree, not once per call.
def _top_level_defs(tree: Tree) -> dict[str, list[cst.FunctionDef]]:
    """The module's top-level ``def`` statements by name, in source order."""
    defs: dict[str, list[cst.FunctionDef]] = {}
    for statement in tree.root.body:
        if isinstance(statement, cst.FunctionDef):
            defs.setdefault(statement.name.value, []).append(statement)
    return defs


def _assigned_names(tree: Tree) -> frozenset[str]:
    """The names an assignment target of the module (anywhere in it) is."""
    return frozenset(
        t.target.value for t in tree.of_type(tree.root, cst.AssignTarget) if isinstance(t.target, cst.Name)
    )


def _between(tree: Tree, node: cst.CSTNode, top: cst.CSTNode) -> list[cst.CSTNode]:
    """The ancestors of ``node`` below ``top``."""
    out = []
    for ancestor in tree.ancestors(node):
        if ancestor is top:
            break
        out.append(ancestor)
    return out


def _local_lists(
    tree: Tree, function: cst.FunctionDef, own: list[cst.CSTNode], aliases: ImportAliases
) -> set[str]:
    """Names of ``function`` every binding of which is a fresh list (never a parameter, never unpacked,
    never the target of a loop, ``with`` or augmented assignment)."""
    values: dict[str, list[bool]] = {}
    params = {p.name.value for p in tree.of_type(function.params, cst.Param)}
    for node in own:
        if isinstance(node, cst.Assign):
            for assigned in node.targets:
                if isinstance(assigned.target, cst.Name):
                    values.setdefault(assigned.target.value, []).append(is_fresh_list(node.value, aliases))
                else:
                    for bound in tree.of_type(assigned.target, cst.Name):
                        values.setdefault(bound.value, []).append(False)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.AsName, cst.NamedExpr)):
            target = node.name if isinstance(node, cst.AsName) else node.target
            for bound in tree.of_type(target, cst.Name):
                values.setdefault(bound.value, []).append(False)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            for item in node.names:
                values.setdefault(item.name.value, []).append(False)
    return {name for name, kinds in values.items() if all(kinds) and name not in params}


def reaching_kind(tree: Tree, call: cst.CSTNode, name: str, aliases: ImportAliases) -> str | None:
    """What ``name`` holds where ``call`` reads it, from the one binding that reaches it on every path: the
    nearest statement before it, in its block or a block around it, that binds ``name`` (the loops it
    leaves never bind ``name``). "list" for a fresh list, a tuple unpacked from ``zip(...)`` or the
    result of a function of the file returning a fresh list; "tolist" for what ``x.tolist()`` gave (a
    list, or a number for a 0-d array or tensor); "array" for a NumPy array builder's
    result; "tensor" for a torch factory's; "existing" for a view of an array or a tensor
    (``x.reshape(-1, 1)``, ``x[:, j]``); None when that binding is anything else, conditional, or not
    shown (a parameter)."""
    reaching = reaching_binding(tree, call, name)
    if reaching is None:
        return None
    binding, computed = reaching
    kind = _bound_kind(tree, binding, name, aliases)
    if not computed:
        return kind
    if kind == "array0":
        return kind  # `z = np.array(2)` then `z = z + 3`: a NumPy integer, a size to the legacy call
    return "array" if kind in ("array", "existing") else "tensor" if kind == "tensor" else None


def reaching_binding(tree: Tree, call: cst.CSTNode, name: str) -> tuple[cst.CSTNode, bool] | None:
    """The one binding of ``name`` that reaches ``call`` on every path (:func:`reaching_kind`), and whether
    arithmetic of it with a number literal rebinds it on the way (``z = z - 1``); None when no one
    binding does (bound under a condition, in a loop, twice in a statement, or not shown)."""
    statement = next((a for a in tree.ancestors(call) if isinstance(a, cst.SimpleStatementLine)), None)
    if statement is None or any(isinstance(a, SCOPES) for a in _between(tree, call, statement)):
        return None
    if any(isinstance(b, cst.NamedExpr) for b in _bindings(tree, statement, name)):
        return None  # `f((x := 3), torch.FloatTensor(x))`: bound in the call's own statement
    if any(
        any(item.name.value == name for item in node.names)
        for node in tree.of_type(tree.root, (cst.Global, cst.Nonlocal))
    ):
        return None  # another function may rebind it between the binding and the call
    node: cst.CSTNode = statement
    computed = False
    while True:
        block = tree.parent(node)
        if not isinstance(block, (cst.Module, cst.IndentedBlock)):
            return None
        siblings = list(block.body)
        index = next((i for i, s in enumerate(siblings) if s is node), None)
        if index is None:
            return None
        for earlier in reversed(siblings[:index]):
            bindings = _bindings(tree, earlier, name)
            if not bindings:
                continue
            if not (isinstance(earlier, cst.SimpleStatementLine) and len(bindings) == 1):
                return None  # bound under a condition, in a loop, or twice: not one value
            if _arithmetic_on_itself(bindings[0], name):
                computed = True  # `z = z - 1`: what `z` was, computed into a fresh one
                continue
            return bindings[0], computed
        if isinstance(block, cst.Module):
            return None
        owner = next(
            (a for a in tree.ancestors(block) if isinstance(a, (cst.BaseCompoundStatement, cst.Module))), None
        )
        if not isinstance(owner, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
            return None  # a function's or class's body: a parameter, a global, or nothing
        header = (
            owner.items
            if isinstance(owner, cst.With)
            else owner.target
            if isinstance(owner, cst.For)
            else None
        )
        if header is not None and _names_bound(tree, header, name):
            return None
        test = (
            owner.test
            if isinstance(owner, (cst.If, cst.While))
            else owner.iter
            if isinstance(owner, cst.For)
            else None
        )
        if test is not None and _bindings(tree, test, name):
            return None  # `if (x := 3):`: the test binds it before the block runs
        if isinstance(owner, (cst.For, cst.While, cst.Try)) and _bindings(tree, owner, name, skip=statement):
            return None  # a later statement of the loop binds it for the next round; a try may stop halfway
        node = owner


# Arithmetic that gives an array of an array (and a tensor of a tensor), with a number on the other side.
_ELEMENTWISE = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Power)


def _arithmetic_on_itself(binding: cst.CSTNode, name: str) -> bool:
    """``z = z - 1``, ``x = 2.0 * x``: ``name`` rebound to itself combined with a number literal."""
    if not (isinstance(binding, cst.Assign) and len(binding.targets) == 1):
        return False
    target, value = binding.targets[0].target, binding.value
    if not (isinstance(target, cst.Name) and target.value == name and isinstance(value, cst.BinaryOperation)):
        return False
    sides = (value.left, value.right)
    return (
        isinstance(value.operator, _ELEMENTWISE)
        and any(isinstance(side, cst.Name) and side.value == name for side in sides)
        and any(isinstance(side, (cst.Integer, cst.Float)) for side in sides)
    )


def every_binding_kind(tree: Tree, call: cst.CSTNode, name: str, aliases: ImportAliases) -> str | None:
    """For a local ``name`` of ``call``'s function (not a parameter) every binding of which is a fresh
    list or a NumPy array (``if a: x = np.zeros(n)`` / ``else: x = [0] * n``): "list" when all are lists,
    "array" otherwise (``torch.as_tensor`` copies a list as the legacy call did, and shares an array)."""
    function = next((a for a in tree.ancestors(call) if isinstance(a, SCOPES)), None)
    if not isinstance(function, cst.FunctionDef):
        return None
    if any(p.name.value == name for p in tree.of_type(function.params, cst.Param)):
        return None
    if any(
        any(item.name.value == name for item in node.names)
        for node in tree.of_type(tree.root, (cst.Global, cst.Nonlocal))
    ):
        return None
    bindings = [b for b in _bindings(tree, function.body, name) if not _extends(b)]
    kinds = {_bound_kind(tree, b, name, aliases) for b in bindings}
    if not bindings or None in kinds:
        return None
    if "tolist" in kinds:  # only a likely list: a list only where every binding is one
        return "tolist" if kinds <= {"tolist", "list"} else None
    return _joined(kinds)


def _joined(kinds: set[str | None]) -> str | None:
    """One kind for a value that may be any of ``kinds`` ("list", "array", "tensor", "existing": a view
    of an array or a tensor; "array0": an array that may be a 0-d integer one): that kind when all agree,
    else "array0" where one may be that, "existing" (shared through ``torch.as_tensor``, and possibly a
    tensor), or "array" for lists and arrays."""
    if None in kinds or not kinds or not kinds <= {"list", "array", "array0", "tensor", "existing"}:
        return None
    if len(kinds) == 1:
        return kinds.pop()
    if "array0" in kinds:
        return "array0"
    return "array" if kinds <= {"list", "array"} else "existing"


def _extends(binding: cst.CSTNode) -> bool:
    """``x += more``: a list it extends in place, an array it adds to in place; it keeps what ``x`` is
    (or raises), so the other bindings decide."""
    return isinstance(binding, cst.AugAssign) and isinstance(binding.operator, cst.AddAssign)


def _names_bound(tree: Tree, target: cst.CSTNode | Sequence[cst.CSTNode], name: str) -> bool:
    nodes = [target] if isinstance(target, cst.CSTNode) else list(target)
    return any(n.value == name for t in nodes for n in tree.of_type(t, cst.Name))


def _bindings(tree: Tree, top: cst.CSTNode, name: str, skip: cst.CSTNode | None = None) -> list[cst.CSTNode]:
    """The nodes under ``top`` (not in a nested function, class, lambda or comprehension, nor in
    ``skip``) that bind ``name``."""
    found: list[cst.CSTNode] = []
    # (a set of classes, not isinstance, which goes through libcst's ABCMeta for every ancestor of every
    # node; none of these classes has a subclass)
    own = tree.unnested(top, _SCOPE_CLASSES)
    if own is None:  # not the tree's: each node's ancestors, as they are asked for
        nodes = [
            n
            for n in tree.descendants(top)
            if not any(type(a) in _SCOPE_CLASSES for a in _between(tree, n, top))
        ]
    else:  # ``top`` itself has every node above it between it and ``top``
        nested = any(type(a) in _SCOPE_CLASSES for a in tree.ancestors(top))
        nodes = own if nested else [top, *own]
    # `[(x := k) for k in ks]` binds `x` here, not in the comprehension (PEP 572).
    comprehensions = [n for n in nodes if type(n) in _COMPREHENSION_CLASSES]
    nodes = nodes + [w for c in comprehensions for w in comprehension_walruses(tree, c)]
    for node in nodes:
        if type(node) not in _BINDING_CLASSES:
            continue
        if skip is not None and (node is skip or tree.inside(node, skip)):
            continue
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node.name.value == name:
            found.append(node)
        elif isinstance(node, (cst.Global, cst.Nonlocal)) and any(i.name.value == name for i in node.names):
            found.append(node)
        elif isinstance(node, cst.Assign):
            if any(_target_binds(tree, t.target, name) for t in node.targets):
                found.append(node)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.Del)):
            if _target_binds(tree, node.target, name):
                found.append(node)
        elif isinstance(node, (cst.MatchAs, cst.MatchStar, cst.MatchMapping)):
            if name in bound_names(node):  # `case int() as x:`
                found.append(node)
        elif isinstance(node, (cst.AsName, cst.ImportAlias)):
            bound = (
                node.name if isinstance(node, cst.AsName) else node.asname.name if node.asname else node.name
            )
            if isinstance(bound, cst.Name) and bound.value == name:
                found.append(node)
            elif (
                isinstance(node, cst.ImportAlias) and node.asname is None and isinstance(bound, cst.Attribute)
            ):
                found.extend([node] if (dotted_name(bound) or "").split(".")[0] == name else [])
    return found


def _target_binds(tree: Tree, target: cst.BaseExpression, name: str) -> bool:
    """Does assigning to ``target`` bind ``name`` (not ``name.x = ...`` or ``name[i] = ...``)?"""
    if isinstance(target, cst.Name):
        return target.value == name
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(_target_binds(tree, e.value, name) for e in target.elements)
    if isinstance(target, cst.StarredElement):
        return _target_binds(tree, target.value, name)
    return False


def _bound_kind(tree: Tree, binding: cst.CSTNode, name: str, aliases: ImportAliases) -> str | None:
    if not isinstance(binding, cst.Assign):
        return None
    for target in binding.targets:
        if isinstance(target.target, cst.Name):
            continue
        # `a, b = zip(*pairs)`: each name a tuple; starred or nested, not read.
        elements = target.target.elements if isinstance(target.target, (cst.Tuple, cst.List)) else None
        if elements is None or not isinstance(binding.value, cst.Call):
            return None
        if dotted_name(binding.value.func) != "zip" or aliases.qualify(binding.value.func) is not None:
            return _returned_kind(tree, binding.value, elements, name, aliases)
        if not any(isinstance(e.value, cst.Name) and e.value.value == name for e in elements):
            return None
        return "list"
    return _array_or_list(tree, binding.value, aliases)


def _array_or_list(tree: Tree, value: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    if is_fresh_list(value, aliases) or returns_fresh_list(tree, value, aliases):
        return "list"
    if (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, cst.Add)
        and any(is_list_display(side) for side in (value.left, value.right))
    ):
        return "list"  # `seq + [0] * n`: a fresh list (or a fresh array), never a size
    if isinstance(value, cst.IfExp):  # `ids if ok else ids + [unk]`... each branch one of these
        kinds = {_array_or_list(tree, branch, aliases) for branch in (value.body, value.orelse)}
        return "list" if kinds == {"list"} else None
    if (
        isinstance(value, cst.Call)
        and not value.args
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "tolist"
    ):
        return "tolist"  # a list, but a number for a 0-d array: only a likely reading
    if index_array(value, aliases):
        return "array"  # `np.where(c)[0]`: a fresh 1-d array of indices
    if is_existing_array(value, aliases, tree=tree):
        return "existing"  # `x.reshape(-1, 1)`, `x[:, j]`, `x[i:j]`: an array's or a tensor's view
    if made_tensor(value, aliases):
        return "tensor"  # the legacy call aliased it, `torch.as_tensor` hands it back
    if not isinstance(value, cst.Call) or not value.args:
        return None
    qualified = aliases.qualify(value.func) or ""
    # `np.zeros(n)`, `np.arange(n)`, `np.stack(xs)`, `np.random.choice(k, size=n)` (NumPy's random
    # functions only when given a size), and `np.array(x)`/`np.asarray(x)` of data: "array0" where it may
    # be a 0-d integer array, which the legacy call read as a size of uninitialised memory (`np.array(k)`
    # of a number, `np.load(path)`), unless the one binding of `x` reaching it is a list or an array.
    random = qualified.startswith("numpy.random.") and is_data(value, aliases)
    if qualified == "numpy.reshape" and is_data(value, aliases):
        return "existing"  # `np.reshape(y, (-1, 1))`: a view of `y`, as `y.reshape(-1, 1)` is
    if qualified in ARRAY_BUILDERS and may_be_a_0d_integer(value, aliases):
        return "array" if _shaped_by_its_binding(tree, value, aliases) else "array0"
    if qualified in ARRAY_BUILDERS or random:
        return "array"
    return returned_kind(tree, value, aliases)


def _shaped_by_its_binding(tree: Tree, call: cst.Call, aliases: ImportAliases) -> bool:
    """``np.asarray(rows)`` where ``rows`` is data in its function (:func:`argument_kinds`: every binding
    a list, ``rows.append(...)``) or the one binding of it reaching the call is a list or an array of at
    least one dimension (:func:`reaching_kind`): the array has that many dimensions too."""
    given = call.args[0] if call.args else None
    if given is None or given.keyword is not None or given.star or not isinstance(given.value, cst.Name):
        return False
    if aliases.qualify(call.func) not in ("numpy.array", "numpy.asarray"):
        return False
    sizes, data, _ = argument_kinds(tree, call, aliases)
    if not may_be_a_0d_integer(call, aliases, data, sizes):
        return True
    return reaching_kind(tree, call, given.value.value, aliases) in ("list", "array")


def returned_kind(tree: Tree, call: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    """``make_batch(xs)`` where ``make_batch`` is the one top-level plain ``def`` of the file: the kind
    every ``return`` of it gives, by its own expression or, for a local name, by the one binding of it
    that reaches the return (``x = np.stack(rows)`` ... ``return x``), joined (:func:`_joined`); None
    when one is not shown, or for a function that calls itself on the way."""
    if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
        return None
    returns = plain_returns(tree, call)
    following: set[str] = tree.memo(returned_kind, set)  # the functions being read: not again
    name = call.func.value
    if not returns or name in following:
        return None
    following.add(name)
    try:
        kinds = {
            reaching_kind(tree, value, value.value, aliases)
            if isinstance(value, cst.Name)
            else _array_or_list(tree, value, aliases)
            for value in returns
        }
    finally:
        following.discard(name)
    return _joined(kinds)


def index_array(
    value: cst.BaseExpression, aliases: ImportAliases, functions: frozenset[str] = _INDEX_TUPLES
) -> bool:
    """``np.where(mask)[0]``, ``np.nonzero(x)[1]``: one array of indices (1-d) from the tuple that one of
    ``functions`` returns."""
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1):
        return False
    index = value.slice[0].slice
    found = value.value
    return (
        isinstance(index, cst.Index)
        and isinstance(index.value, cst.Integer)
        and isinstance(found, cst.Call)
        and aliases.qualify(found.func) in functions
        and len(found.args) == 1
    )


def _returned_kind(
    tree: Tree, call: cst.Call, elements: Sequence[cst.BaseElement], name: str, aliases: ImportAliases
) -> str | None:
    """``u, v = make()`` where ``make`` is the one top-level ``def make`` of the file, every ``return``
    of which gives a tuple display of as many parts, the part for ``name`` a list, an array or a tensor
    by its own expression (``return np.array(xs), np.array(ys)``), and whose last statement returns."""
    position = next(
        (i for i, e in enumerate(elements) if isinstance(e.value, cst.Name) and e.value.value == name), None
    )
    if position is None or any(isinstance(e, cst.StarredElement) for e in elements):
        return None
    returns = plain_returns(tree, call)
    if not returns:
        return None
    kinds: set[str | None] = set()
    for value in returns:
        if not isinstance(value, cst.Tuple) or len(value.elements) != len(elements):
            return None
        part = value.elements[position]
        if isinstance(part, cst.StarredElement):
            return None
        kinds.add(_array_or_list(tree, part.value, aliases))
    return _joined(kinds)


def plain_returns(tree: Tree, call: cst.Call) -> list[cst.BaseExpression]:
    """The values of every ``return`` of the function ``call`` calls, the one top-level plain ``def`` of
    its name in the file (no decorator, no ``yield``, never rebound), whose last statement returns; empty
    for any other call."""
    if not isinstance(call.func, cst.Name):
        return []
    name = call.func.value
    defs = tree.memo(_top_level_defs, lambda: _top_level_defs(tree)).get(name, ())
    bound_elsewhere = name in tree.memo(_assigned_names, lambda: _assigned_names(tree))
    if len(defs) != 1 or bound_elsewhere or defs[0].decorators or defs[0].asynchronous:
        return []
    function = defs[0]
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    last = body.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
        return []
    own = [
        n
        for n in tree.descendants(body)
        if not any(isinstance(a, SCOPES) for a in _between(tree, n, function))
    ]
    if any(isinstance(n, (cst.Yield, cst.Await)) for n in own):
        return []
    values = [n.value for n in own if isinstance(n, cst.Return)]
    return [] if any(v is None for v in values) else [v for v in values if v is not None]


def argument_kind(tree: Tree, call: cst.Call, aliases: ImportAliases) -> str | None:
    """What the one argument of the legacy constructor ``call`` is by what the file shows outside the
    call's own expression: ``"list"`` (a fresh list, or a function of the file returning one),
    ``"tolist"`` (what ``.tolist()`` gave), ``"tensor"`` (a torch call made it, here or bound before),
    ``"existing"`` (a view of an array or a tensor a function of the file returns: a slice,
    ``x.reshape(...)``), ``"held"`` (a tensor, or a view that may be a tensor's, that a name holds:
    :func:`hands_back_a_held_tensor`), ``"array"`` (a NumPy array bound before), ``"array0"`` (one that may
    be a 0-d integer array), or None."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    if returns_fresh_list(tree, value, aliases):
        return "list"
    if made_tensor(value, aliases):
        return "tensor"  # `torch.LongTensor(torch.from_numpy(ids))`
    if not isinstance(value, cst.Name):
        return returned_kind(tree, value, aliases)  # `torch.LongTensor(sample_ids(n))`
    kind = reaching_kind(tree, call, value.value, aliases) or every_binding_kind(
        tree, call, value.value, aliases
    )
    if kind in ("tensor", "existing") and not _held_only_for_this_call(tree, call, value):
        return "held"
    return kind


def _held_only_for_this_call(tree: Tree, call: cst.Call, name: cst.Name) -> bool:
    """``x = expert[idx, :]`` then ``x = torch.FloatTensor(x).to(device)``: the statement just before the
    call's, in its block, binds ``name`` (to a value that does not ask for gradients), and the call's
    statement rebinds ``name``, reading it only as the call's argument. Nothing but the call ever sees
    that object, so whether the result is it or a new tensor sharing its memory cannot show."""
    line = next((a for a in tree.ancestors(call) if isinstance(a, cst.SimpleStatementLine)), None)
    block = tree.parent(line) if line is not None else None
    if line is None or not isinstance(block, (cst.Module, cst.IndentedBlock)) or len(line.body) != 1:
        return False
    statement = line.body[0]
    if not (_rebinds(statement, name.value) and isinstance(statement, cst.Assign)):
        return False
    if sum(n.value == name.value for n in tree.of_type(statement.value, cst.Name)) != 1:
        return False
    siblings = list(block.body)
    index = next((i for i, s in enumerate(siblings) if s is line), 0)
    before = siblings[index - 1] if index > 0 else None
    if not (isinstance(before, cst.SimpleStatementLine) and len(before.body) == 1):
        return False
    bound = before.body[0]
    return (
        _rebinds(bound, name.value)
        and isinstance(bound, cst.Assign)
        and not any(
            arg.keyword is not None and arg.keyword.value == "requires_grad"
            for arg in tree.of_type(bound.value, cst.Arg)
        )
    )


def _rebinds(statement: cst.BaseSmallStatement, name: str) -> bool:
    """``name = value``, one target."""
    return (
        isinstance(statement, cst.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
        and statement.targets[0].target.value == name
    )


def hands_back_a_held_tensor(tree: Tree, call: cst.Call, aliases: ImportAliases) -> bool:
    """Is the one argument of the legacy constructor ``call`` a tensor that the code holds, which
    ``torch.as_tensor`` would hand back itself?

    The legacy call of a tensor made a new tensor object sharing its memory (and, of one requiring
    gradients, a view of it in the graph); ``torch.as_tensor`` of a tensor of its dtype and device is
    that tensor. Where a name holds it (``x = torch.zeros(n)``, ``v = x.reshape(-1)`` that may be a
    tensor's) or it is ``t.flatten()`` of a held ``t`` (a 1-d tensor's ``flatten()`` is itself), an in-place
    change of shape or of ``requires_grad`` on either, a gradient or an ``is`` test now sees one object.
    """
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return False
    value = call.args[0].value
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "flatten"
    ):
        return not value.args and not isinstance(value.func.value, cst.Call)
    return argument_kind(tree, call, aliases) == "held"


def evident_array_kind(tree: Tree, call: cst.Call, aliases: ImportAliases) -> str | None:
    """:func:`argument_kind` where it is an array or a tensor (data, never a size: ``torch.as_tensor``
    makes the same tensor as the legacy call, sharing memory where it did), else None."""
    kind = argument_kind(tree, call, aliases)
    return kind if kind in ("array", "tensor", "existing") else None


# A built array indexes `np.where(c)[k]` only (the evidence of bound names reads `np.nonzero` too).
_WHERE = frozenset({"numpy.where"})


def array_rewrite(
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None = None,
    *,
    scalar_arrays: bool = False,
) -> cst.Call | None:
    """``torch.FloatTensor(state.reshape(1, -1))`` -> ``torch.as_tensor(state.reshape(1, -1),
    dtype=torch.float32)`` where the one argument is an array whatever its receiver is (see
    :func:`_is_array`): never an int, so never a size. ``as_tensor`` shares a NumPy array's memory when
    the dtype matches and copies otherwise, as the legacy call does, and fails on the same arrays
    (negative strides); on a tensor of the same dtype it gives that (fresh) tensor instead of an alias of
    it, and one of another dtype it converts where the legacy call raised. ``device``: made there (a
    ``torch.cuda.*`` type: on ``"cuda"`` without one). ``scalar_arrays``: also an array that may be a
    0-d integer one (``np.array(k)``), which the legacy call read as a size: a likely reading only."""
    dtype = legacy_dtype(qualified)
    if dtype is None and qualified != "torch.Tensor":
        return None
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    floating = dtype is None or dtype.startswith(("float", "bfloat"))
    if not _is_array(value, aliases, floating, scalar_arrays):
        return None
    if device is None and qualified.startswith("torch.cuda."):
        device = cst.SimpleString('"cuda"')
    fixed = as_tensor_of(value, qualified, aliases, device)
    return fixed.with_changes(lpar=call.lpar, rpar=call.rpar) if fixed is not None else None


# Methods whose result is an array (a NumPy array, or a tensor) whatever the receiver: on a NumPy scalar
# too (`np.float64(1).reshape(1)` is an array); on a list or a number they raise, as the legacy call then
# did on most of them.
_ARRAY_METHODS = frozenset({"reshape", "flatten", "ravel"})
_FLOAT_DTYPES = NUMPY_FLOAT_DTYPES


def _axes_given(transpose: cst.Call) -> bool:
    """``x.transpose(2, 0, 1)`` or ``x.transpose((2, 0, 1))``: at least one axis, so at least one
    dimension (an array's axes reordered, or two of a tensor's swapped), never a number."""
    args = transpose.args
    if not args or any(a.keyword is not None or a.star for a in args):
        return False
    first = args[0].value
    return len(args) > 1 or (isinstance(first, (cst.Tuple, cst.List)) and bool(first.elements))


def _is_array(
    value: cst.BaseExpression, aliases: ImportAliases, floating: bool, scalar_arrays: bool = False
) -> bool:
    """``value`` is an array by its own expression: a NumPy call that always makes one of at least one
    dimension (``np.diff(x)``, ``np.argsort(x)``: ``ARRAY_BUILDERS``),
    ``x.reshape(...)`` (with a shape), ``x.flatten()``,
    ``x.ravel()``, ``x.transpose(...)`` (with its axes), ``x.astype(np.float32)`` and ``np.float32(x)``
    for a floating constructor (a NumPy scalar stays a scalar, which a float constructor rejects as it
    always did, while an integer one would read it as a size), likewise NumPy's functions whose result
    is always floating (``np.log(p)``: an array, or a float the legacy call rejected), ``np.where(c)[i]``
    (an array of indices), and arithmetic with an array built right there (``1 - np.float32([done])``:
    NumPy broadcasts, the result is an array; a floating one of what may be a 0-d array, ``np.array(r) *
    0.5``, is an array or a float the legacy call rejected). Not a NumPy call that may give a 0-d
    integer array (:func:`may_be_a_0d_integer`), unless ``scalar_arrays``."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, _ARRAY_ARITHMETIC):
        any_array = scalar_arrays or _floating_result(value)
        return any(_built_array(side, aliases, floating, any_array) for side in (value.left, value.right))
    if floating and isinstance(value, cst.Call) and aliases.qualify(value.func) in _FLOATING_FUNCTIONS:
        return True  # `np.log(probs)`: never an int, so never a size
    if (
        floating
        and isinstance(value, cst.Call)
        and (aliases.qualify(value.func) or "").startswith("numpy.")
        and aliases.qualify(value.func) in _FLOAT_DTYPES
        and len(value.args) == 1
        and not value.args[0].keyword
        and not value.args[0].star
    ):
        return True  # `np.float32(state)`: an array (a fresh one), or a scalar the legacy call rejected
    if isinstance(value, cst.Call) and aliases.qualify(value.func) in ARRAY_BUILDERS:
        # `np.diff(hz)`, `np.argsort(x)`: an array of at least one dimension, never a size
        return scalar_arrays or not may_be_a_0d_integer(value, aliases)
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute):
        method = value.func.attr.value
        if aliases.qualify(value.func) is not None:
            return False  # `np.reshape(...)` and other module functions: `is_data` decides those
        if method == "reshape":
            return bool(value.args) and gives_a_dimension(value)  # (not `a.reshape(())`: 0-d)
        if method == "transpose":  # `img.transpose((2, 0, 1))`, `t.transpose(0, 1)`: the axes given
            return _axes_given(value)
        if method in _ARRAY_METHODS:
            # (a 1-d tensor's `t.flatten()` is `t` itself: of a call's result only, see
            # `hands_back_a_held_tensor`)
            return method != "flatten" or isinstance(value.func.value, cst.Call)
        if method == "copy" and not value.args:
            # `np.argsort(x)[::-1].copy()` (the copy `torch.as_tensor` needs of negative strides): a copy
            # of an array, or of any slice (a list's too: data; a `torch.Size` has no `copy`)
            receiver = value.func.value
            sliced = isinstance(receiver, cst.Subscript) and any(
                isinstance(e.slice, cst.Slice) for e in receiver.slice
            )
            return (
                sliced
                or _is_array(receiver, aliases, floating, scalar_arrays)
                or is_existing_array(receiver, aliases)
            )
        if method == "astype" and floating and len(value.args) == 1:
            target = value.args[0].value
            spelled = dtype_spelled(target, aliases)  # (`float` only where it is the builtin)
            if isinstance(target, cst.SimpleString):
                spelled = "numpy." + target.raw_value
            return spelled in _FLOAT_DTYPES
        return False
    return index_array(value, aliases, _WHERE)


_ARRAY_ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.Power)
# NumPy functions whose result is floating whatever they are given (an int array or an int too).
_FLOATING_FUNCTIONS = frozenset(
    f"numpy.{name}"
    for name in (
        "log log2 log10 log1p exp exp2 expm1 sqrt cbrt sin cos tan arcsin arccos arctan sinh cosh tanh"
        " arcsinh arccosh arctanh deg2rad rad2deg radians degrees true_divide"
    ).split()
)


def _built_array(
    value: cst.BaseExpression, aliases: ImportAliases, floating: bool, scalar_arrays: bool = False
) -> bool:
    """An array whatever its operands: a NumPy constructor that always makes one (``np.array(x)``,
    ``np.zeros(n)``; one that may be a 0-d integer array only with ``scalar_arrays``), a NumPy dtype of
    a list (``np.float32([done])``), or an array by :func:`_is_array` (never a scalar, unlike
    ``np.float32(x)`` alone or ``np.sum(x)``)."""
    if isinstance(value, cst.Call):
        qualified = aliases.qualify(value.func) or ""
        if qualified in _NUMPY_ARRAY_BUILDERS or qualified in ARRAY_BUILDERS:
            return scalar_arrays or not may_be_a_0d_integer(value, aliases)
        if qualified in _FLOAT_DTYPES | _NUMPY_INT_DTYPES and len(value.args) == 1:
            return isinstance(value.args[0].value, (cst.List, cst.ListComp))
    if isinstance(value, cst.BinaryOperation):
        return _is_array(value, aliases, floating, scalar_arrays)
    return _is_array(value, aliases, floating, scalar_arrays) and not (
        isinstance(value, cst.Call) and aliases.qualify(value.func) in _FLOAT_DTYPES
    )


def _floating_result(operation: cst.BinaryOperation) -> bool:
    """``x / n``, ``0.5 * x``: floating whatever ``x`` holds (a NumPy float of a 0-d array, which the
    legacy call rejected as it rejects any float, never a size)."""
    sides = (operation.left, operation.right)
    return isinstance(operation.operator, cst.Divide) or any(isinstance(side, cst.Float) for side in sides)


# NumPy calls whose result is an array whatever they are given.
_NUMPY_ARRAY_BUILDERS = frozenset(
    f"numpy.{name}"
    for name in "array asarray zeros ones empty full arange linspace stack concatenate".split()
)
_NUMPY_INT_DTYPES = frozenset({"numpy.int64", "numpy.int32", "numpy.uint8", "numpy.int8", "numpy.int16"})


def evident_array_rewrite(
    tree: Tree,
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None = None,
) -> cst.Call | None:
    """``torch.as_tensor(value, dtype=..., device=...)`` for the legacy constructor ``call`` (of
    ``qualified``) whose one argument is an array by its own expression (:func:`array_rewrite`) or by
    what is bound to it before (:func:`evident_array_kind`); None otherwise. A ``torch.cuda.*`` type
    without ``device`` is made on ``"cuda"``."""
    fixed = array_rewrite(call, qualified, aliases, device)
    if fixed is not None or evident_array_kind(tree, call, aliases) is None:
        return fixed
    if device is None and qualified.startswith("torch.cuda."):
        device = cst.SimpleString('"cuda"')
    made = as_tensor_of(call.args[0].value, qualified, aliases, device)
    return made.with_changes(lpar=call.lpar, rpar=call.rpar) if made is not None else None


def legacy_rewrite(
    tree: Tree, call: cst.Call, aliases: ImportAliases, device: cst.BaseExpression | None = None
) -> tuple[cst.CSTNode, cst.Call] | None:
    """The one rewrite of a legacy constructor call in ``tree``: (the node to replace, its
    replacement), or None when data and size cannot be told apart there.

    Names are read where the call is (:func:`argument_kinds`), and an argument the file shows to be an
    array or a tensor as DEV009 reads it (:func:`evident_array_rewrite`). A ``.to(device)``/``.cuda()`` right
    after the constructor is folded into it: ``torch.LongTensor(ids).to(d)`` ->
    ``torch.tensor(ids, dtype=torch.int64, device=d)`` (``device``, when given, wins).
    """
    qualified = aliases.qualify(call.func) or ""
    kinds = argument_kinds(tree, call, aliases)
    replaced: cst.CSTNode = call
    attribute = tree.parent(call)
    outer = tree.parent(attribute) if isinstance(attribute, cst.Attribute) else None
    move = as_move(outer) if isinstance(outer, cst.Call) and outer.func is attribute else None
    # A move is a call: isinstance only tells the type checker that ``outer`` is the one tested above.
    if (
        move is not None
        and isinstance(outer, cst.Call)
        and len(outer.args) <= 1
        and names_device(move.device, aliases)
    ):
        replaced = outer
        if device is None:
            device = move.device.deep_clone() if move.device is not None else cst.SimpleString('"cuda"')
    fixed = legacy_constructor_rewrite(call, qualified, aliases, kinds.sizes, device, kinds.data, kinds.lists)
    if fixed is None:
        fixed = evident_array_rewrite(tree, call, qualified, aliases, device)
    return None if fixed is None else (replaced, fixed)


def legacy_rewritten(
    tree: Tree, call: cst.Call, aliases: ImportAliases, device: cst.BaseExpression
) -> cst.Call:
    """The replacement :func:`legacy_rewrite` gives ``call`` on ``device``, for a call it has rewritten
    before: whether it can does not depend on the device."""
    found = legacy_rewrite(tree, call, aliases, device)
    assert found is not None
    return found[1]

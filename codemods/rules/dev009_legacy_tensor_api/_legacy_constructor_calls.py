"""The legacy constructor calls DEV009 meets, each to its modern spelling or to a reason it has none.

:mod:`codemods.analysis.legacy_constructors` decides data against size for ``torch.FloatTensor(...)`` and its
kin. Here come the two other ways code calls them: ``torch.Tensor(...)``, which makes the default
dtype (float32 unless the program changed it), and a name bound to a legacy type
(:mod:`codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases`), whose device is the alias's
(``"cuda" if cuda else "cpu"``).
"""

from __future__ import annotations

import libcst as cst

from codemods.analysis.evident_data import (
    argument_kind,
    array_rewrite,
    every_binding_kind,
    hands_back_a_held_tensor,
    reaching_kind,
)
from codemods.analysis.legacy_constructors import (
    ArgumentKinds,
    argument_kinds,
    as_tensor_of,
    legacy_array_rewrite,
    legacy_constructor_rewrite,
    legacy_dtype,
    may_be_a_size_value,
)
from codemods.core.name_bindings import bindings_in, code_around
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of, kwarg, with_arg_value, without_args
from codemods.core.tree import Tree
from codemods.rules.dev009_legacy_tensor_api._legacy_type_aliases import LegacyAlias
from codemods.rules.dev009_legacy_tensor_api._named_arguments import (
    elements_tested,
    measured_as_sequence,
    named_data,
    names_a_count,
)
from codemods.rules.dev009_legacy_tensor_api._opaque_arguments import opaque, spelled_like_a_size

UNCLEAR = (
    ": cannot tell data from a size here; use `torch.tensor(data, dtype=...)` or"
    " `torch.empty(size, dtype=...)`"
)


def constructor_call(
    tree: Tree, aliases: ImportAliases, call: cst.Call, qualified: str, alias: LegacyAlias | None
) -> tuple[str, cst.Call | None, bool]:
    """The message for the legacy constructor ``call`` (of ``qualified``, or through ``alias``), its
    modern spelling (None when the source does not say what the call makes), and whether that spelling
    is only a likely reading (an unsafe fix)."""
    message = f"legacy constructor {alias.spelled if alias else f'`{qualified}`'}"
    if alias is not None:
        qualified = alias.qualified
        if alias.default_on_cpu:
            return (
                message + ": float32 on the GPU but the default dtype on the CPU; use `torch.empty(size,"
                " dtype=..., device=...)` or `torch.tensor(data, dtype=..., device=...)`",
                None,
                False,
            )
        if alias.conditional and alias.device is None:
            unclear = UNCLEAR.split(";")[0]
            return (
                message + unclear + "; its device is chosen by a condition that may read differently here",
                None,
                False,
            )
    device = alias.device if alias is not None and alias.conditional else None
    legacy = "torch.FloatTensor" if qualified == "torch.Tensor" else qualified
    sizes, data, lists = argument_kinds(tree, call, aliases)  # as DEV003 and DEV004 decide
    # A name bound to an array is data, but `torch.tensor` would copy what the legacy call shared.
    fixed = legacy_constructor_rewrite(
        call, legacy, aliases, sizes, device, data - _array_names(tree, call, aliases), lists
    )
    if fixed is None:
        # (through an alias too: `LongTensor(np.argsort(x))`, made on the device the alias chooses)
        fixed = array_rewrite(call, qualified, aliases, device)
        if fixed is None and alias is None:
            kinds = ArgumentKinds(sizes, data, lists)
            fixed = legacy_array_rewrite(call, qualified, aliases, kinds, tree=tree)
        if fixed is not None:
            return (
                message + " of an array (a slice, `x[idx]`, `x.reshape(...)`, `np.where(c)[1]`):"
                " `torch.as_tensor(...)` makes the same tensor, sharing the array's memory where the"
                " legacy call did",
                fixed,
                False,
            )
    if fixed is None:
        evident = _evident_data_rewrite(tree, call, legacy, qualified, aliases, sizes, device)
        if evident is not None:
            return message + evident[0], evident[1], False
    if fixed is None:
        listed = _listed_rewrite(tree, call, legacy, qualified, aliases, sizes, device)
        if listed is not None:
            return message + listed[0], listed[1], True
        scalar = _scalar_array_rewrite(
            tree, call, legacy, qualified, aliases, ArgumentKinds(sizes, data, lists), device
        )
        if scalar is not None:
            return message + scalar[0], scalar[1], True
        held = _held_tensor_rewrite(tree, call, qualified, aliases, device)
        if held is not None:
            return message + held[0], held[1], True
        read = _read_as_data(tree, call, qualified, aliases, device) or _read_as_size(
            tree, call, legacy, qualified, aliases, device
        )
        if read is not None:
            return message + read[0], read[1], True
        return message + _unclear_why(tree, call), None, False
    if qualified == "torch.Tensor":
        fixed = _default_dtype(tree, aliases, fixed)
        message += " (the default dtype)"
    factory = next(
        f for f in ("torch.as_tensor", "torch.tensor", "torch.empty") if code_of(fixed.func).endswith(f[6:])
    )
    return message + f"; use `{factory}(...)`", fixed, False


MAY_BE_A_SIZE = (
    ": cannot tell data from a size here: {arg} may be (a slice of) a `torch.Size` (the file shows one"
    " reaching it, or names it so), which the legacy call reads as a size; use `torch.empty(size,"
    " dtype=...)` for a size or `torch.tensor(data, dtype=...)` for data"
)


def _unclear_why(tree: Tree, call: cst.Call) -> str:
    """Why the legacy constructor ``call`` is left in place: its one argument may be a ``torch.Size``
    (:func:`may_be_a_size_value`), said as such, or the file shows nothing either way."""
    given = call.args[0] if len(call.args) == 1 else None
    if given is None or given.keyword is not None or given.star or not may_be_a_size_value(tree, given.value):
        return UNCLEAR
    spelled = code_of(given.value)
    return MAY_BE_A_SIZE.format(arg=f"`{spelled}`" if len(spelled) <= 40 else "its argument")


# In-place fills: a legacy constructor given a size is usually filled right away (`Tensor(n).zero_()`).
_FILLS = frozenset(
    {"zero_", "fill_", "uniform_", "normal_", "random_", "bernoulli_", "exponential_", "geometric_"}
    | {"cauchy_", "log_normal_", "copy_"}
)
UNSAFE_DATA = (
    " of {arg}, which the file does not show to be data or a size: read as data (a list, an array or a"
    " tensor), `torch.as_tensor(...)` makes the same tensor, sharing an array's memory where the legacy"
    " call did (unsafe: were {arg} an int, the legacy call made an uninitialised tensor of that size)"
)

TESTED_DATA = (
    " of {arg}, whose first element the test around the call checks to be a number (the collate"
    " functions' `elif isinstance(batch[0], int):`): read as data, `torch.as_tensor(...)` makes the same"
    " tensor (unsafe: were {arg} a `torch.Size`, the legacy call made an uninitialised tensor of it)"
)

NAMED_DATA = (
    " of {arg}, named as a collection: read as data (a list, an array or a tensor), `torch.as_tensor(...)`"
    " makes the same tensor, sharing an array's memory where the legacy call did (unsafe: were {arg} an"
    " int, the legacy call made an uninitialised tensor of that size)"
)

UNSAFE_ITEM = (
    " of {arg}, an item of a container the file does not show: read as data (a list, an array or a"
    " tensor, as such items were in every public case seen), `torch.as_tensor(...)` makes the same"
    " tensor, sharing an array's memory where the legacy call did (unsafe: were {arg} an int, the"
    " legacy call made an uninitialised tensor of that size)"
)

MEASURED_DATA = (
    " of {arg}, whose length the code takes (`len(...)`) or over which it loops, which an int has not:"
    " read as data, `torch.as_tensor(...)` makes the same tensor, sharing an array's memory where the"
    " legacy call did (unsafe: were {arg} a `torch.Size`, the legacy call made an uninitialised tensor"
    " of it)"
)

TRANSPOSED_DATA = (
    " of {arg}, an array or a tensor transposed (neither an int nor a `torch.Size` has `.T`): read as"
    " data, `torch.as_tensor(...)` makes the same tensor, sharing an array's memory where the legacy call"
    " did (unsafe: `.T` of a 0-d integer array is that array, which the legacy call read as a size)"
)


def _keyed_like_a_size(value: cst.Subscript) -> bool:
    """``cfg["batch_size"]``, ``opts["n"]``: a string key spelled like a size or a count."""
    for element in value.slice:
        index = element.slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
            key = str(index.value.evaluated_value)
            if spelled_like_a_size(key) or names_a_count(key):
                return True
    return False


def _transposed(value: cst.BaseExpression) -> bool:
    """``x.T``: a NumPy array's or a tensor's transpose (a view of it); ``.T`` of an int, a list or a
    ``torch.Size`` raises, so it is data, but for a 0-d integer array (its own transpose)."""
    return isinstance(value, cst.Attribute) and value.attr.value == "T"


def _drawn_by_next(tree: Tree, aliases: ImportAliases, value: cst.BaseExpression) -> bool:
    """``batch = next(batches)`` (every binding of the name, in its function or else the module): an
    item drawn from an iterator the file does not show, read as an item of a container is."""
    if not isinstance(value, cst.Name) or spelled_like_a_size(value.value):
        return False
    function = code_around(tree, value)
    scopes = [function, tree.root] if isinstance(function, cst.FunctionDef) else [tree.root]
    for scope in scopes:
        bound = bindings_in(tree, scope, value.value)
        if bound:
            return all(_assigned_from_next(tree, aliases, binding) for binding in bound)
    return False


def _assigned_from_next(tree: Tree, aliases: ImportAliases, binding: cst.CSTNode) -> bool:
    assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return False
    called = assign.value
    return (
        isinstance(assign.targets[0].target, cst.Name)
        and isinstance(called, cst.Call)
        and isinstance(called.func, cst.Name)
        and called.func.value == "next"
        and aliases.qualify(called.func) is None
        and 1 <= len(called.args) <= 2
    )


def _read_as_data(
    tree: Tree,
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None,
) -> tuple[str, cst.Call] | None:
    """``torch.FloatTensor(state)`` with one argument the file does not show to be data or a size: the
    unsafe reading as data, ``torch.as_tensor(state, dtype=torch.float32)``, the same tensor for every
    list, tuple, array and tensor (it differs only on an int or a ``torch.Size``, and where the legacy
    call raised: a float). Only for a floating type (to which a lone number is never data: the legacy
    call raised on a float), where the file shows nothing about the argument
    (:mod:`codemods.rules.dev009_legacy_tensor_api._opaque_arguments`: no binding, name or call in it
    suggests an int) and the new tensor is not filled right away (`torch.Tensor(n).uniform_()`, a sign
    of a size); or, for any legacy type, a transpose ``x.T`` (an array or a tensor), a name or
    attribute named as a collection (``dones``, ``class_weights``:
    :mod:`codemods.rules.dev009_legacy_tensor_api._named_arguments`) or whose first element the test
    around the call checks to be a number (``elif isinstance(batch[0], int):``), or whose length the
    code takes or over which it loops (``len(lab)``: ``_named_arguments.measured_as_sequence``); else
    None, and the call is only reported."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    if may_be_a_size_value(tree, value):
        return None  # `dims[1:]` of `dims = x.size()`: what the file shows may be a `torch.Size`, a size
    dtype = legacy_dtype(qualified)
    floating = dtype is None or dtype.startswith(("float", "bfloat"))
    # For an integer type an index or a count is as likely an int as a list: only a plural name reads.
    transposed = _transposed(value)
    named = not transposed and named_data(tree, aliases, value)
    tested = not transposed and not named and elements_tested(tree, call, value)
    measured = not (transposed or named or tested) and measured_as_sequence(tree, call, value)
    # An item of a container the file does not show (`bucket[0]`, `data["words"]`) read as data for an
    # integer type too: in fresh public code every such call was given a list, an array or a tensor.
    # (`grid[i, j]`, of several parts, is rather a NumPy array's element: a number, a size.)
    item = isinstance(value, cst.Subscript) and len(value.slice) == 1 and not _keyed_like_a_size(value)
    # `batch = next(batches)`: an item too, drawn from an iterator (`next` is a builtin, so not opaque)
    drawn = not (transposed or named or tested or measured) and _drawn_by_next(tree, aliases, value)
    if not (
        transposed
        or named
        or tested
        or measured
        or drawn
        or ((floating or item) and opaque(tree, aliases, value))
    ):
        return None
    method = tree.parent(call)
    if isinstance(method, cst.Attribute) and method.attr.value in _FILLS:
        return None
    if device is None and qualified.startswith("torch.cuda."):
        device = cst.SimpleString('"cuda"')
    fixed = as_tensor_of(value, qualified, aliases, device)
    if fixed is None:
        return None
    spelled = code_of(value)
    arg = f"`{spelled}`" if len(spelled) <= 40 else "its argument"
    message = (
        TRANSPOSED_DATA
        if transposed
        else NAMED_DATA
        if named
        else TESTED_DATA
        if tested
        else MEASURED_DATA
        if measured
        else UNSAFE_DATA
        if floating and not drawn
        else UNSAFE_ITEM
    ).format(arg=arg)
    return message, fixed.with_changes(lpar=call.lpar, rpar=call.rpar)


UNSAFE_SIZE = (
    " of {arg}, {why}: read as a size, `torch.empty(...)` makes the same tensor (unsafe: were {arg} a"
    " list, a tuple or an array, the legacy call made a tensor of its values)"
)


def _read_as_size(
    tree: Tree,
    call: cst.Call,
    legacy: str,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None,
) -> tuple[str, cst.Call] | None:
    """``torch.FloatTensor(n).fill_(1)``, ``torch.LongTensor(batch_size)``: one argument the file does not
    show to be data or a size, read as a size, ``torch.empty(n, dtype=...)``, an unsafe fix. Where the new
    tensor is filled in place right away, its values never mattered: the code asked for storage of a
    size (filling a copy of data would throw the data away). Else where the argument is named as a
    count or a measure (``batch_size``, ``params.n_classes``, ``seq_len * batch_size``): the same tensor
    for an int or a ``torch.Size``; a list or an array (which those names seldom hold) was data."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    if isinstance(value, (cst.List, cst.Tuple, cst.ListComp, cst.SimpleString)) or named_data(
        tree, aliases, value
    ):
        return None
    method = tree.parent(call)
    filled = (
        isinstance(method, cst.Attribute)
        and method.attr.value in _FILLS
        and isinstance(outer := tree.parent(method), cst.Call)
        and outer.func is method
    )
    if filled:
        assert isinstance(method, cst.Attribute)
        why = f"filled right after (`.{method.attr.value}(...)`)"
    elif _named_as_count(value):
        why = "named as a count"
    else:
        return None
    fixed = _rewrite_with_stand_in(tree, call, legacy, qualified, aliases, device, as_size=True)
    if fixed is None:
        return None
    spelled = code_of(value)
    arg = f"`{spelled}`" if len(spelled) <= 40 else "its argument"
    return UNSAFE_SIZE.format(arg=arg, why=why), fixed


def _named_as_count(value: cst.BaseExpression) -> bool:
    """``batch_size``, ``self.n_classes``, ``seq_len * batch_size``, ``2 * hidden_dim``: names of counts
    and measures (and int literals), added or multiplied."""
    if isinstance(value, cst.BinaryOperation):
        return (
            isinstance(value.operator, (cst.Add, cst.Multiply))
            and (_named_as_count(value.left) or isinstance(value.left, cst.Integer))
            and (_named_as_count(value.right) or isinstance(value.right, cst.Integer))
        )
    if isinstance(value, cst.Attribute):
        return names_a_count(value.attr.value)
    return isinstance(value, cst.Name) and names_a_count(value.value)


def _array_names(tree: Tree, call: cst.Call, aliases: ImportAliases) -> frozenset[str]:
    """The names that a statement of ``call``'s function binds to a NumPy function's result, or to
    another such name: the legacy constructor shared such an array's memory, which ``torch.tensor``
    would copy (a later write to either would no longer show in the other). They go through
    ``torch.as_tensor`` or are reported."""
    function = next((a for a in tree.ancestors(call) if isinstance(a, cst.FunctionDef)), None)
    if function is None:
        return frozenset()
    bindings = [
        (target.target.value, assign.value)
        for assign in tree.of_type(function.body, cst.Assign)
        for target in assign.targets
        if isinstance(target.target, cst.Name)
    ]
    names: set[str] = set()
    while True:
        found = {
            name
            for name, value in bindings
            if (isinstance(value, cst.Name) and value.value in names)
            or (isinstance(value, cst.Call) and (aliases.qualify(value.func) or "").startswith("numpy."))
        }
        if found <= names:
            return frozenset(names)
        names |= found


def _evident_data_rewrite(
    tree: Tree,
    call: cst.Call,
    legacy: str,
    qualified: str,
    aliases: ImportAliases,
    sizes: frozenset[str],
    device: cst.BaseExpression | None,
) -> tuple[str, cst.Call] | None:
    """The one argument is data by what the file shows outside the call's function
    (:mod:`codemods.analysis.evident_data`): a fresh list becomes
    ``torch.tensor(...)`` (both copy it), a NumPy array ``torch.as_tensor(...)`` (both share it)."""
    kind = argument_kind(tree, call, aliases)
    if kind is None:
        return None
    value = call.args[0].value
    if kind in ("array", "tensor", "existing"):  # (DEV010 reads these as data too: `evident_array_kind`)
        if device is None and qualified.startswith("torch.cuda."):
            device = cst.SimpleString('"cuda"')
        fixed = as_tensor_of(value, qualified, aliases, device)
        if fixed is None:
            return None
        message = {
            "tensor": " of a tensor a torch call made (here or bound before it): `torch.as_tensor(...)`"
            " gives that tensor, as the legacy call did",
            "existing": " of an array or a tensor bound before it or returned by a function of the file (a"
            " slice, `x[:, j]`, `x.reshape(...)`): `torch.as_tensor(...)` makes the same tensor, sharing its"
            " memory where the legacy call did",
        }.get(
            kind,
            " of a NumPy array bound before it or returned by a function of the file: `torch.as_tensor(...)`"
            " makes the same tensor, sharing the array's memory where the legacy call did",
        )
        return message, fixed.with_changes(lpar=call.lpar, rpar=call.rpar)
    if kind != "list":
        return None
    fixed = _rewrite_with_stand_in(tree, call, legacy, qualified, aliases, device, sizes=sizes)
    if fixed is None:
        return None
    return (
        " of a list the file builds (a list display or comprehension, or a function returning one):"
        " `torch.tensor(...)` copies it as the legacy call did",
        fixed,
    )


def _listed_rewrite(
    tree: Tree,
    call: cst.Call,
    legacy: str,
    qualified: str,
    aliases: ImportAliases,
    sizes: frozenset[str],
    device: cst.BaseExpression | None,
) -> tuple[str, cst.Call] | None:
    """The one argument is what ``.tolist()`` gave (``x = np.array(x).tolist()`` bound before it, or the
    call itself): a list, copied by ``torch.tensor(...)`` as the legacy call copied it, unless the array
    was 0-d, whose ``.tolist()`` is a number (an unsafe reading)."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    listed = _a_tolist(value) or (
        isinstance(value, cst.Name)
        and (
            reaching_kind(tree, call, value.value, aliases)
            or every_binding_kind(tree, call, value.value, aliases)
        )
        == "tolist"
    )
    if not listed:
        return None
    fixed = _rewrite_with_stand_in(tree, call, legacy, qualified, aliases, device, sizes=sizes)
    if fixed is None:
        return None
    return (
        " of what `.tolist()` gave, a list: `torch.tensor(...)` copies it as the legacy call did"
        " (unsafe: a 0-d array's `.tolist()` is a number, which the legacy call read as a size)",
        fixed,
    )


SCALAR_ARRAY = (
    " of {arg}, a NumPy array that may have no dimension (`np.array(k)` of a number, a file holding one"
    " number): read as data, `{factory}(...)` makes the same tensor of an array of at least one dimension"
    " (unsafe: the legacy call read a 0-d integer array as a size, an uninitialised tensor of that many"
    " elements)"
)


def _scalar_array_rewrite(
    tree: Tree,
    call: cst.Call,
    legacy: str,
    qualified: str,
    aliases: ImportAliases,
    kinds: ArgumentKinds,
    device: cst.BaseExpression | None,
) -> tuple[str, cst.Call] | None:
    """The one argument is a NumPy array that may be 0-d (``np.array(label)``, ``np.load(path)``, a name
    bound to one: :func:`codemods.analysis.legacy_constructors.may_be_a_0d_integer`): the rewrite it would
    have as an array of at least one dimension, as an unsafe fix (a 0-d integer array was a size)."""
    array_names = _array_names(tree, call, aliases)
    fixed = legacy_constructor_rewrite(
        call, legacy, aliases, kinds.sizes, device, kinds.data - array_names, kinds.lists, scalar_arrays=True
    )
    if fixed is not None and qualified == "torch.Tensor":
        fixed = _default_dtype(tree, aliases, fixed)
    if fixed is None:
        fixed = array_rewrite(call, qualified, aliases, device, scalar_arrays=True)
    if fixed is None and argument_kind(tree, call, aliases) == "array0":
        if device is None and qualified.startswith("torch.cuda."):
            device = cst.SimpleString('"cuda"')
        fixed = as_tensor_of(call.args[0].value, qualified, aliases, device)
    if fixed is None:
        return None
    spelled = code_of(call.args[0].value)
    arg = f"`{spelled}`" if len(spelled) <= 40 else "its argument"
    factory = "torch.as_tensor" if code_of(fixed.func).endswith("as_tensor") else "torch.tensor"
    return SCALAR_ARRAY.format(arg=arg, factory=factory), fixed.with_changes(lpar=call.lpar, rpar=call.rpar)


HELD_TENSOR = (
    " of {arg}, a tensor (or a view that may be a tensor's) the code holds: read as data,"
    " `torch.as_tensor(...)` makes a tensor of the same values, sharing its memory as the legacy call did"
    " (unsafe: of a tensor of its dtype `as_tensor` hands back {arg} itself, where the legacy call made a"
    " new tensor object, so an in-place change of shape or of `requires_grad` on either, a gradient or an"
    " `is` test now sees one object)"
)


def _held_tensor_rewrite(
    tree: Tree,
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None,
) -> tuple[str, cst.Call] | None:
    """The one argument is a tensor the code holds (``x = torch.zeros(n)`` bound before, ``t.flatten()``:
    :func:`codemods.analysis.evident_data.hands_back_a_held_tensor`): ``torch.as_tensor(...)``, the same
    values, as an unsafe fix (it hands back that tensor object itself, where the legacy call made a new
    one)."""
    if not hands_back_a_held_tensor(tree, call, aliases):
        return None
    if device is None and qualified.startswith("torch.cuda."):
        device = cst.SimpleString('"cuda"')
    fixed = as_tensor_of(call.args[0].value, qualified, aliases, device)
    if fixed is None:
        return None
    spelled = code_of(call.args[0].value)
    arg = f"`{spelled}`" if len(spelled) <= 40 else "its argument"
    return HELD_TENSOR.format(arg=arg), fixed.with_changes(lpar=call.lpar, rpar=call.rpar)


def _a_tolist(value: cst.BaseExpression) -> bool:
    return (
        isinstance(value, cst.Call)
        and not value.args
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "tolist"
    )


def _rewrite_with_stand_in(
    tree: Tree,
    call: cst.Call,
    legacy: str,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None,
    *,
    sizes: frozenset[str] = frozenset(),
    as_size: bool = False,
) -> cst.Call | None:
    """``legacy_constructor_rewrite`` of ``call``'s one argument read as a Python list (or, ``as_size``,
    as a size), whatever it is: it reads a name in its list (size) names so, so a stand-in name of that
    kind takes the argument's place, and the argument is put back in the rewrite."""
    value = call.args[0].value
    stand_in = cst.Name("__read_as_size__" if as_size else "__read_as_data__")
    stood_in = call.with_changes(args=[call.args[0].with_changes(value=stand_in)])
    if as_size:
        fixed = legacy_constructor_rewrite(stood_in, legacy, aliases, frozenset({stand_in.value}), device)
    else:
        listed = frozenset({stand_in.value})
        fixed = legacy_constructor_rewrite(stood_in, legacy, aliases, sizes, device, listed, listed)
    if fixed is None:
        return None
    fixed = fixed.with_changes(
        args=[a.with_changes(value=value) if a.value is stand_in else a for a in fixed.args]
    )
    if qualified == "torch.Tensor":
        fixed = _default_dtype(tree, aliases, fixed)
    return fixed.with_changes(lpar=call.lpar, rpar=call.rpar)


def _default_dtype(tree: Tree, aliases: ImportAliases, fixed: cst.Call) -> cst.Call:
    """``torch.Tensor`` makes the default dtype: so does ``torch.empty``, and ``torch.tensor`` of
    float literals; other data gets ``dtype=torch.get_default_dtype()``."""
    dtype = kwarg(fixed, "dtype")
    assert dtype is not None
    data = fixed.args[0].value
    if code_of(fixed.func).endswith("empty") or (
        tree.of_type(data, cst.Float) and not tree.of_type(data, (cst.Name, cst.Attribute, cst.Call))
    ):
        return without_args(fixed, [dtype])
    return with_arg_value(fixed, dtype, cst.Call(aliases.expr_for("torch.get_default_dtype")))

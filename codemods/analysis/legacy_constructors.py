"""The legacy typed constructors (``torch.FloatTensor(...)``, ``torch.cuda.LongTensor(...)``,
``torch.Tensor(...)``) and their modern spelling, decided once for every rule that rewrites them.

A legacy constructor reads its arguments by what they are at run time: a sequence (list, tuple,
``range``, NumPy array) is data, ints and a ``torch.Size`` are a size, a tensor is aliased. Read from
the source, a single argument is

- data when it is a literal list, tuple or comprehension, ``range(...)``, ``list(...)``,
  ``sorted(...)``, ``x.tolist()`` of an array shown to have a dimension, a NumPy array built right
  there (``np.array``, ``np.zeros``..., NumPy's random numbers given a size; not one that may be a 0-d
  integer array, ``np.array(k)`` of a number, which the legacy constructor read as a size:
  :func:`may_be_a_0d_integer`), or a name every binding of which is data (``ids = []``, an ``ids:
  list`` parameter); an existing array (a slice, ``x.reshape(1, -1)``: :func:`is_existing_array`) is
  data too, spelled ``torch.as_tensor`` so as to share memory where the legacy call did;
- a size when it provably is an int or a ``torch.Size`` (an int literal, ``x.size(i)``,
  ``x.shape[i]``, ``len(...)``, ``x.numel()``, an ``int`` parameter, a name every binding of which
  is a size, sums and products of those);
- unclear otherwise (a parameter, ``x.shape`` that may be a NumPy tuple, a call), and the caller
  reports instead of rewriting: ``torch.empty(ids)`` on a list would be a silent uninitialised tensor.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import libcst as cst
import libcst.matchers as m

from codemods.analysis.device_sites import DEVICE_NAME
from codemods.core.name_bindings import (
    SCOPES,
    binding_scope,
    bindings_in,
    bound_names,
    code_around,
    flatten_names,
)
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import code_of, kwarg, positional, with_kwarg
from codemods.core.torch_names import LEGACY_TENSOR_DTYPES, is_dtype_expr
from codemods.core.tree import Tree

_SIZE_CALLS = frozenset({"size", "numel", "dim", "nelement"})
_SIZE_BUILTINS = frozenset(
    {"len", "int", "torch.Size"}
)  # (`torch.Size(...)` as spelled: a size, whatever it holds)
_SIZE_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
_SEQUENCE_BUILTINS = frozenset({"range", "list", "tuple", "sorted"})
# NumPy functions that read an array from a file (a file of one number gives a 0-d array, as `np.array(3)`
# does, which a legacy constructor read as a size: see `may_be_a_0d_integer`).
LOADED_ARRAYS = frozenset(f"numpy.{name}" for name in "load loadtxt genfromtxt fromfile".split())
# NumPy calls that give a 0-d array for a number (`np.array(3)`, a file holding one number): where it is
# an integer one, the legacy constructor read it as a size (`torch.LongTensor(np.array(3))` is
# uninitialised memory of 3 elements, `torch.tensor` of it a 0-d tensor). `np.fromfile` is always 1-d.
_SCALAR_ARRAYS = frozenset(f"numpy.{name}" for name in "array asarray load loadtxt genfromtxt".split())
# The ones reading text, whose dtype is float unless given (the second positional argument or `dtype=`).
_TEXT_ARRAYS = frozenset({"numpy.loadtxt", "numpy.genfromtxt"})
# Floating dtypes as NumPy calls take them (a 0-d floating array is data to the legacy constructor).
NUMPY_FLOAT_DTYPES = frozenset(
    {"float", "numpy.float32", "numpy.float64", "numpy.float16", "numpy.single", "numpy.double"}
)
# NumPy functions that build an array (never a scalar): data for a legacy constructor.
_NUMPY_ARRAYS = LOADED_ARRAYS | frozenset(
    f"numpy.{name}"
    for name in (
        "array asarray zeros ones empty full arange linspace eye identity triu tril stack concatenate"
        " hstack vstack"
    ).split()
)
# NumPy's random functions return an array only when given a size (else one number, which a legacy
# constructor reads as a size): the position of `size` among their arguments (`rand(2, 3)`: any).
_NUMPY_RANDOM_SIZE = {
    "numpy.random.rand": 0,
    "numpy.random.randn": 0,
    "numpy.random.random": 0,
    "numpy.random.choice": 1,
    "numpy.random.randint": 2,
    "numpy.random.normal": 2,
    "numpy.random.uniform": 2,
}
# Methods whose result has at least one dimension (`reshape` when given one): a 0-d array, which a legacy
# constructor reads as a size, cannot come out of them.
_SHAPED_METHODS = frozenset({"reshape", "flatten", "ravel"})
_SIZE_ANNOTATIONS = frozenset({"int"})
# Annotations of Python sequences (data for a legacy constructor, and never an array sharing memory).
_DATA_ANNOTATIONS = frozenset({"list", "tuple", "range", "List", "Tuple", "Sequence", "typing.List"})
# The legacy constructor of the default dtype: no dtype of its own.
DEFAULT_DTYPE_CONSTRUCTOR = "torch.Tensor"


_LIST_METHODS = frozenset({"append", "extend", "insert"})


def legacy_dtype(qualified: str | None) -> str | None:
    """``torch.FloatTensor``/``torch.cuda.FloatTensor`` -> "float32"; None for anything else."""
    prefix, _, kind = (qualified or "").rpartition(".")
    if prefix in ("torch", "torch.cuda"):
        return LEGACY_TENSOR_DTYPES.get(kind)
    return None


def is_legacy_constructor(qualified: str | None) -> bool:
    """A typed legacy constructor, or ``torch.Tensor(...)`` (the default dtype's)."""
    return qualified == DEFAULT_DTYPE_CONSTRUCTOR or legacy_dtype(qualified) is not None


def is_size(node: cst.BaseExpression, int_names: frozenset[str] = frozenset()) -> bool:
    """Is ``node`` provably an int or a ``torch.Size`` (and so a size, never data)?

    ``x.shape`` alone is not: on a NumPy array it is a tuple, which a legacy constructor reads as data.
    """
    if isinstance(node, cst.Integer):
        return True
    if isinstance(node, cst.Name):
        return node.value in int_names
    if isinstance(node, cst.Subscript):
        index = node.slice[0].slice if len(node.slice) == 1 else None
        shape = isinstance(node.value, cst.Attribute) and node.value.attr.value == "shape"
        return isinstance(index, cst.Index) and (shape or is_size(node.value, int_names))
    if isinstance(node, cst.BinaryOperation):
        return (
            isinstance(node.operator, _SIZE_OPERATORS)
            and is_size(node.left, int_names)
            and is_size(node.right, int_names)
        )
    if isinstance(node, cst.Call):
        if dotted_name(node.func) in _SIZE_BUILTINS:
            return True
        return (
            isinstance(node.func, cst.Attribute)
            and node.func.attr.value in _SIZE_CALLS
            and len(node.args) <= 1
        )
    return False


def is_data(
    node: cst.BaseExpression,
    aliases: ImportAliases,
    data_names: frozenset[str] = frozenset(),
    int_names: frozenset[str] = frozenset(),
    *,
    scalar_arrays: bool = False,
) -> bool:
    """Is ``node`` provably a sequence or an array (data for a legacy constructor, never a size)?

    A NumPy array that may be a 0-d integer one (``np.array(k)``, ``np.load(path)``: see
    :func:`may_be_a_0d_integer`), which the legacy constructor read as a size, is not, unless
    ``scalar_arrays``: then it is read as data too, a likely reading only (for an unsafe fix).
    """
    if isinstance(node, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    if isinstance(node, cst.Name):
        return node.value in data_names
    if isinstance(node, cst.IfExp):  # `[a] if c else [b]`: data whichever branch runs
        branches = (node.body, node.orelse)
        return all(is_data(s, aliases, data_names, int_names, scalar_arrays=scalar_arrays) for s in branches)
    if isinstance(node, cst.BinaryOperation):
        sides = (node.left, node.right)
        if isinstance(node.operator, cst.Add):
            # `seq[1:] + [0] * n`: a list concatenated (a list), added to an array (an array), or an
            # error; never an int or a `torch.Size`, which refuses a list.
            return any(is_list_display(s) for s in sides) or all(
                is_data(s, aliases, data_names, int_names, scalar_arrays=scalar_arrays) for s in sides
            )
        if isinstance(node.operator, cst.Multiply):  # `[0] * n`: a list repeated (or an error)
            if any(isinstance(s, (cst.List, cst.Tuple, cst.ListComp)) for s in sides):
                return True
        if isinstance(node.operator, _ARRAY_ARITHMETIC) or (
            scalar_arrays and isinstance(node.operator, cst.MatrixMultiply)
        ):
            # `0.75 * np.random.normal(0, 1, (n, d))`, `(x - mean) / std` of an array: arithmetic with an
            # array gives an array (or an error); a list or a tuple refuses all of these but `*` (which
            # repeats it, above), and none of them makes a `torch.Size`. (`a @ b` of two 1-d arrays is
            # a number: a size to the legacy constructor where it is an integer.)
            return any(is_data(s, aliases, data_names, int_names, scalar_arrays=scalar_arrays) for s in sides)
        return False
    if isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute) and node.func.attr.value == "tolist":
            # A list of an array of at least one dimension, but a number of a 0-d one (`np.argmax(s)`,
            # `y.sum()`), which the legacy constructor read as a size where it is an integer.
            receiver = node.func.value
            return (
                scalar_arrays
                or is_data(receiver, aliases, data_names, int_names)
                or is_existing_array(receiver, aliases, data_names, int_names)
            )
        position = _NUMPY_RANDOM_SIZE.get(aliases.qualify(node.func) or "")
        if position is not None:  # an array only when given a size
            return kwarg(node, "size") is not None or len(positional(node)) > position
        qualified = aliases.qualify(node.func)
        if qualified == "numpy.reshape":  # `np.reshape(y, (-1, 1))`: shaped as its method is
            shape = positional(node)[1:2]
            return bool(shape) and gives_a_dimension(node.with_changes(args=shape))
        if qualified in _NUMPY_ARRAYS:
            return scalar_arrays or not may_be_a_0d_integer(node, aliases, data_names, int_names)
        return dotted_name(node.func) in _SEQUENCE_BUILTINS
    return False


_ARRAY_ARITHMETIC = (cst.Multiply, cst.Subtract, cst.Divide, cst.FloorDivide, cst.Power)


def may_be_a_0d_integer(
    call: cst.Call,
    aliases: ImportAliases,
    data_names: frozenset[str] = frozenset(),
    int_names: frozenset[str] = frozenset(),
) -> bool:
    """Might the NumPy call ``call`` give a 0-d integer array, which a legacy constructor read as a size?

    ``np.array(k)`` and ``np.asarray(k)`` of a number, ``np.load(path)`` and ``np.loadtxt(path, dtype=int)``
    of a file holding one number do. Not one given data of at least one dimension (``np.array([a, b])``,
    ``np.asarray(ids)`` of a list, ``np.array(rows[1:])`` of a slice), a dimension (``ndmin=1``) or a
    floating dtype (a 0-d floating array is data to the legacy constructor too), nor a text file read
    with the default dtype (float).
    """
    qualified = aliases.qualify(call.func)
    if qualified not in _SCALAR_ARRAYS:
        return False
    if any(arg.star for arg in call.args):
        return True  # `np.loadtxt(f, **options)`: a dtype (or `ndmin`) the call does not show
    ndmin = kwarg(call, "ndmin")
    if ndmin is not None and isinstance(ndmin.value, cst.Integer) and ndmin.value.evaluated_value > 0:
        return False
    given = positional(call)
    dtype = kwarg(call, "dtype") or (given[1] if len(given) > 1 and qualified != "numpy.load" else None)
    if dtype is not None:
        return not is_floating_dtype(dtype.value, aliases)
    if qualified in _TEXT_ARRAYS:
        return False
    if qualified == "numpy.load" or not given or given[0].star:
        return True
    first = given[0].value
    sliced = isinstance(first, cst.Subscript) and any(isinstance(e.slice, cst.Slice) for e in first.slice)
    return not (sliced or is_data(first, aliases, data_names, int_names))


def is_floating_dtype(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``np.float32``, ``float``, ``"float64"``: a floating dtype as NumPy takes it (``float`` only where
    it is the builtin: ``float = int`` makes ``np.loadtxt(f, dtype=float)`` an integer array)."""
    if isinstance(node, cst.SimpleString):
        return str(node.evaluated_value).startswith("float")
    return dtype_spelled(node, aliases) in NUMPY_FLOAT_DTYPES


def dtype_spelled(node: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    """What ``node`` names as a NumPy dtype: an import's qualified name (``numpy.float32``), or a builtin
    type's name (``float``) where no binding of the file rebinds it (:meth:`ImportAliases.is_builtin`)."""
    if isinstance(node, cst.Name) and aliases.is_builtin(node):
        return node.value
    return aliases.qualify(node)


def is_list_display(node: cst.BaseExpression) -> bool:
    """A list made right here: a display, a comprehension, or one repeated (``[0] * n``)."""
    if isinstance(node, (cst.List, cst.ListComp)):
        return True
    return (
        isinstance(node, cst.BinaryOperation)
        and isinstance(node.operator, cst.Multiply)
        and any(isinstance(side, (cst.List, cst.ListComp)) for side in (node.left, node.right))
    )


def is_existing_array(
    node: cst.BaseExpression,
    aliases: ImportAliases,
    data_names: frozenset[str] = frozenset(),
    int_names: frozenset[str] = frozenset(),
    tree: Tree | None = None,
) -> bool:
    """Is ``node`` an array or a tensor with at least one dimension that may share memory with one that
    exists (so data, never a size, but one that ``torch.tensor`` would copy where the legacy constructor
    aliased it): a slice (``target[i:i + n]``, not of a ``torch.Size``), an array indexed by an array or
    a list (``memory[ind]``), an index of several parts one of which is a slice (``x[:, j]``),
    ``x.reshape(1, -1)``, ``x.ravel()``, ``f(x).flatten()`` (not ``t.flatten()`` of a name: a 1-d
    tensor's is ``t`` itself, which ``torch.as_tensor`` would hand back where the legacy constructor made
    a new tensor). Given the ``tree``, not a slice of a name, an attribute or a call's result that may be
    a ``torch.Size`` (:func:`may_be_a_size_value`)."""
    if isinstance(node, cst.Subscript):
        if len(node.slice) > 1 and any(isinstance(e.slice, cst.Slice) for e in node.slice):
            # `features[i][:, j]`: an index of several parts, one a slice, is an array's or a tensor's
            # (a list, a tuple and a `torch.Size` refuse it), and the slice keeps a dimension.
            return True
        if _may_be_a_size(node.value, int_names) or (
            tree is not None and may_be_a_size_value(tree, node.value)
        ):
            return False  # a slice of a torch.Size is a torch.Size
        return any(
            isinstance(e.slice, cst.Slice)
            or (isinstance(e.slice, cst.Index) and is_data(e.slice.value, aliases, data_names, int_names))
            for e in node.slice
        )
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and aliases.qualify(node.func) is None
    ):
        method = node.func.attr.value
        if method == "flatten":  # a 1-d tensor's `t.flatten()` is `t` itself: of a call's result only
            return isinstance(node.func.value, cst.Call)
        if method in _SHAPED_METHODS:
            return method != "reshape" or gives_a_dimension(node)
    return False


def legacy_array_rewrite(
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    kinds: ArgumentKinds,
    device: cst.BaseExpression | None = None,
    tree: Tree | None = None,
) -> cst.Call | None:
    """``torch.FloatTensor(state[i:j])`` -> ``torch.as_tensor(state[i:j], dtype=torch.float32)`` (and
    ``device=``), where the one argument is an existing array (:func:`is_existing_array`): ``as_tensor``
    shares a NumPy array's memory where the legacy constructor did (same dtype, on the host) and copies
    where it copied; on a tensor of another dtype it converts where the legacy call raised."""
    dtype = legacy_dtype(qualified)
    if (dtype is None and qualified != DEFAULT_DTYPE_CONSTRUCTOR) or qualified.startswith("torch.cuda."):
        return None
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    value = call.args[0].value
    if not is_existing_array(value, aliases, kinds.data, kinds.sizes, tree):
        return None
    return as_tensor_of(value, qualified, aliases, device)


def may_hold_a_size(tree: Tree, name: cst.Name, depth: int = 0) -> bool:
    """Might ``name`` hold a ``torch.Size`` where it is read? So it may where a binding of it that the read
    may see (:func:`_bindings_seen`) is ``x.size()``, ``x.shape``, ``torch.Size(...)``, a slice of one,
    another such name or attribute, or a call that may return one (``dims, k = x.size(), 0``, ``(dims :=
    x.shape)``, ``x.shape if flag else None`` and ``dims = dims_of(x)`` included); where a parameter's
    default or a value the file hands it may be one (:func:`_parameter_may_hold_a_size`); where a loop or
    a comprehension takes it from a container that may hold one (``for s in [x.size() for x in xs]``,
    ``zip``, ``.items()``: :func:`_unpacked_item_may_be_a_size`); and where a binding whose value the code
    does not show (a parameter, a loop's target, an unpacked call) binds a name spelled for one
    (``dims``, ``shape``, ``out_size``). ``dims = x.size()`` makes ``dims[1:]`` a ``torch.Size``, which a
    legacy constructor reads as a size, not as an array."""
    bound = _bindings_seen(tree, name)
    if bound:
        return any(_binds_a_size(tree, binding, name.value, depth) for binding in bound)
    return _SIZE_SPELLED.match(name.value) is not None  # a builtin, a star import's: unshown


def _bindings_seen(tree: Tree, name: cst.Name) -> list[cst.CSTNode]:
    """The bindings of ``name`` that its read may see: those of the scope it reads it from, and those of
    every function that declares it ``global`` (of a module's name) or ``nonlocal`` (of a function's), which
    rebind it whenever they are called (``def setup(): global dims; dims = x.shape``)."""
    scope = binding_scope(tree, name, name.value)
    bound = bindings_in(tree, scope, name.value)
    # `global dims` where it is read: the module's bindings (`nonlocal dims`: the outer function's)
    for _ in range(5):
        declared = [b for b in bound if isinstance(b, (cst.Global, cst.Nonlocal))]
        if not declared:
            break
        outer = tree.root if isinstance(declared[0], cst.Global) else binding_scope(tree, scope, name.value)
        if outer is scope:
            break
        scope, bound = outer, bindings_in(tree, outer, name.value)
    declaration = cst.Global if scope is tree.root else cst.Nonlocal
    for declared_at in tree.of_type(scope, (cst.Global, cst.Nonlocal)):
        if not isinstance(declared_at, declaration) or all(
            i.name.value != name.value for i in declared_at.names
        ):
            continue
        writer = next((a for a in tree.ancestors(declared_at) if isinstance(a, SCOPES)), None)
        if writer is not None and writer is not scope:  # a function inside: its assignments rebind the name
            declarations = (cst.Global, cst.Nonlocal)
            bound = bound + [
                b for b in bindings_in(tree, writer, name.value) if not isinstance(b, declarations)
            ]
    return bound


# Names spelled for a shape or a size (`dims`, `shape`, `out_size`, `sz`), not for data.
_SIZE_SPELLED = re.compile(r"^(\w+_)?(size|sizes|shape|shapes|dims|dim|sz)(_\w+)?$", re.IGNORECASE)
# Containers spelled for several sizes (`sizes`, `self.out_shapes`): not `shape`, whose items are ints.
_SIZES_SPELLED = re.compile(r"^(\w+_)?(sizes|shapes)(_\w+)?$", re.IGNORECASE)


def _binds_a_size(tree: Tree, binding: cst.CSTNode, name: str, depth: int) -> bool:
    """Does ``binding`` (of ``name``) give it what may be a ``torch.Size``?"""
    assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else binding
    value: cst.BaseExpression | None = None
    if isinstance(assign, (cst.Assign, cst.AnnAssign)) and assign.value is not None:
        target = (
            binding.target
            if isinstance(binding, cst.AssignTarget)
            else assign.target
            if isinstance(assign, cst.AnnAssign)
            else None
        )
        value = _value_bound_to(target, assign.value, name) if target is not None else None
    elif isinstance(assign, cst.NamedExpr):
        value = assign.value
    elif isinstance(assign, (cst.FunctionDef, cst.ClassDef)):
        return False  # a function or a class, never a size
    if _SIZE_SPELLED.match(name) is not None and value is None:
        return True  # a parameter, a loop's target, an unpacked call spelled for a size
    if isinstance(assign, cst.Param):
        return _parameter_may_hold_a_size(tree, assign, depth)
    if isinstance(assign, (cst.For, cst.CompFor)):
        return _unpacked_item_may_be_a_size(tree, assign.target, assign.iter, name, depth)
    if value is None and isinstance(binding, cst.AssignTarget) and isinstance(assign, cst.Assign):
        # `first, s = found`: unpacked from a container, each name (not a starred one) one of its items
        starred = [e for e in tree.of_type(binding.target, cst.StarredElement)]
        if not any(name in flatten_names(e.value, keep_underscore=True) for e in starred):
            return _item_may_be_a_size(tree, assign.value, depth + 1)
    if value is None:  # a starred part, a `with` target...: its value is not shown
        return False
    return may_be_a_size_value(tree, value, depth)


def _parameter_may_hold_a_size(tree: Tree, param: cst.Param, depth: int) -> bool:
    """Might the parameter ``param`` hold a ``torch.Size``? What another module's callers give is not
    shown (its spelling decides, above), but some of its values are: its default (``def make(d=x.size())``,
    ``lambda d=x.shape: ...``), what the file's calls of it by name give it (``make(x.size())``), and for
    a lambda handed to ``map``/``filter``, the items of the iterables it is mapped over (``map(lambda s:
    ..., [x.size() for x in xs])``)."""
    if param.default is not None and may_be_a_size_value(tree, param.default, depth + 1):
        return True
    parameters = tree.parent(param)
    function = tree.parent(parameters) if parameters is not None else None
    if not isinstance(function, (cst.FunctionDef, cst.Lambda)) or param.star:
        return False
    if any(may_be_a_size_value(tree, given, depth + 1) for given in _arguments_given(tree, function, param)):
        return True  # `make(x.size())` of `def make(d)` or `make = lambda d: ...`
    if not isinstance(function, cst.Lambda):
        return False
    arg = tree.parent(function)
    call = tree.parent(arg) if isinstance(arg, cst.Arg) else None
    if not (isinstance(call, cst.Call) and call.args and call.args[0] is arg):
        return False
    mapped = dotted_name(call.func)
    if mapped not in ("map", "filter"):
        return False
    position = next((i for i, p in enumerate(function.params.params) if p is param), None)
    iterables = call.args[1:]
    if position is None or any(a.star or a.keyword for a in iterables):
        return bool(iterables)  # `map(f, *columns)`: which iterable feeds it, the code does not show
    if mapped == "filter":
        position = 0
    return position < len(iterables) and _item_may_be_a_size(tree, iterables[position].value, depth + 1)


def _arguments_given(
    tree: Tree, function: cst.FunctionDef | cst.Lambda, param: cst.Param
) -> list[cst.BaseExpression]:
    """What the file's calls of ``function`` by its name (``make(x.size())``, ``self.make(...)`` for a
    method, ``make = lambda d: ...`` then ``make(...)``) give ``param``, by position or keyword."""
    positional_params = [*function.params.posonly_params, *function.params.params]
    position = next((i for i, p in enumerate(positional_params) if p is param), None)
    if isinstance(function, cst.FunctionDef):
        name = function.name.value
        method = isinstance(tree.parent(tree.parent(function)), cst.ClassDef) and not any(
            dotted_name(d.decorator) == "staticmethod" for d in function.decorators
        )
    else:
        assign = tree.parent(function)
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
        ):
            return []
        name, method = assign.targets[0].target.value, False
    given: list[cst.BaseExpression] = []
    for call in tree.memo("legacy_constructors.calls_by_name", lambda: _calls_by_name(tree)).get(name, ()):
        if method != isinstance(call.func, cst.Attribute):
            continue
        offset = 1 if method else 0  # (the instance comes first: `self` is never handed a size here)
        for i, arg in enumerate(call.args):
            if arg.star:
                break  # `make(*sizes)`: which argument lands where, the call does not show
            if arg.keyword is not None:
                if arg.keyword.value == param.name.value:
                    given.append(arg.value)
            elif position is not None and i + offset == position:
                given.append(arg.value)
    return given


def _calls_by_name(tree: Tree) -> dict[str, list[cst.Call]]:
    """The file's calls of a plain name or of a method, by that name (``make(...)``, ``self.make(...)``)."""
    found: dict[str, list[cst.Call]] = {}
    for call in tree.of_type(tree.root, cst.Call):
        func = call.func
        called = (
            func.value
            if isinstance(func, cst.Name)
            else func.attr.value
            if isinstance(func, cst.Attribute)
            else None
        )
        if called is not None:
            found.setdefault(called, []).append(call)
    return found


# Builtins whose items are the items of their first argument (`sorted(sizes)`, `reversed(sizes)`).
_SAME_ITEMS = frozenset({"list", "tuple", "set", "sorted", "reversed", "iter", "frozenset"})


def _unpacked_item_may_be_a_size(
    tree: Tree, target: cst.BaseExpression, iterable: cst.BaseExpression, name: str, depth: int
) -> bool:
    """Might the loop (or comprehension) ``for target in iterable`` bind ``name`` to a ``torch.Size``?
    Unpacked, the part of each item ``name`` takes: of ``zip(a, b)`` an item of ``a`` or ``b``, of
    ``enumerate(a)`` an item of ``a``, of ``d.items()`` a value of ``d``. Where the code does not show
    which part, any item that may be a ``torch.Size`` is a likely source."""
    if isinstance(target, cst.Name):
        return _item_may_be_a_size(tree, iterable, depth)
    if not isinstance(target, (cst.Tuple, cst.List)):
        return False  # `for self.s in ...`: an attribute, not ``name``
    position = next(
        (i for i, e in enumerate(target.elements) if name in flatten_names(e.value, keep_underscore=True)),
        None,
    )
    if position is None or depth > 5:
        return False
    part = target.elements[position]
    starred = any(isinstance(e, cst.StarredElement) for e in target.elements)
    if isinstance(iterable, cst.Call) and not starred:
        spelled = dotted_name(iterable.func)
        given = [a.value for a in iterable.args if not a.keyword]
        if spelled == "zip" and not any(a.star for a in iterable.args):
            return position < len(given) and _unpacked_item_may_be_a_size(
                tree, part.value, given[position], name, depth + 1
            )
        if spelled == "enumerate" and given:
            return position == 1 and _unpacked_item_may_be_a_size(tree, part.value, given[0], name, depth + 1)
        if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "items":
            owner = iterable.func.value
            if position == 0:
                return _item_may_be_a_size(tree, owner, depth + 1)  # a key (a `torch.Size` is hashable)
            return _values_may_be_a_size(tree, owner, name, depth + 1)
    # `for k, s in [(k, t.size()) ...]`: a part of an item holding one (or of an item that may be one)
    return _items_hold_sizes(tree, iterable, depth + 1) or _item_may_be_a_size(tree, iterable, depth)


def _item_may_be_a_size(
    tree: Tree, iterable: cst.BaseExpression, depth: int, *, indexed: bool = False
) -> bool:
    """Might an item of ``iterable`` be a ``torch.Size``? So it may where the code shows one among them: a
    display or a comprehension of what may be one (``[x.size() for x in xs]``), ``map`` of a function
    or lambda that may return one, ``sorted(...)`` and the like of such, ``d.values()`` of a dictionary
    holding one; a name bound to any of those, or appended one (``sizes.append(x.shape)``); and where
    the code does not show them, a name or attribute spelled for sizes (``sizes``, ``self.shapes``).
    ``indexed``: an item taken by its index or key (``sizes[0]``), a dictionary's value, not its key."""
    if depth > 5:
        return False
    if indexed and isinstance(iterable, cst.DictComp):
        return may_be_a_size_value(tree, iterable.value, depth + 1)
    if indexed and isinstance(iterable, cst.Dict):
        return _values_may_be_a_size(tree, iterable, None, depth + 1)
    if isinstance(iterable, (cst.List, cst.Tuple, cst.Set)):
        return any(
            _item_may_be_a_size(tree, e.value, depth + 1)
            if isinstance(e, cst.StarredElement)
            else may_be_a_size_value(tree, e.value, depth + 1)
            for e in iterable.elements
        )
    if isinstance(iterable, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
        return may_be_a_size_value(tree, iterable.elt, depth + 1)
    if isinstance(iterable, cst.DictComp):
        return may_be_a_size_value(tree, iterable.key, depth + 1)
    if isinstance(iterable, cst.Dict):
        return any(
            isinstance(e, cst.DictElement) and may_be_a_size_value(tree, e.key, depth + 1)
            for e in iterable.elements
        )
    if isinstance(iterable, cst.IfExp):
        return _item_may_be_a_size(tree, iterable.body, depth + 1, indexed=indexed) or _item_may_be_a_size(
            tree, iterable.orelse, depth + 1, indexed=indexed
        )
    if isinstance(iterable, cst.Attribute):
        return _attribute_may_hold_sizes(tree, iterable.attr.value, depth + 1, indexed=indexed)
    if isinstance(iterable, cst.Name):
        return _name_may_hold_sizes(tree, iterable, depth + 1, indexed=indexed)
    if not isinstance(iterable, cst.Call):
        return False
    spelled = dotted_name(iterable.func)
    given = [a for a in iterable.args if not a.keyword]
    if spelled in _SAME_ITEMS and given:
        return _item_may_be_a_size(tree, given[0].value, depth + 1)
    if spelled == "filter" and len(given) == 2:
        return _item_may_be_a_size(tree, given[1].value, depth + 1)
    if spelled == "map" and given:
        mapped = given[0].value
        if isinstance(mapped, cst.Lambda):
            return may_be_a_size_value(tree, mapped.body, depth + 1)
        if isinstance(mapped, cst.Attribute):  # `map(torch.Size, rows)`, `map(torch.Tensor.size, xs)`
            return mapped.attr.value in ("Size", "size")
        return isinstance(mapped, cst.Name) and _may_call_a_size(tree, mapped, depth + 1)
    if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "values":
        return _values_may_be_a_size(tree, iterable.func.value, None, depth + 1)
    if isinstance(iterable.func, cst.Attribute) and iterable.func.attr.value == "keys":
        return _item_may_be_a_size(tree, iterable.func.value, depth + 1)
    return any(_function_may_give_sizes(tree, f, depth + 1) for f in _functions_called(tree, iterable))


def _functions_called(tree: Tree, call: cst.Call) -> list[cst.FunctionDef]:
    """The functions of the file ``call`` may call: the ``def`` a plain name is bound to where it is read,
    or, for a method (``self.sizes_of(x)``), every function of the file of that name."""
    if isinstance(call.func, cst.Name):
        return [b for b in _bindings_seen(tree, call.func) if isinstance(b, cst.FunctionDef)]
    if isinstance(call.func, cst.Attribute):
        name = call.func.attr.value
        return [f for f in tree.of_type(tree.root, cst.FunctionDef) if f.name.value == name]
    return []


def _function_may_give_sizes(tree: Tree, function: cst.FunctionDef, depth: int) -> bool:
    """Might iterating what ``function`` gives yield a ``torch.Size``: an item of what one of its own
    ``return`` statements gives (``return [x.size() for x in xs]``), or, for a generator, what one of its
    ``yield`` statements gives (``yield x.shape``; ``yield from`` the items of a container)?"""
    for node in tree.of_type(function.body, (cst.Return, cst.Yield)):
        owner = next((a for a in tree.ancestors(node) if isinstance(a, SCOPES)), None)
        if owner is not function or node.value is None:
            continue
        if isinstance(node, cst.Return) and _item_may_be_a_size(tree, node.value, depth):
            return True
        if isinstance(node, cst.Yield):
            if isinstance(node.value, cst.From):
                if _item_may_be_a_size(tree, node.value.item, depth):
                    return True
            elif may_be_a_size_value(tree, node.value, depth):
                return True
    return False


def _name_may_hold_sizes(tree: Tree, name: cst.Name, depth: int, *, indexed: bool = False) -> bool:
    """Might ``name``, iterated, give a ``torch.Size``: a binding of it seen where it is read holds one
    among its items (:func:`_item_may_be_a_size`), or is not shown and spelled for sizes, or the file
    appends one to a list of that name (``sizes.append(x.size())``, ``.insert``, ``.extend``)?
    ``indexed``: as :func:`_item_may_be_a_size`."""
    if _SIZES_SPELLED.match(name.value):
        return True
    for binding in _bindings_seen(tree, name):
        assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else binding
        values: list[cst.BaseExpression] = []
        if isinstance(assign, (cst.Assign, cst.AnnAssign)) and isinstance(binding, cst.AssignTarget):
            bound = _value_bound_to(binding.target, assign.value, name.value) if assign.value else None
            values = [bound] if bound is not None else []
            starred = tree.of_type(binding.target, cst.StarredElement)
            if (
                bound is None
                and assign.value is not None
                and any(name.value in flatten_names(e.value, keep_underscore=True) for e in starred)
            ):
                values = [assign.value]  # `first, *rest = found`: `rest` holds items of `found`
        elif isinstance(assign, (cst.AnnAssign, cst.NamedExpr)) and assign.value is not None:
            values = [assign.value]
        elif isinstance(assign, cst.Param):  # `def f(group=[x.size()])`, `f([x.size()])`
            values = [*([assign.default] if assign.default else []), *_parameters_given(tree, assign)]
        elif isinstance(assign, (cst.For, cst.CompFor)) and isinstance(assign.target, cst.Name):
            # `for group in [[x.size()]]: for s in group`: an item of an item of that loop's container
            if _items_hold_sizes(tree, assign.iter, depth + 1):
                return True
        if any(_item_may_be_a_size(tree, value, depth, indexed=indexed) for value in values):
            return True
    added = tree.memo("legacy_constructors.list_additions", lambda: _list_additions(tree))
    return any(
        _item_may_be_a_size(tree, value, depth) if extends else may_be_a_size_value(tree, value, depth)
        for value, extends in added.get(name.value, ())
    )


def _parameters_given(tree: Tree, param: cst.Param) -> list[cst.BaseExpression]:
    """What the file's calls of the function or lambda ``param`` is of hand it (:func:`_arguments_given`)."""
    parameters = tree.parent(param)
    function = tree.parent(parameters) if parameters is not None else None
    if not isinstance(function, (cst.FunctionDef, cst.Lambda)) or param.star:
        return []
    return _arguments_given(tree, function, param)


def _items_hold_sizes(tree: Tree, iterable: cst.BaseExpression, depth: int) -> bool:
    """Might an item of ``iterable`` be a container holding a ``torch.Size`` among its items: a display or
    a comprehension of such containers (``[[x.size()], [y.size()]]``, ``[[t.shape for t in g] for g in
    gs]``, ``[(k, t.size()) for ...]``), ``zip`` of containers of sizes (each item a tuple of sizes), a
    name bound to one of those or appended one (``pairs.append((k, x.shape))``)?"""
    if depth > 5:
        return False
    if isinstance(iterable, (cst.List, cst.Tuple, cst.Set)):
        return any(_item_may_be_a_size(tree, e.value, depth + 1) for e in iterable.elements)
    if isinstance(iterable, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
        return _item_may_be_a_size(tree, iterable.elt, depth + 1)
    if isinstance(iterable, cst.Call) and dotted_name(iterable.func) == "zip":
        return any(_item_may_be_a_size(tree, a.value, depth + 1) for a in iterable.args)
    if isinstance(iterable, cst.Name):
        for binding in _bindings_seen(tree, iterable):
            assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
            if isinstance(assign, cst.Assign) and isinstance(binding, cst.AssignTarget):
                bound = _value_bound_to(binding.target, assign.value, iterable.value)
                if bound is not None and _items_hold_sizes(tree, bound, depth + 1):
                    return True
        # `pairs.append((k, x.size()))`: an item added that holds one
        added = tree.memo("legacy_constructors.list_additions", lambda: _list_additions(tree))
        return any(
            _items_hold_sizes(tree, value, depth + 1)
            if extends
            else _item_may_be_a_size(tree, value, depth + 1)
            for value, extends in added.get(iterable.value, ())
        )
    return False


def _attribute_may_hold_sizes(tree: Tree, attribute: str, depth: int, *, indexed: bool = False) -> bool:
    """Might an attribute named ``attribute`` (of any object) hold ``torch.Size`` items: spelled for sizes
    (``self.shapes``), set by the file to a container that may hold one (``self.found = [x.size() for x
    in xs]``), or appended one (``self.found.append(x.shape)``)? ``indexed``: as
    :func:`_item_may_be_a_size`."""
    if _SIZES_SPELLED.match(attribute):
        return True
    values = tree.memo(
        ("legacy_constructors.attribute_values", attribute), lambda: _attribute_values(tree, attribute)
    )
    if any(v is not None and _item_may_be_a_size(tree, v, depth, indexed=indexed) for v in values):
        return True
    added = tree.memo("legacy_constructors.list_additions", lambda: _list_additions(tree))
    return any(
        _item_may_be_a_size(tree, value, depth) if extends else may_be_a_size_value(tree, value, depth)
        for value, extends in added.get("." + attribute, ())
    )


def _values_may_be_a_size(tree: Tree, mapping: cst.BaseExpression, name: str | None, depth: int) -> bool:
    """Might a value of the dictionary ``mapping`` be a ``torch.Size``: one its display or comprehension
    shows (``{k: v.shape for k, v in xs.items()}``), through a name bound to one, or a name or attribute
    spelled for sizes (``shapes``); else ``name`` (what the values are bound to) spelled for one."""
    if depth > 5:
        return False
    if isinstance(mapping, cst.DictComp):
        return may_be_a_size_value(tree, mapping.value, depth + 1)
    if isinstance(mapping, cst.Dict):
        return any(
            may_be_a_size_value(tree, e.value, depth + 1)
            if isinstance(e, cst.DictElement)
            else _values_may_be_a_size(tree, e.value, name, depth + 1)
            for e in mapping.elements
        )
    spelled = mapping.attr.value if isinstance(mapping, cst.Attribute) else None
    if isinstance(mapping, cst.Name):
        spelled = mapping.value
        for binding in _bindings_seen(tree, mapping):
            assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else binding
            if isinstance(assign, cst.Assign) and isinstance(binding, cst.AssignTarget):
                value = _value_bound_to(binding.target, assign.value, mapping.value)
                if value is not None and _values_may_be_a_size(tree, value, name, depth + 1):
                    return True
    return (spelled is not None and _SIZES_SPELLED.match(spelled) is not None) or (
        name is not None and _SIZE_SPELLED.match(name) is not None
    )


def _list_additions(tree: Tree) -> dict[str, list[tuple[cst.BaseExpression, bool]]]:
    """What the file adds to lists by name: ``sizes.append(v)`` and ``sizes.insert(i, v)`` give ``(v,
    False)``, ``sizes.extend(vs)`` ``(vs, True)`` (its items are added); to an attribute's list
    (``self.found.append(v)``), under its name after a dot (``.found``)."""
    found: dict[str, list[tuple[cst.BaseExpression, bool]]] = {}
    for call in tree.of_type(tree.root, cst.Call):
        func = call.func
        if not isinstance(func, cst.Attribute):
            continue
        owner = func.value
        key = (
            owner.value
            if isinstance(owner, cst.Name)
            else "." + owner.attr.value
            if isinstance(owner, cst.Attribute)
            else None
        )
        if key is None:
            continue
        method, given = func.attr.value, [a.value for a in call.args if not a.keyword and not a.star]
        if method in ("append", "extend") and len(given) == 1:
            found.setdefault(key, []).append((given[0], method == "extend"))
        elif method == "insert" and len(given) == 2:
            found.setdefault(key, []).append((given[1], False))
    return found


def _value_bound_to(
    target: cst.BaseExpression, value: cst.BaseExpression, name: str, *, attribute: bool = False
) -> cst.BaseExpression | None:
    """The part of ``value`` that ``target`` binds to ``name`` (``dims, k = x.size(), 0``: ``x.size()``), or
    with ``attribute`` to an attribute of that name (``s.dims = x.size()``); None where the code does not
    show it (an unpacked call)."""
    if (isinstance(target, cst.Name) and not attribute) or (isinstance(target, cst.Attribute) and attribute):
        bound = target.attr if isinstance(target, cst.Attribute) else target
        return value if bound.value == name else None
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
        if len(target.elements) != len(value.elements) or any(
            isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)
        ):
            return None
        for part, part_value in zip(target.elements, value.elements):
            found = _value_bound_to(part.value, part_value.value, name, attribute=attribute)
            if found is not None:
                return found
    return None


def may_be_a_size_value(tree: Tree, value: cst.BaseExpression, depth: int = 0) -> bool:
    """Might ``value`` be a ``torch.Size``? ``x.size()``, ``x.shape``, ``torch.Size(...)`` or a slice of
    one; an item of a container that may hold one (``sizes[0]``: :func:`_item_may_be_a_size`); a name
    that may hold one (:func:`may_hold_a_size`); an attribute an assignment of the file may
    set to one, or spelled for one (``s.dims = x.size()``); a call that may return one: of a method of
    size bound to a name (``sz = x.size`` then ``sz()``), or of a function or method of the file a return
    of which may be one (``def dims_of(x): return x.size()``)."""
    while isinstance(value, cst.Subscript) and all(isinstance(e.slice, cst.Slice) for e in value.slice):
        value = value.value  # `x.size()[1:]`: a slice of a `torch.Size` is one
    if depth > 5:
        return False
    if (
        isinstance(value, cst.Subscript)
        and len(value.slice) == 1
        and isinstance(value.slice[0].slice, cst.Index)
    ):
        # `sizes[0]`, `shapes["a"]`: an item of a container that may hold one (not of a `torch.Size`: an int)
        return _item_may_be_a_size(tree, value.value, depth + 1, indexed=True)
    if isinstance(value, cst.IfExp):
        return may_be_a_size_value(tree, value.body, depth) or may_be_a_size_value(tree, value.orelse, depth)
    if isinstance(value, cst.Name):
        return may_hold_a_size(tree, value, depth + 1)
    if isinstance(value, cst.Call) and dotted_name(value.func) == "getattr" and len(value.args) > 1:
        attribute = value.args[1].value  # `getattr(x, "shape")`
        return isinstance(attribute, cst.SimpleString) and str(attribute.evaluated_value) in ("shape", "size")
    spelled = dotted_name(value.func) if isinstance(value, cst.Call) else None
    if _a_torch_size(value) or (spelled or "").endswith("Size"):
        return True
    if isinstance(value, cst.Attribute):
        return _attribute_may_hold_a_size(tree, value.attr.value, depth + 1)
    if not isinstance(value, cst.Call):
        return False
    given = [a.value for a in value.args if not a.keyword and not a.star]
    if spelled == "next" and given:  # `next(iter(sizes))`: an item
        return _item_may_be_a_size(tree, given[0], depth + 1)
    if isinstance(value.func, cst.Attribute) and value.func.attr.value in _ITEM_METHODS:
        # `sizes.pop()`, `shapes.get("a")`: an item of the container (a dictionary's value)
        if _item_may_be_a_size(tree, value.func.value, depth + 1, indexed=True):
            return True
    return _may_return_a_size(tree, value, depth + 1)


# Methods of a list, a deque or a dictionary that give one of its items (a dictionary's values).
_ITEM_METHODS = frozenset({"pop", "popleft", "get", "setdefault"})


def _attribute_may_hold_a_size(tree: Tree, attribute: str, depth: int) -> bool:
    """Might an attribute named ``attribute`` (of any object: which object an assignment sets, the code
    does not always show) hold a ``torch.Size``? So it may where it is spelled for one (``s.dims``), or
    where an assignment of the file (``s.dims = x.size()``, ``setattr(s, "feat", x.shape)``) sets one of
    that name to what may be one."""
    if _SIZE_SPELLED.match(attribute):
        return True
    values = tree.memo(
        ("legacy_constructors.attribute_values", attribute), lambda: _attribute_values(tree, attribute)
    )
    return any(value is not None and may_be_a_size_value(tree, value, depth) for value in values)


def _attribute_values(tree: Tree, attribute: str) -> list[cst.BaseExpression | None]:
    """The values the file assigns to attributes named ``attribute`` (None for one it does not show: an
    unpacked call, a loop's target)."""
    values: list[cst.BaseExpression | None] = []
    for node in tree.of_type(tree.root, (cst.Assign, cst.AnnAssign, cst.For, cst.Call)):
        if isinstance(node, cst.Call):  # `setattr(s, "dims", value)`
            if dotted_name(node.func) == "setattr" and len(node.args) == 3:
                key = node.args[1].value
                if isinstance(key, cst.SimpleString) and key.evaluated_value == attribute:
                    values.append(node.args[2].value)
            continue
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        for target in targets:
            if not any(a.attr.value == attribute for a in tree.of_type(target, cst.Attribute)):
                continue
            shown = node.value if isinstance(node, (cst.Assign, cst.AnnAssign)) else None
            values.append(
                _value_bound_to(target, shown, attribute, attribute=True) if shown is not None else None
            )
    return values


def _may_return_a_size(tree: Tree, call: cst.Call, depth: int) -> bool:
    """Might ``call`` return a ``torch.Size``? A call of a method of size (``x.size()``), of a name that may
    stand for one (:func:`_may_call_a_size`), or of a method (``self.dims_of(x)``) where a function of the
    file of that name may return one."""
    func = call.func
    if isinstance(func, cst.Name):
        return _may_call_a_size(tree, func, depth)
    if not isinstance(func, cst.Attribute):
        return False
    if func.attr.value == "size":
        return True
    functions = [f for f in tree.of_type(tree.root, cst.FunctionDef) if f.name.value == func.attr.value]
    return any(_function_may_return_a_size(tree, f, depth) for f in functions)


def _may_call_a_size(tree: Tree, name: cst.Name, depth: int) -> bool:
    """Might calling ``name`` give a ``torch.Size``? So it may where a binding of it the call may see is a
    method of size (``sz = x.size``, ``getattr(x, "size")``), a function of the file or a lambda that may
    return one, or another such name (``f = dims_of``)."""
    for binding in _bindings_seen(tree, name):
        if isinstance(binding, cst.FunctionDef):
            if _function_may_return_a_size(tree, binding, depth):
                return True
            continue
        assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else binding
        value = assign.value if isinstance(assign, (cst.Assign, cst.AnnAssign, cst.NamedExpr)) else None
        if isinstance(value, cst.Lambda):
            if may_be_a_size_value(tree, value.body, depth):
                return True
        elif isinstance(value, cst.Attribute):  # `sz = x.size`: a bound method of size
            if value.attr.value == "size":
                return True
        elif isinstance(value, cst.Call) and dotted_name(value.func) == "getattr" and len(value.args) > 1:
            key = value.args[1].value  # `sz = getattr(x, "size")`
            if isinstance(key, cst.SimpleString) and key.evaluated_value == "size":
                return True
        elif isinstance(value, cst.Name) and depth < 5:  # `f = dims_of`
            if _may_call_a_size(tree, value, depth + 1):
                return True
    return False


def _function_may_return_a_size(tree: Tree, function: cst.FunctionDef, depth: int) -> bool:
    """Might a ``return`` of ``function`` itself (not of a function inside it) give a ``torch.Size``?"""
    for returned in tree.of_type(function.body, cst.Return):
        owner = next((a for a in tree.ancestors(returned) if isinstance(a, SCOPES)), None)
        if (
            owner is function
            and returned.value is not None
            and may_be_a_size_value(tree, returned.value, depth)
        ):
            return True
    return False


def as_tensor_of(
    value: cst.BaseExpression,
    qualified: str,
    aliases: ImportAliases,
    device: cst.BaseExpression | None = None,
) -> cst.Call | None:
    """``torch.as_tensor(value, dtype=...)`` (and ``device=``) making the dtype of the legacy type
    ``qualified`` (``torch.Tensor``: the default dtype); None for a type with no dtype of its own."""
    dtype = legacy_dtype(qualified)
    if dtype is None and qualified != DEFAULT_DTYPE_CONSTRUCTOR:
        return None
    dtype_expr: cst.BaseExpression = (
        aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}")
        if dtype is not None
        else cst.Call(func=aliases.expr_for("torch.get_default_dtype", "torch.get_default_dtype"))
    )
    fixed = with_kwarg(
        cst.Call(func=aliases.expr_for("torch.as_tensor", "torch.as_tensor"), args=[cst.Arg(value)]),
        "dtype",
        dtype_expr,
    )
    return with_kwarg(fixed, "device", device) if device is not None else fixed


def _may_be_a_size(node: cst.BaseExpression, int_names: frozenset[str]) -> bool:
    """``x.shape``, ``x.size()``, ``sizes``: a slice of a ``torch.Size`` is a ``torch.Size``, a size."""
    if is_size(node, int_names):
        return True
    spelled = (dotted_name(node.func if isinstance(node, cst.Call) else node) or "").lower()
    return not spelled or "shape" in spelled or "size" in spelled


def gives_a_dimension(reshape: cst.Call) -> bool:
    """``x.reshape(1, -1)``, ``x.reshape(-1)``, ``x.reshape((n, m))``: not ``x.reshape(())``."""
    args = positional(reshape)
    if not args or args[0].star or len(reshape.args) != len(args):
        return False
    first = args[0].value
    return (
        len(args) > 1
        or isinstance(first, (cst.Integer, cst.UnaryOperation))
        or (isinstance(first, (cst.Tuple, cst.List)) and bool(first.elements))
    )


_BINDING_NODES = (
    cst.Assign,
    cst.AnnAssign,
    cst.AugAssign,
    cst.For,
    cst.CompFor,
    cst.AsName,
    cst.NamedExpr,
    cst.MatchAs,
    cst.MatchStar,
    cst.MatchMapping,
)
# The scopes nested in a function whose own names are not the function's (a comprehension's variables
# are counted as the function's: unknown values, which only make a name's reading less sure).
_NESTED_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


class ArgumentKinds(NamedTuple):
    """What names hold where a legacy constructor runs (:func:`argument_kinds`)."""

    sizes: frozenset[str]  # an int or a `torch.Size`
    data: frozenset[str]  # a sequence or an array (lists included)
    lists: frozenset[str]  # of data, a Python list or tuple: no memory a tensor could share


NO_ARGUMENT_KINDS = ArgumentKinds(frozenset(), frozenset(), frozenset())


def argument_kinds(tree: Tree, call: cst.Call, aliases: ImportAliases) -> ArgumentKinds:
    """The names that, where ``call`` is, provably hold a size and those that provably hold data (and of
    those, the Python sequences): every binding of the name in the enclosing function (parameter
    annotations included) says so."""
    function = code_around(tree, call)
    if not isinstance(function, cst.FunctionDef):
        return NO_ARGUMENT_KINDS
    bindings: dict[str, list[cst.BaseExpression | str | None]] = {}
    params = function.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        annotation = code_of(param.annotation.annotation) if param.annotation else ""
        head = annotation.split("[", 1)[0]
        kind = "size" if head in _SIZE_ANNOTATIONS else "list" if head in _DATA_ANNOTATIONS else None
        bindings[param.name.value] = [kind]
    # The binding nodes from the index, not a type test of every node of the body: DEV009 and DEV010
    # ask this of each legacy constructor and creation, and most nodes bind nothing.
    nested = tree.of_type(function.body, _NESTED_SCOPES)
    for node in tree.of_type(function.body, _BINDING_NODES):
        if nested and any(tree.inside(node, scope) for scope in nested):
            continue  # `def make(ids, n): ids = ...` inside: another function's `ids`
        if isinstance(node, (cst.MatchAs, cst.MatchStar, cst.MatchMapping)):
            for captured in bound_names(node):
                bindings.setdefault(captured, []).append(None)
        elif isinstance(node, cst.Assign):
            for assigned in node.targets:
                _bind(bindings, assigned.target, node.value)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            _bind(bindings, node.target, node.value)
        elif isinstance(node, (cst.For, cst.CompFor, cst.AsName, cst.NamedExpr)):
            target = node.name if isinstance(node, cst.AsName) else node.target
            for bound in tree.of_type(target, cst.Name):
                bindings.setdefault(bound.value, []).append(None)
    reaching = _reaching_values(tree, call)
    if reaching is not None:  # what the call's own argument may hold where it runs
        bindings[reaching[0]] = list(reaching[1])
    # A nested function that declares a name `nonlocal` may rebind it whenever it is called: any value.
    for declared in tree.of_type(function.body, cst.Nonlocal):
        for item in declared.names:
            bindings.setdefault(item.name.value, []).append(None)
    sizes: set[str] = set()
    data: set[str] = set()
    lists: set[str] = set()
    for _ in range(3):  # names defined from other names: `n = len(a)`, `m = n * 2`
        for name, values in bindings.items():
            kinds = {_kind(v, aliases, frozenset(data), frozenset(sizes), frozenset(lists)) for v in values}
            if kinds == {"size"}:
                sizes.add(name)
            elif kinds and kinds <= {"data", "list"}:
                data.add(name)
                if kinds == {"list"}:
                    lists.add(name)
    unknown_once = {name for name, values in bindings.items() if len(values) == 1} - sizes - data
    shown_sizes, shown_lists = _kinds_shown_by_use(tree, function, aliases)
    return ArgumentKinds(
        frozenset(sizes | (shown_sizes - shown_lists) & unknown_once),
        frozenset(data | (shown_lists - shown_sizes) & unknown_once),
        frozenset(lists | (shown_lists - shown_sizes) & unknown_once),
    )


def _reaching_values(tree: Tree, call: cst.Call) -> tuple[str, list[cst.BaseExpression]] | None:
    """``x = Variable(torch.LongTensor(x))`` where an earlier statement of the same block binds ``x``
    (``x = [w for w in ...]``): the values ``x`` may hold there, read from that statement on. Every
    path to the call passes the last such statement (in a loop too), so bindings elsewhere in the
    function (``x = x.cuda()`` after it) cannot reach it. None for any other shape."""
    assign = tree.parent(call)
    while assign is not None and not isinstance(assign, (cst.Assign, cst.BaseSuite, cst.Module)):
        assign = tree.parent(assign)
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1 or not positional(call):
        return None
    name = positional(call)[0].value
    line = tree.parent(assign)
    block = tree.parent(line)
    if not isinstance(name, cst.Name) or not isinstance(block, (cst.IndentedBlock, cst.Module)):
        return None
    body = list(block.body)
    index = next((i for i, statement in enumerate(body) if statement is line), None)
    if index is None:
        return None
    start = next(
        (i for i in range(index - 1, -1, -1) if _line_binds(body[i], name.value)),
        None,
    )
    if start is None:
        return None
    if binding_scope(tree, call, name.value) is not binding_scope(tree, assign, name.value):
        return None  # `[torch.FloatTensor(x) for x in xs]`: the comprehension's own `x`
    values: list[cst.BaseExpression] = []
    for statement in body[start:index]:
        for node in tree.descendants(statement):
            if isinstance(node, cst.Assign) and any(
                name.value in {n.value for n in tree.of_type(t.target, cst.Name)} for t in node.targets
            ):
                if not binds_name(node, name.value):
                    return None  # unpacked or indexed: not read here
                values.append(node.value)
            elif isinstance(node, (cst.AugAssign, cst.For, cst.CompFor, cst.AsName, cst.NamedExpr)):
                target = node.name if isinstance(node, cst.AsName) else node.target
                if name.value in {n.value for n in tree.of_type(target, cst.Name)}:
                    return None
    return name.value, values


def _line_binds(statement: cst.BaseStatement, name: str) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(binds_name(s, name) for s in statement.body)


def binds_name(node: cst.CSTNode, name: str) -> bool:
    """``name = ...``: ``m.Assign(targets=[m.AssignTarget(m.Name(name))])`` as type tests, asked of every
    statement before a legacy constructor (``tests/test_codemods/test_fast_matchers.py`` checks the two
    agree)."""
    if type(node) is not cst.Assign or len(node.targets) != 1:
        return False
    target = node.targets[0].target
    return type(target) is cst.Name and target.value == name


def _kinds_shown_by_use(
    tree: Tree, function: cst.FunctionDef, aliases: ImportAliases
) -> tuple[set[str], set[str]]:
    """Names whose use shows what they hold, whatever they were bound to: one of several dimensions
    of a legacy constructor (`torch.FloatTensor(out, d)`: anything but an int raises), or a list
    that is appended to (`ids.append(eos)`: an int or a torch.Size has no `append`). Only a name
    bound once in the function is read this way, so the use and the constructor see the same value."""
    sizes: set[str] = set()
    lists: set[str] = set()

    def functions(call: cst.Call, name: str) -> bool:
        """Is ``name`` read at ``call`` ``function``'s own (not a nested function's parameter)?"""
        return binding_scope(tree, call, name) is function

    for call in tree.of_type(function.body, cst.Call):
        func = call.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in _LIST_METHODS
            and isinstance(func.value, cst.Name)
            and functions(call, func.value.value)
        ):
            lists.add(func.value.value)
        elif len(call.args) > 1 and is_legacy_constructor(aliases.qualify(func)):
            sizes.update(
                a.value.value
                for a in call.args
                if isinstance(a.value, cst.Name)
                and not a.star
                and a.keyword is None
                and functions(call, a.value.value)
            )
    return sizes, lists


def _bind(bindings: dict, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
    if isinstance(target, cst.Name):
        bindings.setdefault(target.value, []).append(value)
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            _bind(bindings, element.value, None)  # unpacked: unknown
    elif isinstance(target, cst.StarredElement):
        _bind(bindings, target.value, None)


def _kind(
    value: cst.BaseExpression | str | None,
    aliases: ImportAliases,
    data: frozenset[str],
    sizes: frozenset[str],
    lists: frozenset[str],
) -> str | None:
    if value is None or isinstance(value, str):
        return value
    if is_size(value, sizes):
        return "size"
    if not is_data(value, aliases, data, sizes):
        return None
    return "list" if is_python_sequence(value, lists) else "data"


def legacy_constructor_rewrite(
    call: cst.Call,
    qualified: str,
    aliases: ImportAliases,
    int_names: frozenset[str] = frozenset(),
    device: cst.BaseExpression | None = None,
    data_names: frozenset[str] = frozenset(),
    list_names: frozenset[str] = frozenset(),
    *,
    scalar_arrays: bool = False,
) -> cst.Call | None:
    """``torch.FloatTensor([1, 2])`` -> ``torch.tensor([1, 2], dtype=torch.float32)``,
    ``torch.cuda.LongTensor(n, m)`` -> ``torch.empty(n, m, dtype=torch.int64, device="cuda")``.

    ``device`` replaces the constructor's own device (CPU, or ``"cuda"`` for ``torch.cuda.*``). Data
    that may be an existing array or tensor (anything but :func:`is_fresh_data`; ``list_names`` hold
    Python sequences) goes to ``torch.as_tensor``, which shares memory where the host constructor did.
    None when the arguments do not say whether they are data or a size, or use keywords.
    ``scalar_arrays``: read a NumPy array that may be 0-d as data too (:func:`is_data`), a likely reading.
    """
    dtype = legacy_dtype(qualified)
    if not is_legacy_constructor(qualified) or any(
        arg.keyword is not None or arg.star == "**" for arg in call.args
    ):
        return None
    args = list(call.args)
    if not args:
        factory, args = "empty", [cst.Arg(cst.Integer("0"))]
    elif len(args) == 1 and not args[0].star:
        value = args[0].value
        if is_data(value, aliases, data_names, int_names, scalar_arrays=scalar_arrays):
            # A host type shares an existing array's memory; `torch.cuda.*` copied it to the GPU (but
            # a device given for it may be the host's).
            always_copied = qualified.startswith("torch.cuda.") and device is None
            shares = not always_copied and not is_fresh_data(value, aliases, list_names)
            factory = "as_tensor" if shares else "tensor"
        elif is_size(value, int_names):
            factory = "empty"
        else:
            return None
    elif len(args) == 1 and not _may_be_a_size(args[0].value, int_names):
        return None  # `*args` of a wrapper may unpack to one list of data, `FloatTensor([1.0, 2.0])`
    else:
        factory = "empty"  # several arguments (or `*shape`) are always a size
    args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    fixed = cst.Call(func=aliases.expr_for(f"torch.{factory}", f"torch.{factory}"), args=args)
    if dtype is not None:
        fixed = with_kwarg(fixed, "dtype", aliases.expr_for(f"torch.{dtype}", f"torch.{dtype}"))
    elif factory != "empty" and not _only_floats(args[0].value):
        # torch.Tensor(data) has the default dtype whatever the data; torch.tensor would infer int64.
        default = aliases.expr_for("torch.get_default_dtype", "torch.get_default_dtype")
        fixed = with_kwarg(fixed, "dtype", cst.Call(func=default))
    if device is None and qualified.startswith("torch.cuda."):
        device = cst.SimpleString('"cuda"')
    if device is not None:
        fixed = with_kwarg(fixed, "device", device)
    return fixed


def is_fresh_data(
    node: cst.BaseExpression, aliases: ImportAliases, list_names: frozenset[str] = frozenset()
) -> bool:
    """Is ``node`` data that no other name holds as an array or a tensor?

    A Python sequence (:func:`is_python_sequence`), or a NumPy call that allocates a new array
    (``np.array(x)``, ``np.zeros(n)``; not ``np.asarray(x)``, which may hand back ``x``). ``torch.tensor``'s
    copy of such a value is the legacy call's own. Anything else may be an array or a tensor whose memory
    the legacy call shared (``torch.FloatTensor(a)`` of a float32 array): ``torch.as_tensor`` shares it
    too, so an in-place change on either side still shows on the other.
    """
    if is_python_sequence(node, list_names):
        return True
    if isinstance(node, cst.IfExp):
        return all(is_fresh_data(side, aliases, list_names) for side in (node.body, node.orelse))
    if not isinstance(node, cst.Call):
        return False
    qualified = aliases.qualify(node.func) or ""
    if qualified == "numpy.array":
        return kwarg(node, "copy") is None
    if qualified in _NUMPY_RANDOM_SIZE:
        return is_data(node, aliases)  # an array only when given a size, and then a new one
    return qualified in _NUMPY_ARRAYS and qualified != "numpy.asarray"


def is_python_sequence(node: cst.BaseExpression, list_names: frozenset[str] = frozenset()) -> bool:
    """A list or tuple (never an array or a tensor): a display, a comprehension, ``[pad] * n``,
    ``ids + [eos]``, ``list(...)``/``sorted(...)``/``range(...)``, ``x.tolist()``, or a name in
    ``list_names`` (every binding of it is one of these)."""
    if isinstance(node, cst.Name):
        return node.value in list_names
    if isinstance(node, (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)):
        return True
    if isinstance(node, cst.IfExp):
        return all(is_python_sequence(side, list_names) for side in (node.body, node.orelse))
    if isinstance(node, cst.BinaryOperation):
        return is_list_display(node.left) or is_list_display(node.right)
    if not isinstance(node, cst.Call):
        return False
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "tolist":
        return True
    return dotted_name(node.func) in _SEQUENCE_BUILTINS


def _only_floats(node: cst.BaseExpression) -> bool:
    """A literal list/tuple of float literals (at any depth): torch.tensor infers the default dtype."""
    if isinstance(node, (cst.List, cst.Tuple)):
        return bool(node.elements) and all(_only_floats(e.value) for e in node.elements)
    if isinstance(node, cst.UnaryOperation):
        return _only_floats(node.expression)
    return isinstance(node, cst.Float)


def names_device(node: cst.BaseExpression | None, aliases: ImportAliases) -> bool:
    """A ``.to()``/``.cuda()`` argument that is a device (not a tensor to copy the device and dtype
    of, nor a dtype): ``"cuda"``, ``0``, ``torch.device(...)``, ``device``, ``self.device``, ``x.device``."""
    if node is None or isinstance(node, (cst.SimpleString, cst.Integer)):
        return True
    if isinstance(node, cst.Call):
        return aliases.qualify(node.func) == "torch.device"
    name = dotted_name(node)
    return (
        name is not None
        and bool(DEVICE_NAME.search(name.rsplit(".", 1)[-1]))
        and not is_dtype_expr(node, aliases)
    )


_SPARSE_CONSTRUCTOR = re.compile(r"^torch\.sparse\.(Float|Double|Half|Long|Int|Short|Byte|Char|Bool)?Tensor$")
# `x.new(...)` on these is a tensor's: a parameter's (`self.fc.weight`), its `.data`.
_TENSOR_ATTRIBUTES = frozenset({"data", "weight", "bias"})
_FILLS = {"zero_": "new_zeros", "fill_": "new_full"}


def legacy_spelling(
    tree: Tree, call: cst.Call, aliases: ImportAliases
) -> tuple[str, cst.CSTNode, cst.BaseExpression | None] | None:
    """The legacy constructors that are not typed ones, each with its exact modern spelling: (the
    message, the node to replace, its replacement or None where the source does not say which), or
    None for any other call.

    - ``x.new(2, n)`` (a size) -> ``x.new_empty(2, n)``, and with the fill after it,
      ``x.new(2, n).zero_()`` -> ``x.new_zeros(2, n)``, ``x.new(*shape).fill_(0.5)`` ->
      ``x.new_full(shape, 0.5)``; ``x.new([1, 2])`` (data) -> ``x.new_tensor([1, 2])``: the same dtype
      and device, ``x``'s. Only where ``x`` is plainly a tensor (``w.data``, ``self.fc.weight``, a name
      bound to such or to ``next(self.parameters())``): ``Image.new("RGB", size)`` is another ``new``.
    - ``torch.sparse.FloatTensor(i, v, shape)`` -> ``torch.sparse_coo_tensor(i, v, shape)``: the legacy
      constructor takes its dtype from ``v`` whatever its name says (measured on torch 2.x), and so
      does ``sparse_coo_tensor``; only with a third argument that is a shape (the two-argument form
      may be a size: ``torch.sparse.FloatTensor(n, m)`` is an empty sparse tensor).
    """
    if isinstance(call.func, cst.Attribute) and call.func.attr.value == "new":
        return _tensor_new(tree, call, aliases)
    qualified = aliases.qualify(call.func) or ""
    if _SPARSE_CONSTRUCTOR.match(qualified) and _indices_values_shape(tree, call):
        fixed = cst.Call(func=aliases.expr_for("torch.sparse_coo_tensor"), args=call.args)
        return f"legacy constructor `{qualified}`; use `torch.sparse_coo_tensor(...)`", call, fixed
    return None


def _indices_values_shape(tree: Tree, call: cst.Call) -> bool:
    """``(i, v, shape)``: three positional arguments, the last a shape (a literal tuple or list,
    ``torch.Size(...)``, ``x.size()``, ``x.shape``, or a name bound once in the call's scope to one:
    ``shape = torch.Size(m.shape)``), which a size of three ints cannot have."""
    if len(call.args) != 3 or any(a.star or a.keyword for a in call.args):
        return False
    shape = call.args[2].value
    if isinstance(shape, cst.Name):
        shape = _sole_value(tree, call, shape.value) or shape
    return _is_shape(shape)


def _sole_value(tree: Tree, node: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The value of ``name = value``, the one binding of ``name`` in the scope ``node`` reads it in (a
    function's or the module's; not a parameter, a loop or another kind of binding): what ``name``
    holds wherever that scope reads it."""
    scope = next((a for a in tree.ancestors(node) if isinstance(a, SCOPES)), tree.root)
    bound = bindings_in(tree, scope, name)
    declared = (i.name.value for g in tree.of_type(tree.root, cst.Global) for i in g.names)
    if scope is tree.root and name in declared:
        return None  # a function may rebind the global
    if len(bound) != 1 or not isinstance(bound[0], cst.AssignTarget):
        return None
    assign = tree.parent(bound[0])
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
        return None
    if not isinstance(bound[0].target, cst.Name):
        return None
    return assign.value


def _is_shape(shape: cst.BaseExpression) -> bool:
    if isinstance(shape, (cst.Tuple, cst.List)):
        return True
    if isinstance(shape, cst.Attribute):
        return shape.attr.value == "shape"
    if isinstance(shape, cst.Call):
        spelled = dotted_name(shape.func) or ""
        return spelled.endswith("Size") or (spelled.endswith(".size") and not shape.args)
    return False


def _tensor_new(
    tree: Tree, call: cst.Call, aliases: ImportAliases
) -> tuple[str, cst.CSTNode, cst.BaseExpression | None] | None:
    attribute = cst.ensure_type(call.func, cst.Attribute)
    receiver = attribute.value
    if not call.args or aliases.local_name_for("torch") is None:
        return None
    if not (
        _plainly_a_tensor(tree, receiver)
        or _sized_by_itself(call, receiver)
        or _used_as_a_tensor(tree, call, receiver)
    ):
        return None
    if any(a.keyword is not None or a.star == "**" for a in call.args):
        return None
    spelled = code_of(receiver)
    message = f"legacy constructor `{spelled}.new(...)`"
    sizes, data, lists = argument_kinds(tree, call, aliases)
    args = list(call.args)
    first = args[0]
    if len(args) == 1 and not first.star and is_data(first.value, aliases, data, sizes):
        if is_fresh_data(first.value, aliases, lists):
            fixed = call.with_changes(func=attribute.with_changes(attr=cst.Name("new_tensor")))
            return message + f"; use `{spelled}.new_tensor(...)`", call, fixed
        # `new` shared an existing array's memory; `new_tensor` always copies.
        if not m.matches(receiver, m.Name() | m.Attribute(value=m.Name() | m.Attribute())):
            return message + f"; use `torch.as_tensor(..., dtype={spelled}.dtype, device=...)`", call, None
        shared = cst.Call(
            func=aliases.expr_for("torch.as_tensor", "torch.as_tensor"),
            args=[first.with_changes(comma=cst.MaybeSentinel.DEFAULT)],
        )
        for attribute_name in ("dtype", "device"):
            of_receiver = cst.Attribute(receiver.deep_clone(), cst.Name(attribute_name))
            shared = with_kwarg(shared, attribute_name, of_receiver)
        use = f"`torch.as_tensor(..., dtype={spelled}.dtype, device={spelled}.device)`"
        return message + f" of an existing array: {use} shares its memory as `new` did", call, shared
    # `x.new(x.shape)`: a tensor's own shape is a `torch.Size` (`_sized_by_itself`), a size.
    own_shape = len(args) == 1 and _a_torch_size(first.value) and _sized_by_itself(call, receiver)
    if not (len(args) > 1 or first.star == "*" or is_size(first.value, sizes) or own_shape):
        return (
            message + ": cannot tell data from a size here; use `new_tensor(data)` or `new_empty(size)`",
            call,
            None,
        )
    if any(isinstance(a.value, (cst.SimpleString, cst.List, cst.Tuple)) for a in args):
        return None  # not a size of ints: another `new`
    method = tree.parent(call)
    outer = tree.parent(method) if isinstance(method, cst.Attribute) else None
    fill = method.attr.value if isinstance(method, cst.Attribute) else ""
    if isinstance(outer, cst.Call) and outer.func is method and fill in _FILLS:
        if fill == "zero_" and not outer.args:
            fixed = call.with_changes(func=attribute.with_changes(attr=cst.Name("new_zeros")))
            return message + f"; use `{spelled}.new_zeros(...)`", outer, fixed
        value = outer.args[0].value if len(outer.args) == 1 and not outer.args[0].keyword else None
        if fill == "fill_" and value is not None and _is_number(value):
            size: cst.BaseExpression
            if first.star == "*" and len(args) == 1:
                size = first.value  # `*shape`: the sequence itself
            elif len(args) == 1 and _a_torch_size(first.value):
                size = first.value
            else:  # ints: `new_full` takes them as one sequence
                last = cst.Element(
                    args[-1].value, comma=cst.Comma() if len(args) == 1 else cst.MaybeSentinel.DEFAULT
                )
                size = cst.Tuple([*(cst.Element(a.value) for a in args[:-1]), last])
            fixed = call.with_changes(
                func=attribute.with_changes(attr=cst.Name("new_full")),
                args=[cst.Arg(size), cst.Arg(value)],
            )
            return message + f"; use `{spelled}.new_full(...)`", outer, fixed
    fixed = call.with_changes(func=attribute.with_changes(attr=cst.Name("new_empty")))
    return message + f"; use `{spelled}.new_empty(...)`", call, fixed


def _a_torch_size(node: cst.BaseExpression) -> bool:
    """``x.size()``, ``x.shape``: a ``torch.Size``, which ``new_full`` takes as it is."""
    if isinstance(node, cst.Attribute):
        return node.attr.value == "shape"
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "size"
        and not node.args
    )


def _is_number(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def _sized_by_itself(call: cst.Call, receiver: cst.BaseExpression) -> bool:
    """``x.new(x.size())``, ``x.new(x.size(0), n)``, ``x.new(*x.shape)``: a ``new`` given the receiver's
    own tensor size (``.size()`` a method, as on a tensor: PIL's and NumPy's ``size`` is no call, and
    neither has a ``new`` method taking it), whatever the receiver is named (an autograd Function's
    ``input``)."""
    for arg in call.args:
        value = arg.value.value if isinstance(arg.value, cst.Subscript) else arg.value
        if isinstance(value, cst.Call) and m.matches(value.func, m.Attribute(attr=m.Name("size"))):
            owner = cst.ensure_type(value.func, cst.Attribute).value
        elif isinstance(value, cst.Attribute) and value.attr.value == "shape":
            owner = value.value
        else:
            continue
        if owner.deep_equals(receiver):
            return True
    return False


# Methods only a tensor has among the objects that also have a `new` (a tensor's `.cpu().numpy()`;
# NumPy's and PIL's `size` is no call, so `.size(0)`, a call given a dimension, is a tensor's too).
_TENSOR_ONLY_METHODS = frozenset(
    "numpy new_zeros new_ones new_empty new_full new_tensor type_as masked_fill masked_fill_ data_ptr"
    " is_contiguous".split()
)


def _used_as_a_tensor(tree: Tree, call: cst.Call, receiver: cst.BaseExpression) -> bool:
    """``x.new(...)`` where the code shows ``x`` a tensor by what it calls on it: the call's own
    arguments read ``x.size(i)`` (``x.new(1, x.size(2) + 1)``), or the function calls a method only a
    tensor has on the name (``x.cpu().numpy()``, ``x.new_zeros(n)``, ``x.size(0)``) and binds it nowhere
    but as a parameter."""
    for sized in tree.of_type(call, cst.Call):
        if _a_size_of(sized, receiver) and sized.args:
            return True
    if not isinstance(receiver, cst.Name):
        return False
    function = next((a for a in tree.ancestors(call) if isinstance(a, cst.FunctionDef)), None)
    if function is None:
        return False
    if not all(isinstance(b, cst.Param) for b in bindings_in(tree, function, receiver.value)):
        return False  # bound to something else in the function: what it holds may change
    for attribute in tree.of_type(function.body, cst.Attribute):
        if not (isinstance(attribute.value, cst.Name) and attribute.value.value == receiver.value):
            continue
        used = tree.parent(attribute)
        if not (isinstance(used, cst.Call) and used.func is attribute):
            continue
        method = attribute.attr.value
        if method in _TENSOR_ONLY_METHODS or (method == "size" and used.args):
            return True
        if method in ("cpu", "cuda"):  # `x.cpu().numpy()`: a module has no `.numpy()`
            after = tree.parent(used)
            if isinstance(after, cst.Attribute) and after.attr.value == "numpy":
                return True
    return False


def _a_size_of(call: cst.Call, receiver: cst.BaseExpression) -> bool:
    """``receiver.size(...)``."""
    return (
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "size"
        and call.func.value.deep_equals(receiver)
    )


def _plainly_a_tensor(tree: Tree, node: cst.BaseExpression, depth: int = 0) -> bool:
    """``w.data``, ``self.fc.weight``, or a name every binding of which in its function is one of
    those or ``next(self.parameters())`` (possibly ``.data``)."""
    if isinstance(node, cst.Attribute):
        return node.attr.value in _TENSOR_ATTRIBUTES
    if not isinstance(node, cst.Name) or depth > 3:
        return False
    function = next((a for a in tree.ancestors(node) if isinstance(a, cst.FunctionDef)), None)
    if function is None:
        return False
    if any(p.name.value == node.value for p in tree.of_type(function.params, cst.Param)):
        return False
    values: list[cst.BaseExpression] = []
    for bound in tree.descendants(function.body):
        if isinstance(bound, cst.Assign):
            targets = [t.target for t in bound.targets]
            if any(m.matches(t, m.Name(node.value)) for t in targets):
                values.append(bound.value)
            elif any(node.value in {n.value for n in tree.of_type(t, cst.Name)} for t in targets):
                return False  # unpacked into it
        elif isinstance(
            bound, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr, cst.AsName)
        ):
            target = bound.name if isinstance(bound, cst.AsName) else bound.target
            if node.value in {n.value for n in tree.of_type(target, cst.Name)}:
                return False
    return bool(values) and all(_a_parameter(v) or _plainly_a_tensor(tree, v, depth + 1) for v in values)


def _a_parameter(node: cst.BaseExpression) -> bool:
    """``next(self.parameters())``, ``next(model.parameters()).data``."""
    if isinstance(node, cst.Attribute) and node.attr.value == "data":
        node = node.value
    return (
        isinstance(node, cst.Call)
        and dotted_name(node.func) == "next"
        and len(node.args) == 1
        and isinstance(node.args[0].value, cst.Call)
        and (dotted_name(cst.ensure_type(node.args[0].value, cst.Call).func) or "").endswith("parameters")
    )

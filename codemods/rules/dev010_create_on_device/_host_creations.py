"""Tensors made on the host that could be made on a device instead, and how to make them there.

A *host creation* is an expression whose value is a fresh tensor in CPU memory, built by torch for
this expression alone: a factory without ``device=`` (``torch.zeros(n)``, ``torch.randn(n)``,
``torch.tensor(data)``), a legacy constructor (``torch.LongTensor([1, 2])``), or NumPy's random
numbers wrapped by ``torch.from_numpy``; possibly followed by tensor methods that keep it on the host
(``.tril()``, ``.long()``, ``.view(1, -1)``) and wrapped in the pre-0.4 ``Variable(...)``. A legacy
constructor of data that exists already (``torch.FloatTensor(state)``) is one only where the caller says
it is about to be moved (``converts=True``): like ``torch.tensor(state).to(device)`` it copies the data
into a host tensor only to copy that to the device, while ``torch.from_numpy(array)`` copies nothing.

:func:`on_device` rebuilds one on a device with the same values, when that is exact: the factory
takes ``device=`` (a legacy constructor is spelled the modern way by
:func:`codemods.analysis.legacy_constructors.legacy_constructor_rewrite`), and every method after it
computes the same on any device and keeps the strides ``.to()`` would give.

:func:`returns_host_tensors` tells a function of the file whose every ``return`` is a host creation or
a torch function of one (``return torch.log(torch.tril(torch.ones(n, n)))``): its callers that move
the result made it on the host.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeGuard

import libcst as cst
import libcst.matchers as m

from codemods.analysis.evident_data import array_rewrite, evident_array_kind, reaching_binding
from codemods.analysis.legacy_constructors import (
    NO_ARGUMENT_KINDS,
    ArgumentKinds,
    as_tensor_of,
    is_size,
    legacy_array_rewrite,
    legacy_constructor_rewrite,
    legacy_dtype,
)
from codemods.analysis.scalars import Scalars
from codemods.core.local_functions import LocalFunctions
from codemods.core.name_bindings import binding_scope, bindings_in, parameter_names
from codemods.core.names import ImportAliases
from codemods.core.syntax import code_of, func_attribute, kwarg, positional, with_kwarg
from codemods.core.torch_names import HOST_ONLY_KEYWORDS, RANDOM_FACTORIES, RANDOM_FILLS
from codemods.core.tree import Tree

DETERMINISTIC = frozenset(
    f"torch.{n}"
    for n in "zeros ones empty full arange eye linspace logspace tensor as_tensor scalar_tensor range".split()
)
# Factories whose values (0 and 1) are exact in every dtype, so `.to(dtype)` can move onto them.
EXACT_IN_ANY_DTYPE = frozenset(f"torch.{n}" for n in "zeros ones empty eye".split())
# Factory arguments that pin the host or the CPU's generator: with them, device= fails or differs.
_HOST_BOUND = ("device", "out", *sorted(HOST_ONLY_KEYWORDS))
# Methods that compute the same on any device; `expand` is not one of them (`.to()` copies an
# expanded tensor into a dense one, the device factory would keep the view).
SAME_ON_ANY_DEVICE = frozenset(
    "tril triu t transpose permute view reshape unsqueeze squeeze flatten flip repeat contiguous"
    " float double half long int bool zero_ fill_".split()
)
# Torch functions that are such methods given the tensor first (`torch.triu(torch.ones(n, n), 1)`).
EXACT_FUNCTIONS = frozenset(
    f"torch.{n}" for n in "tril triu t transpose permute reshape unsqueeze squeeze flatten flip".split()
)
# Methods after which the value is no longer a tensor on the host (or not a fresh one).
_LEAVES_THE_HOST = frozenset(
    "to cuda cpu type pin_memory share_memory_ numpy tolist item detach requires_grad_ data_ptr".split()
)
_VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})
# NumPy calls that build an array of numbers from sizes alone (`np.eye(k)`, `np.arange(n)`), and those
# that build one of the values they are given, numbers made here when those are (`np.repeat(range(n), k)`,
# `np.array([1, 0, 0])`); array methods that keep the numbers (`.astype(np.float32)`, `.flatten()`).
_NUMPY_OF_SIZES = frozenset(f"numpy.{n}" for n in "arange eye identity zeros ones full linspace".split())
_NUMPY_OF_VALUES = frozenset(f"numpy.{n}" for n in "array asarray repeat tile".split())
_ARRAY_STEPS = frozenset("astype flatten ravel reshape copy".split())
# NumPy buffers, made to be filled: a name bound to one may hold data written into it later.
_BUFFERS = frozenset(f"numpy.{n}" for n in "zeros ones full empty".split())
_LEGACY_FLOAT = "torch.Tensor"  # the default-dtype legacy constructor
# Operators computed in one correctly rounded step on any device.
_EXACT_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply)
_NUMPY_NUMBERS = "NumPy makes these numbers on the host; a torch factory given `device=` makes them there"
_UNCLEAR_LEGACY = (
    "the legacy constructor's argument is not plainly data or a size: spell it `torch.tensor(...)` or"
    " `torch.empty(...)` first"
)


@dataclass(frozen=True)
class Creation:
    """``value`` makes a tensor on the host; ``factory`` is the call that allocates it."""

    value: cst.BaseExpression
    factory: cst.Call
    qualified: str
    inexact: str | None  # why the device would not give the same tensor, if it might not
    requires_grad: bool  # requires_grad=True on the factory or the Variable around it
    fills_randomly: bool = False  # `torch.empty(n).normal_()`: filled by a random generator after it
    of_numpy_numbers: bool = False  # `torch.from_numpy(np.eye(k))`: numbers NumPy made right there
    of_a_display: bool = False  # `lens = [len(s)]` then `torch.LongTensor(lens)`: a list written right here

    @property
    def is_random(self) -> bool:
        return self.qualified in RANDOM_FACTORIES or self.fills_randomly

    @property
    def is_legacy(self) -> bool:
        return self.qualified == _LEGACY_FLOAT or legacy_dtype(self.qualified) is not None

    @property
    def carries_values(self) -> bool:
        """``torch.tensor([...])``, a legacy constructor: made on the device, its values still cross
        from the host, so making it there saves no copy."""
        return self.is_legacy or self.qualified in ("torch.tensor", "torch.as_tensor")


def _is_method_of_a_call(node: cst.BaseExpression) -> TypeGuard[cst.Call]:
    """``f(...).method(...)`` (or ``f(...).data.method(...)``): ``m.Call(func=m.Attribute(value=m.Call()))``
    as type tests (asked of every expression a rule wonders about)."""
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
        return False
    inner = node.func.value
    if type(inner) is cst.Attribute and inner.attr.value == "data":
        inner = inner.value
    if type(inner) is cst.Subscript and whole_view(inner):
        inner = inner.value
    return type(inner) is cst.Call


def whole_view(subscript: cst.Subscript) -> bool:
    """``t[None, :, :]``, ``t[..., None]``: every element a new axis, ``...`` or a bare ``:``, a view of
    the whole tensor laid out as it is, the same on any device."""
    for element in subscript.slice:
        part = element.slice
        if isinstance(part, cst.Slice):
            if part.lower is not None or part.upper is not None or part.step is not None:
                return False
        elif not (
            isinstance(part, cst.Index)
            and (isinstance(part.value, cst.Ellipsis) or m.matches(part.value, m.Name("None")))
        ):
            return False
    return True


def host_creation(
    node: cst.BaseExpression, aliases: ImportAliases, converts: bool = False, tree: Tree | None = None
) -> Creation | None:
    """``node`` as a host creation, or None; ``converts``: a legacy constructor of data that exists
    already counts too (the caller moves the result: the host tensor is only a step on the way);
    ``tree``: also of an array a name holds that NumPy made of numbers alone (:func:`numpy_numbers`)."""
    value, requires_grad = node, False
    if isinstance(node, cst.Call) and aliases.qualify(node.func) in _VARIABLE:
        args = positional(node)
        if len(args) != 1 or any(a.star for a in node.args):
            return None
        requires_grad = _asks_for_grad(node)
        node = args[0].value
    if isinstance(node, cst.BinaryOperation):
        inner = _arithmetic(node, aliases, converts, tree)
        if inner is None:
            return None
        return replace(inner, value=value, requires_grad=inner.requires_grad or requires_grad)
    inexact, fills_randomly, of_numbers, of_a_display = None, False, False, False
    while True:
        if isinstance(node, cst.Subscript) and whole_view(node):
            node = node.value  # `torch.eye(d)[None, :, :]`: a view of the tensor made here
            continue
        given = _exact_function_argument(node, aliases)
        if given is not None:  # `torch.triu(torch.ones(n, n), diagonal=1)`: as `.triu(1)`
            node = given
            continue
        if not (_is_method_of_a_call(node) and aliases.qualify(node) is None):
            break
        attribute = func_attribute(node)
        method = attribute.attr.value
        if isinstance(attribute.value, cst.Attribute) and attribute.value.attr.value == "data":
            # `torch.FloatTensor(a).data.normal_(0, s)`: `.data` of a fresh tensor is that tensor
            attribute = attribute.with_changes(value=attribute.value.value)
        if method == "type" and _host_type(node, aliases):
            inexact = f"`.type({code_of(node.args[0].value)})` keeps it on the host"
        elif method in _LEAVES_THE_HOST:
            return None
        elif method in RANDOM_FILLS and (
            method != "bernoulli_" or all(_number_literal(a.value) for a in node.args)
        ):
            # Filled by the generator of the device it is on: the same distribution, other numbers (an
            # unsafe fix, as for a random factory), whatever the factory filled it with before. (Only
            # `bernoulli_` also takes a tensor, of probabilities that would then be on another device.)
            fills_randomly = True
        elif method not in SAME_ON_ANY_DEVICE:
            inexact = f"`.{method}()` after the factory may not give the same tensor on the device"
        node = attribute.value
        wrapped = variable_argument(node, aliases)
        if wrapped is not None:  # `Variable(torch.zeros(n)).long()`: since 0.4 the tensor itself
            requires_grad = requires_grad or _asks_for_grad(cst.ensure_type(node, cst.Call))
            node = wrapped
    if not isinstance(node, cst.Call) or any(a.star == "**" for a in node.args):
        return None
    qualified = aliases.qualify(node.func) or ""
    if qualified in DETERMINISTIC or qualified in RANDOM_FACTORIES:
        if any(kwarg(node, name) is not None for name in _HOST_BOUND):
            return None
        if qualified == "torch.normal" and kwarg(node, "size") is None:
            return None  # normal(mean_tensor, std) follows its tensors' device
        requires_grad = requires_grad or _asks_for_grad(node)
    elif qualified == _LEGACY_FLOAT or (
        legacy_dtype(qualified) is not None and not qualified.startswith("torch.cuda.")
    ):
        of_a_display = tree is not None and _of_a_display(tree, node, aliases)
        if not (converts or of_a_display or _made_here(node)):
            if not _of_numpy_numbers(node, aliases, tree, draws=False):
                return None  # converts data that exists already (an array, a list, a tensor): a copy it needs
            inexact, of_numbers = _NUMPY_NUMBERS, True  # `torch.FloatTensor(np.arange(n))`
    elif qualified == "torch.from_numpy" and _numpy_random(node, aliases):
        inexact = "NumPy draws these numbers; on the device torch draws others"
    elif qualified == "torch.from_numpy" and _of_numpy_numbers(node, aliases, tree):
        inexact, of_numbers = _NUMPY_NUMBERS, True  # `torch.from_numpy(np.eye(k).flatten())`
    else:
        return None
    return Creation(value, node, qualified, inexact, requires_grad, fills_randomly, of_numbers, of_a_display)


def _of_numpy_numbers(call: cst.Call, aliases: ImportAliases, tree: Tree | None, draws: bool = True) -> bool:
    """``torch.from_numpy(a)``, ``torch.FloatTensor(a)`` of one array NumPy made of numbers alone."""
    args = positional(call)
    return (
        len(args) == 1 == len(call.args)
        and not args[0].star
        and numpy_numbers(args[0].value, aliases, tree, draws=draws)
    )


def may_create(call: cst.Call, aliases: ImportAliases) -> bool:
    """Can ``host_creation(call)`` be a creation by ``call`` itself (its ``factory``)? Only where
    ``call``'s own function is a factory :func:`host_creation` takes: a quick test to ask first of
    every call of a module, where :func:`host_creation` qualifies the function up to three times."""
    qualified = aliases.qualify(call.func) or ""
    return (
        qualified in DETERMINISTIC
        or qualified in RANDOM_FACTORIES
        or qualified == _LEGACY_FLOAT
        or qualified == "torch.from_numpy"
        or (legacy_dtype(qualified) is not None and not qualified.startswith("torch.cuda."))
    )


def _exact_function_argument(node: cst.BaseExpression, aliases: ImportAliases) -> cst.Call | None:
    """``torch.triu(f(...), diagonal=1)``: the call ``f(...)`` a torch function of :data:`EXACT_FUNCTIONS`
    is given first, positionally (no ``out=``); None for anything else."""
    if type(node) is not cst.Call or not node.args or aliases.qualify(node.func) not in EXACT_FUNCTIONS:
        return None
    first = node.args[0]
    if first.keyword is not None or first.star or kwarg(node, "out") is not None:
        return None
    return first.value if type(first.value) is cst.Call else None


def _arithmetic(
    node: cst.BinaryOperation, aliases: ImportAliases, converts: bool, tree: Tree | None = None
) -> Creation | None:
    """``torch.ones(n) * -1``, ``2 * torch.rand(n) - 1``: one host creation in ``+``, ``-`` or ``*`` with
    number literals, a fresh host tensor too, and the same on the device (one correctly rounded step
    each, on any device). With ``tree``, also with what the file shows is a Python number
    (:meth:`codemods.analysis.scalars.Scalars.is_number`: ``args.temp`` of an ``argparse`` option of
    ``type=float``, ``x.size(0)``, a name bound only to such): a number is a number literal on any
    device. Not with another operand (a name may hold a host tensor, which the tensor made on the device
    would then meet) nor another operator (a GPU may divide by a number as a multiplication by its
    reciprocal): reported, those were false positives on the validation split."""
    leaves: list[cst.BaseExpression] = []
    stack: list[cst.BaseExpression] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.BinaryOperation):
            if not isinstance(current.operator, _EXACT_OPERATORS):
                return None
            stack += [current.left, current.right]
        else:
            leaves.append(current)
    found = [(leaf, c) for leaf in leaves if (c := host_creation(leaf, aliases, converts)) is not None]
    if len(found) != 1:
        return None
    others = [leaf for leaf in leaves if leaf is not found[0][0] and not _number_literal(leaf)]
    if others and (tree is None or not all(map(Scalars(tree, aliases).is_number, others))):
        return None
    return replace(found[0][1], value=node)


def on_device(
    creation: Creation,
    device: cst.BaseExpression,
    aliases: ImportAliases,
    kinds: ArgumentKinds = NO_ARGUMENT_KINDS,
    tree: Tree | None = None,
) -> cst.BaseExpression | None:
    """``creation`` made on ``device`` with the same values, or None when that cannot be written;
    ``kinds``: the names that hold a size and those that hold data where it is made (a legacy
    constructor reads its argument by what it is); ``tree``: also what the file shows of it outside
    the call, as DEV009 reads it (``codemods.analysis.evident_data``)."""
    if creation.inexact is not None or creation.requires_grad:
        return None
    factory = creation.factory
    if creation.is_legacy:
        qualified = creation.qualified
        made = legacy_constructor_rewrite(
            factory,
            qualified,
            aliases,
            kinds.sizes,
            device=device,
            data_names=kinds.data,
            list_names=kinds.lists,
        ) or legacy_array_rewrite(factory, qualified, aliases, kinds, device, tree)
        if made is None and tree is not None:
            # `torch.LongTensor(np.argsort(x))`, `ids = np.asarray(ids)` bound before: an array, as
            # `torch.as_tensor` reads it (moved right after, the legacy call's sharing is gone either way)
            made = array_rewrite(factory, qualified, aliases, device)
            if made is None and evident_array_kind(tree, factory, aliases) is not None:
                made = as_tensor_of(factory.args[0].value, qualified, aliases, device)
        if made is None:
            return None
    else:
        made = with_kwarg(factory, "device", device)
    return made if creation.value is factory else creation.value.deep_replace(factory, made)


def made_there(
    creation: Creation,
    device: cst.BaseExpression | None,
    aliases: ImportAliases,
    kinds: ArgumentKinds = NO_ARGUMENT_KINDS,
    tree: Tree | None = None,
) -> tuple[cst.BaseExpression | None, str | None]:
    """``creation`` made on ``device`` (None: a device that cannot be written), or why it cannot be."""
    if device is None:
        return None, "the device given to `.cuda()` may be None, which `device=` reads as the CPU"
    if creation.inexact is not None:
        return None, creation.inexact
    made = on_device(creation, device, aliases, kinds, tree)
    return (made, None) if made is not None else (None, _UNCLEAR_LEGACY)


def with_dtype(
    creation: Creation, made: cst.BaseExpression, dtype: cst.BaseExpression
) -> tuple[cst.BaseExpression | None, str | None]:
    """``made`` also given the dtype ``.to(device, dtype)`` converts to, when its values cannot change."""
    own = kwarg(creation.factory, "dtype")
    if own is not None and code_of(own.value) == code_of(dtype):
        return made, None  # converting to the dtype it already has
    if (
        creation.value is not creation.factory
        or own is not None
        or creation.qualified not in EXACT_IN_ANY_DTYPE
    ):
        return None, "create it with `dtype=` too; the values may round differently"
    return with_kwarg(cst.ensure_type(made, cst.Call), "dtype", dtype), None  # made from the factory: a call


def converts_data(creation: Creation) -> bool:
    """``torch.tensor(image)``, ``torch.as_tensor(x)``, ``torch.FloatTensor(state)``: a tensor of data that
    exists already (not of values written right there, ``torch.tensor([0.5])``, nor of a size)."""
    if creation.of_numpy_numbers:
        return False  # (`torch.FloatTensor(np.arange(n))`: numbers made here, no data)
    if creation.is_legacy:
        return not (creation.of_a_display or _made_here(creation.factory))
    if creation.qualified not in ("torch.tensor", "torch.as_tensor"):
        return False
    args = positional(creation.factory)
    value = args[0].value if args else None
    while isinstance(value, cst.UnaryOperation):
        value = value.expression
    while isinstance(value, cst.BinaryOperation) and isinstance(value.left, (cst.List, cst.Tuple)):
        value = value.left  # `[start] * batch`, as for a legacy constructor (:func:`_made_here`)
    return value is not None and not isinstance(
        value, (cst.List, cst.Tuple, cst.ListComp, cst.Integer, cst.Float)
    )


def computed_from_a_creation(node: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    """``torch.sqrt(torch.tensor([d]))``: a torch function of a host creation; its name as written."""
    if not isinstance(node, cst.Call) or not (aliases.qualify(node) or "").startswith("torch."):
        return None
    return code_of(node.func) if any(host_creation(a.value, aliases) for a in positional(node)) else None


def returns_host_tensors(
    tree: Tree, function: cst.FunctionDef, aliases: ImportAliases, functions: LocalFunctions | None = None
) -> bool:
    """Every ``return`` of ``function`` gives a tensor made on the host right there
    (``return torch.log(torch.tril(torch.ones(n, n)))``); not a generator. With ``functions``, also one
    the function builds in steps (:class:`_BuiltOnTheHost`): ``k = torch.tensor(g)`` then ``return k /
    k.sum()``, or ``w = self.gaussian(n).unsqueeze(1)`` then ``return w.mm(w.t()).expand(c, 1, n, n)``."""
    if functions is not None:
        return _BuiltOnTheHost(tree, aliases, functions).returns_one(function)
    return _every_return(tree, function, lambda value: _host_made(value, aliases))


def _every_return(tree: Tree, function: cst.FunctionDef, made: Callable[[cst.BaseExpression], bool]) -> bool:
    """``function`` returns a value, and ``made`` holds for each it returns (not a generator, nor one
    that defines functions or lambdas, whose ``return`` statements are not its own)."""
    if tree.of_type(function.body, (cst.Yield, cst.Lambda, cst.FunctionDef)):
        return False
    returns = tree.of_type(function.body, cst.Return)
    return bool(returns) and all(r.value is not None and made(r.value) for r in returns)


# Methods of a host tensor whose result is no host tensor: elsewhere, or no tensor at all.
_NOT_A_HOST_TENSOR = _LEAVES_THE_HOST | frozenset("size dim numel nelement element_size".split())


class _BuiltOnTheHost:
    """A tensor a function builds on the host in steps, for a report only (the function is not changed
    for its caller): a host creation or a torch function of one (:func:`_host_made`); a tensor method of
    one that keeps it on the host (``.unsqueeze(1)``, ``.mm(y)``, ``.expand(...)``, not ``.to()``,
    ``.cuda()``, ``.numpy()``: :data:`_LEAVES_THE_HOST`); ``Variable`` of one; ``+ - * /`` of one with
    another or a number literal; a local name every binding of which in the function is one (not a
    parameter); the result of a function of the file every ``return`` of which is one. Followed a few
    steps deep, each function and name once."""

    _DEPTH = 8  # names and functions followed, one inside another

    def __init__(self, tree: Tree, aliases: ImportAliases, functions: LocalFunctions) -> None:
        self.tree, self.aliases, self.functions = tree, aliases, functions
        self._visiting: set[int] = set()

    def returns_one(self, function: cst.FunctionDef, depth: int = 0) -> bool:
        if depth > self._DEPTH or id(function) in self._visiting:
            return False
        self._visiting.add(id(function))
        try:
            return _every_return(self.tree, function, lambda value: self._made(value, function, depth))
        finally:
            self._visiting.discard(id(function))

    def _made(self, node: cst.BaseExpression, function: cst.FunctionDef, depth: int) -> bool:
        if depth > self._DEPTH:
            return False
        if _host_made(node, self.aliases):
            return True
        wrapped = variable_argument(node, self.aliases)
        if wrapped is not None:
            return self._made(wrapped, function, depth)
        if isinstance(node, cst.BinaryOperation):
            if not isinstance(node.operator, (*_EXACT_OPERATORS, cst.Divide)):
                return False
            sides = (node.left, node.right)
            made = [self._made(side, function, depth) for side in sides]
            return any(made) and all(m or _number_literal(side) for m, side in zip(made, sides))
        if isinstance(node, cst.Name):
            return self._name(node, function, depth)
        if not isinstance(node, cst.Call):
            return False
        if isinstance(node.func, cst.Attribute) and self.aliases.qualify(node.func) is None:
            method = node.func.attr.value
            receiver = node.func.value
            if method not in _NOT_A_HOST_TENSOR and self._made(receiver, function, depth):
                return True  # `w.unsqueeze(1)`, `w.mm(w.t())`: on the receiver's device
        callee = self.functions.callee(node)
        return callee is not None and self.returns_one(callee, depth + 1)

    def _written_into(self, name: str, function: cst.FunctionDef) -> bool:
        """Does ``function`` write into what ``name`` holds, or hand it on: ``out[i, labels] = 1``, an
        in-place method (``out.scatter_(1, idx, 1)``), an argument of a call (``fill(out)``)? Then it
        carries data written there (a one-hot of a batch's labels), not numbers made of sizes alone."""
        for read in self.tree.of_type(function.body, cst.Name):
            if read.value != name:
                continue
            node: cst.CSTNode = read
            parent = self.tree.parent(node)
            while isinstance(parent, (cst.Subscript, cst.SubscriptElement, cst.Index)) and (
                not isinstance(parent, cst.Subscript) or parent.value is node
            ):
                node, parent = parent, self.tree.parent(parent)
            if node is not read and isinstance(parent, (cst.AssignTarget, cst.AugAssign)):
                return True  # `out[i] = 1`, `out[0][x] += 1`
            if isinstance(parent, cst.Arg):
                return True
            if (
                isinstance(parent, cst.Attribute)
                and parent.value is node
                and parent.attr.value.endswith("_")
                and not parent.attr.value.startswith("_")
            ):
                return True
        return False

    def _name(self, name: cst.Name, function: cst.FunctionDef, depth: int) -> bool:
        if id(name) in self._visiting:
            return False
        if name.value in parameter_names(function):
            return False
        if self._written_into(name.value, function):
            return False
        values = []
        for binding in bindings_in(self.tree, function, name.value):
            assign = self.tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
            if not (
                isinstance(assign, cst.Assign)
                and len(assign.targets) == 1
                and isinstance(binding, cst.AssignTarget)
                and isinstance(binding.target, cst.Name)
            ):
                return False  # a parameter, a loop's target, `x += ...`, unpacked: not followed
            values.append(assign.value)
        self._visiting.add(id(name))
        try:
            return bool(values) and all(self._made(value, function, depth + 1) for value in values)
        finally:
            self._visiting.discard(id(name))


def returned_host_sequence(
    tree: Tree, function: cst.FunctionDef, aliases: ImportAliases
) -> tuple[type[cst.Tuple] | type[cst.List], int] | None:
    """The kind and length of the tuple (or list) of tensors made on the host right there that every
    ``return`` of ``function`` gives (``return (Variable(torch.zeros(n)), Variable(torch.zeros(n)))``, an
    ``init_hidden``); None when one gives anything else, or another kind or length."""
    if tree.of_type(function.body, (cst.Yield, cst.Lambda, cst.FunctionDef)):
        return None
    shapes = set()
    for returned in tree.of_type(function.body, cst.Return):
        value = returned.value
        if not isinstance(value, (cst.Tuple, cst.List)) or len(value.elements) < 2:
            return None
        if not all(isinstance(e, cst.Element) and _host_made(e.value, aliases) for e in value.elements):
            return None
        shapes.add((type(value), len(value.elements)))
    return shapes.pop() if len(shapes) == 1 else None


def _host_made(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """A host creation, or a torch function of one (``torch.tril(torch.ones(n, n))``)."""
    if host_creation(node, aliases) is not None:
        return True
    if not isinstance(node, cst.Call) or not (aliases.qualify(node) or "").startswith("torch."):
        return False
    return any(_host_made(a.value, aliases) for a in positional(node))


def _host_type(call: cst.Call, aliases: ImportAliases) -> bool:
    """``.type(torch.FloatTensor)``: a cast to a legacy CPU type."""
    args = positional(call)
    qualified = aliases.qualify(args[0].value) if len(call.args) == 1 and args else None
    return legacy_dtype(qualified) is not None and not (qualified or "").startswith("torch.cuda.")


def _made_here(legacy: cst.Call) -> bool:
    """A legacy constructor of a size, or of Python data written right here (``[[token]]``,
    ``[start] * batch``), not a conversion of data that exists already."""
    args = positional(legacy)
    if len(args) != 1 or args[0].star:
        return True  # no argument, or several: a size
    value = args[0].value
    while isinstance(value, cst.BinaryOperation) and isinstance(value.left, (cst.List, cst.Tuple)):
        value = value.left  # `[start] * batch`, `[a] + [b]`
    return isinstance(value, (cst.List, cst.Tuple, cst.ListComp)) or is_size(value)


def _of_a_display(tree: Tree, legacy: cst.Call, aliases: ImportAliases) -> bool:
    """``lens = [len(src)]`` then ``torch.LongTensor(lens)``: the legacy constructor's one argument is a
    name whose one binding reaching the call on every path (:func:`reaching_binding`) is a list or tuple
    of numbers written right there (each a Python number the file shows:
    :meth:`codemods.analysis.scalars.Scalars.is_number`), as :func:`_made_here` reads one given in the
    call itself, in a function (a list a module binds, ``WEIGHTS = [0.2, 0.8]``, is a setting others may
    read or rebind). Not a comprehension nor a display of other values (``[pad(s) for s in seqs]``,
    ``[ids]``): the data of a batch, converted at its boundary."""
    args = positional(legacy)
    if len(legacy.args) != 1 or len(args) != 1 or args[0].star or not isinstance(args[0].value, cst.Name):
        return False
    if not any(isinstance(a, cst.FunctionDef) for a in tree.ancestors(legacy)):
        return False
    name = args[0].value.value
    reaching = reaching_binding(tree, legacy, name)
    if reaching is None or reaching[1]:
        return False
    binding = reaching[0]
    if not (isinstance(binding, cst.Assign) and len(binding.targets) == 1):
        return False
    target, value = binding.targets[0].target, binding.value
    if not (isinstance(target, cst.Name) and target.value == name):
        return False
    while isinstance(value, cst.BinaryOperation) and isinstance(value.left, (cst.List, cst.Tuple)):
        value = value.left  # `[start] * batch`
    if not isinstance(value, (cst.List, cst.Tuple)) or not value.elements:
        return False
    scalars = Scalars(tree, aliases)
    return all(isinstance(e, cst.Element) and scalars.is_number(e.value) for e in value.elements)


def numpy_numbers(
    node: cst.BaseExpression,
    aliases: ImportAliases,
    tree: Tree | None = None,
    depth: int = 0,
    draws: bool = True,
) -> bool:
    """Is ``node`` an array NumPy builds right here from sizes and numbers alone, no data handed in
    (``np.eye(k).flatten().astype(np.float32)``, ``np.repeat(range(n), k)``, ``np.array([1, 0, 0])``,
    ``np.random.permutation(n)[:b]``)? Its numbers exist nowhere before: a torch factory could make
    them on the device, where copying them there is the only use of the host array. With ``tree``, also
    a name every binding of which in its scope is one (``a, b = np.meshgrid(grid, grid)`` with ``grid =
    np.arange(n)``), never written into (``buf[i] = row`` fills it with data). ``draws``: NumPy's random
    numbers count too; a name bound to them, or a legacy constructor of them, holds samples the program
    treats as its data (the points a simulation trains on), which the labels call correct moves."""
    while True:
        if isinstance(node, cst.Subscript):
            node = node.value  # a part of it: numbers made here too
        elif _is_array_step(node, aliases):
            node = cst.ensure_type(cst.ensure_type(node, cst.Call).func, cst.Attribute).value
        else:
            break
    if isinstance(node, cst.Name) and tree is not None:
        return depth < 3 and _name_of_numpy_numbers(tree, node, aliases, depth)
    if not isinstance(node, cst.Call):
        return False
    qualified = aliases.qualify(node.func) or ""
    if qualified.startswith("numpy.random."):
        return draws
    if qualified in _NUMPY_OF_SIZES:
        return True
    if qualified not in _NUMPY_OF_VALUES:
        return False
    args = positional(node)
    return bool(args) and _numbers_written(args[0].value, aliases, tree, depth, draws)


def _name_of_numpy_numbers(tree: Tree, name: cst.Name, aliases: ImportAliases, depth: int) -> bool:
    """``name`` bound in its scope only to arrays of :func:`numpy_numbers` that are not buffers (not
    ``np.zeros(n)``, made to be filled), or unpacked from ``np.meshgrid`` of such; never written into."""
    scope = binding_scope(tree, name, name.value)
    bindings = bindings_in(tree, scope, name.value)
    if not bindings:
        return False
    for binding in bindings:
        assign = tree.parent(binding)
        if not (isinstance(binding, cst.AssignTarget) and isinstance(assign, cst.Assign)):
            return False
        value, target = assign.value, binding.target
        if isinstance(target, cst.Name):
            buffer = isinstance(value, cst.Call) and (aliases.qualify(value.func) or "") in _BUFFERS
            if buffer or not numpy_numbers(value, aliases, tree, depth + 1, draws=False):
                return False
        elif isinstance(target, (cst.Tuple, cst.List)):
            if not (
                isinstance(value, cst.Call)
                and aliases.qualify(value.func) == "numpy.meshgrid"
                and value.args
                and all(
                    not a.star and numpy_numbers(a.value, aliases, tree, depth + 1, False) for a in value.args
                )
            ):
                return False
        else:
            return False
    for subscript in tree.of_type(scope, cst.Subscript):
        if isinstance(subscript.value, cst.Name) and subscript.value.value == name.value:
            above = tree.parent(subscript)
            if isinstance(above, (cst.AssignTarget, cst.AugAssign)):
                return False  # `a[i] = row`: data written into it
    return True


def _is_array_step(node: cst.BaseExpression, aliases: ImportAliases) -> bool:
    """``<array>.astype(np.float32)``, ``.flatten()``, ``.reshape(1, -1)``: the same numbers."""
    return (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value in _ARRAY_STEPS
        and aliases.qualify(node.func) is None
    )


def _numbers_written(
    node: cst.BaseExpression, aliases: ImportAliases, tree: Tree | None, depth: int, draws: bool
) -> bool:
    """``range(n)``, a display of number literals (nested too), or an array of :func:`numpy_numbers`."""
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "range":
        return True
    if isinstance(node, (cst.List, cst.Tuple)):
        return bool(node.elements) and all(
            isinstance(e, cst.Element)
            and (_number_literal(e.value) or _numbers_written(e.value, aliases, tree, depth, draws))
            for e in node.elements
        )
    return numpy_numbers(node, aliases, tree, depth, draws)


def _number_literal(node: cst.BaseExpression) -> bool:
    while isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        node = node.expression
    return isinstance(node, (cst.Integer, cst.Float))


def variable_argument(node: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression | None:
    """``Variable(x)`` (one positional argument): ``x``, which it returns since PyTorch 0.4; else None."""
    if type(node) is not cst.Call or aliases.qualify(node.func) not in _VARIABLE:
        return None
    args = positional(node)
    return args[0].value if len(args) == 1 and not any(a.star for a in node.args) else None


def _asks_for_grad(call: cst.Call) -> bool:
    requires_grad = kwarg(call, "requires_grad")
    return requires_grad is not None and code_of(requires_grad.value) != "False"


def _numpy_random(call: cst.Call, aliases: ImportAliases) -> bool:
    """``torch.from_numpy(np.random.uniform(...))`` (possibly scaled or cast): numbers made to be copied."""
    args = positional(call)
    return bool(args) and any(
        (aliases.qualify(inner.func) or "").startswith("numpy.random.") for inner in _calls_in(args[0].value)
    )


def _calls_in(node: cst.BaseExpression) -> list[cst.Call]:
    found, stack = [], [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Call):
            found.append(current)
            stack.extend(a.value for a in current.args)
            stack.append(current.func)
        elif isinstance(current, cst.Attribute):
            stack.append(current.value)
        elif isinstance(current, cst.BinaryOperation):
            stack += [current.left, current.right]
    return found

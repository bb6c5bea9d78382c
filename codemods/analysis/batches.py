"""How a loop's batch arrives, what it is made of, and the statements that move it.

A batch arrives in the names a ``for`` header binds (``for i, (x, y) in enumerate(loader)``), in
those ``next(it)`` binds in a ``while`` loop, and in the names it is then unpacked into
(``x, y = batch``, ``ids = batch["input_ids"]``, ``x, y = batch[0], batch[1]``). Its values keep
their device through the methods that return the same data (``x.float()``, ``x.view(-1)``,
``Variable(x)``): :func:`data_root` sees through them, and :func:`rebinding` tells such a re-binding
from a move (``x = x.to(device)``) and from a new value (``x = to_var(x)``).

A loop over Python values the file writes (a literal, ``.tolist()``, a NumPy array, or a generator of
the file that yields numbers, reached by name, alias, lambda, method, ``__iter__``, ``next()`` or
``yield from``) draws values that have no ``.to()``: :attr:`Batch.plain`. A value a generator of the
file yields (or a list of the file is appended) is a tensor only where the code shows it: a torch call,
a tensor's method, item or arithmetic, a name bound to one, a batch of a ``DataLoader``. Anything else
(``math.cos(i)``, ``x.item()``, a helper's result, ``W[k]``) is unknown, not a batch:
:attr:`Batch.unshown`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

import libcst as cst
import libcst.matchers as m

from codemods.analysis.moved_models import runs_model
from codemods.analysis.values import Kind, Values
from codemods.core.dataflow import assigned_names
from codemods.core.name_bindings import binding_counts, binding_scope, bindings_in, code_around, flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import SuiteStatement, code_of, func_attribute, line_statement
from codemods.core.torch_names import VARIABLE, Move, as_move, move_call
from codemods.core.tree import Tree

# Tensor methods that return the same data on the same device (so `x = x.float()` is still the batch).
_SAME_DEVICE_METHODS = frozenset(
    "float double half bfloat16 long int short bool byte view view_as reshape reshape_as unsqueeze squeeze"
    " permute transpose t contiguous flatten clone detach requires_grad_ expand expand_as repeat narrow"
    " index_select type_as abs log exp sqrt".split()
)
# ... and the torch functions of the same name (`torch.unsqueeze(x, 0)`).
_SAME_DEVICE_FUNCTIONS = frozenset(f"torch.{name}" for name in _SAME_DEVICE_METHODS)
_NEXT_CALL = m.Call(func=m.Name("next"), args=[m.AtLeastN(n=1)])
_ENUMERATE = m.Call(func=m.Name("enumerate"))
# Loops over numbers (`for epoch in range(n)`, `for step in count()`, `tqdm(range(n))`) carry no batch.
_COUNTING = m.Call(
    func=m.Name("range") | m.Name("count") | m.Name("trange") | m.Attribute(attr=m.Name("count"))
)
_COUNTED = _COUNTING | m.Call(
    func=m.Name("tqdm") | m.Attribute(attr=m.Name("tqdm")), args=[m.Arg(_COUNTING), m.ZeroOrMore()]
)
_RANGE = m.Call(func=m.Name("range"))
_CONSTANT_INDEX = m.Subscript(slice=[m.SubscriptElement(slice=m.Index(value=m.SimpleString() | m.Integer()))])
_CONTAINER_METHOD = m.Attribute(attr=m.Name("items") | m.Name("keys") | m.Name("values"))


@dataclass(frozen=True)
class Batch:
    """Where a loop's batch arrives."""

    names: list[str]  # the names its values are bound to
    anchor: SuiteStatement | None  # the statement after which they are all bound; None: the header
    source: cst.BaseExpression  # what the batches are drawn from: the loop's iterable, next()'s iterator
    body: list[SuiteStatement]  # the loop's statements
    # names the loop draws from Python values the file writes (`ys = [0.5, 1.0]`, `zip(xs, ys)`): no tensors
    plain: frozenset[str] = frozenset()
    # names drawn from a generator of the file whose yields the reading cannot follow (`yield from
    # other()`, `yield sample`): a Python number there has no `.to()`
    unshown: frozenset[str] = frozenset()

    @property
    def rest(self) -> list[SuiteStatement]:
        """The statements that use the batch, once it has arrived."""
        return self.body[self.body.index(self.anchor) + 1 :] if self.anchor is not None else self.body

    def moved_here(self, lines: list[cst.BaseStatement]) -> tuple[SuiteStatement, cst.FlattenSentinel]:
        """The edit that adds ``lines`` where the batch has arrived: after the anchor, else first."""
        if self.anchor is not None:
            return self.anchor, cst.FlattenSentinel([self.anchor, *lines])
        return self.body[0], cst.FlattenSentinel([*lines, self.body[0]])


def loop_batch(tree: Tree, loop: cst.For | cst.While, values: Values) -> Batch | None:
    """The batch of ``loop`` (a ``while`` loop has one only when it calls ``next()``); ``values`` tells
    what the names a generator of the file yields hold."""
    body: list[SuiteStatement] = list(loop.body.body)
    anchor: SuiteStatement | None = None
    drawn: tuple[cst.BaseExpression, cst.BaseExpression]  # the target and what it draws from
    if isinstance(loop, cst.For):
        target: cst.BaseExpression = loop.target
        source = loop.iter
        if m.matches(source, _COUNTED):
            return None
        if m.matches(source, _ENUMERATE) and m.matches(target, m.Tuple([m.DoNotCare(), m.DoNotCare()])):
            target = cst.ensure_type(target, cst.Tuple).elements[1].value  # the counter is no data
        names = flatten_names(target)
        drawn = loop.target, loop.iter
    else:
        fetched = _fetching_statement(tree, body)
        if fetched is None:
            return None
        anchor, names, source, fetching = fetched
        drawn = fetching, source
    # `x, y = batch` / `x = batch["x"]` right after: the batch arrives in those names.
    for stmt in body[body.index(anchor) + 1 if anchor is not None else 0 :]:
        unpacked = _unpacking(stmt, names)
        if unpacked is None:
            break
        batch, new_names = unpacked
        if m.matches(
            stmt, m.SimpleStatementLine([m.Assign([m.AssignTarget(m.Tuple() | m.List())], value=m.Name())])
        ):
            names = [n for n in names if n != batch]  # `x, y = batch`: the batch is gone, its values remain
        names = names + [n for n in new_names if n not in names]
        anchor = stmt
    plain, unshown = _drawn_kinds(tree, values, loop, *drawn)
    return Batch(names, anchor, source, body, plain, unshown - plain)


def _drawn_kinds(
    tree: Tree,
    values: Values,
    loop: cst.For | cst.While,
    target: cst.BaseExpression,
    source: cst.BaseExpression,
) -> tuple[frozenset[str], frozenset[str]]:
    """The names of ``target`` that draw a Python value (a number, a string, a list...) from a literal
    the file writes (``for x, y in zip(xs, ys)`` with ``ys = [0.5, 1.0]``, ``for x, y in [([1.0, 2.0],
    0.5)]``) or from a generator of the file that yields one (``yield x, i * 0.5``), and those drawn
    from a generator of the file whose yields are not shown, or that the file writes without showing
    it is a tensor (``[(torch.randn(3), math.cos(i)) for i in range(3)]``: see :func:`_shows_tensor`).
    A Python value has no ``.to()``, and meets a tensor on any device as it is."""
    plain: set[str] = set()
    unshown: set[str] = set()
    for part, value in _drawn(tree, values, loop, target, source):
        if not isinstance(part, cst.Name):
            continue
        if value is _NOT_SHOWN:
            unshown.add(part.value)
        elif _is_plain(value):
            plain.add(part.value)
        elif not _shows_tensor(values, value, value):
            unshown.add(part.value)  # written by the file, but maybe a number: `math.cos(i)`, `W[k]`
    return frozenset(plain), frozenset(unshown)


def _drawn(
    tree: Tree,
    values: Values,
    loop: cst.For | cst.While,
    target: cst.BaseExpression,
    source: cst.BaseExpression,
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, element) for each element of a literal ``source`` that ``target`` takes in turn,
    through ``zip``, ``enumerate`` and a name bound once, in the loop's scope, to a list or tuple
    literal (with what the scope appends to it), and unpacked into a tuple target, or what a generator
    of the file yields (element ``_NOT_SHOWN`` where it does not show what); empty where the elements
    are not shown."""
    if isinstance(source, cst.Name):
        appended = _appended_to(tree, values, loop, source.value)
        if appended is not None:
            return [pair for value in appended for pair in _unpacked_or_unshown(target, value)]
        source = _literal_bound(tree, loop, source.value) or source
    if (
        isinstance(source, cst.Call)
        and isinstance(source.func, cst.Name)
        and not any(a.star for a in source.args)
    ):
        parts = [a.value for a in source.args if a.keyword is None]
        if isinstance(target, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) for e in target.elements
        ):
            targets = [e.value for e in target.elements]
            if source.func.value == "zip" and len(parts) == len(targets):
                return [
                    pair for t, part in zip(targets, parts) for pair in _drawn(tree, values, loop, t, part)
                ]
            if source.func.value == "enumerate" and len(parts) == 1 and len(targets) == 2:
                return _drawn(tree, values, loop, targets[1], parts[0])
    generators = _iterated(tree, source)
    if generators is not None:
        return _yielded(tree, values, target, generators)
    if isinstance(source, (cst.ListComp, cst.GeneratorExp)):
        # `[(x, float(i)) for ...]`: each element is written so; a counter over `range` is a number
        counters: set[str] = set()
        clause: cst.CompFor | None = source.for_in
        while clause is not None:
            if isinstance(clause.iter, cst.Call) and dotted_name(clause.iter.func) == "range":
                counters |= {n.value for n in tree.of_type(clause.target, cst.Name)}
            clause = clause.inner_for_in
        return [
            (t, cst.Integer("0") if _counts(v, counters) else v) for t, v in _unpacked(target, source.elt)
        ]
    if _python_values(source):  # `ys.tolist()`, a NumPy array: Python or NumPy numbers, no `.to()`
        return [(t, cst.Integer("0")) for t in ([target] if isinstance(target, cst.Name) else [])]
    if not isinstance(source, (cst.List, cst.Tuple)):
        return []
    drawn: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for element in source.elements:
        if not isinstance(element, cst.Element):
            return drawn  # `*rest`: its elements are not shown
        drawn += _unpacked(target, element.value)
    return drawn


def _yielded(
    tree: Tree,
    values: Values,
    target: cst.BaseExpression,
    generators: list[cst.FunctionDef],
    depth: int = 0,
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, value) for each value a ``yield`` of the file's ``generators`` gives a part of ``target``
    (``yield torch.randn(3), i * 0.5``): a counter over ``range`` read as a number, a name the generator
    binds once by a plain assignment read as its value, what ``yield from`` a generator of the file
    gives read in that one. Where a yield does not show its parts (``yield from`` what the reading
    cannot follow, ``yield sample``, a generator not known), each name of ``target`` is paired with
    ``_NOT_SHOWN``; so is a part that is neither a Python value written out nor shown to be a tensor
    (``math.cos(i)``, ``x.sum().item()``, ``W[k]``, a helper's result: see :func:`_shows_tensor`). As
    for a literal, a part one yield gives a Python value may be one on any step: it has no ``.to()``."""
    not_shown: list[tuple[cst.BaseExpression, cst.BaseExpression]] = [
        (cst.Name(name), _NOT_SHOWN) for name in flatten_names(target)
    ]
    if not generators or depth > _MAX_DEPTH:
        return not_shown
    drawn: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for generator in generators:
        yields = _own_yields(tree, generator)
        # Names the generator binds once: a counter over `range`, or a plain assignment (`y = i * 0.5`).
        counters = {
            loop.target.value
            for loop in tree.of_type(generator.body, cst.For)
            if isinstance(loop.target, cst.Name)
            and m.matches(loop.iter, _RANGE)
            and len(bindings_in(tree, generator, loop.target.value)) == 1
        }
        bound: dict[str, cst.BaseExpression] = {}
        for name in {n.value for y in yields for n in tree.of_type(y, cst.Name)}:
            bindings = bindings_in(tree, generator, name)
            binding = bindings[0] if len(bindings) == 1 else None
            assign = tree.parent(binding) if isinstance(binding, cst.AssignTarget) else None
            if (
                isinstance(assign, cst.Assign)
                and len(assign.targets) == 1
                and m.matches(assign.targets[0].target, m.Name())
            ):
                bound[name] = assign.value
        for expression in yields:
            if isinstance(expression.value, cst.From):  # `yield from inner()`: what that one yields
                inner = _iterated(tree, expression.value.item, depth + 1)
                drawn += _yielded(tree, values, target, inner or [], depth + 1)
                continue
            parts = _unpacked(target, expression.value) if expression.value is not None else []
            if not parts:
                drawn += not_shown  # `yield`, `yield sample`: the parts are not shown
            for part, value in parts:
                yielded = value
                if isinstance(value, cst.Name) and value.value in bound:
                    value = bound[value.value]
                if _counts(value, counters):
                    value = cst.Integer("0")
                elif not (_is_plain(value) or _shows_tensor(values, yielded, expression)):
                    value = _NOT_SHOWN  # `math.cos(i)`, `x.item()`, `W[k]`: maybe a number, no `.to()`
                drawn.append((part, value))
    return drawn


def _unpacked_or_unshown(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """:func:`_unpacked`, each name of ``target`` paired with ``_NOT_SHOWN`` where ``value`` is."""
    if value is _NOT_SHOWN:
        return [(cst.Name(name), _NOT_SHOWN) for name in flatten_names(target)]
    return _unpacked(target, value)


# Torch functions that give no tensor (a device, a size, a flag, a number, what was saved).
_NOT_TENSOR_FUNCTIONS = frozenset(
    f"torch.{name}"
    for name in (
        "device Size dtype numel get_default_dtype manual_seed initial_seed seed load typename no_grad"
        " enable_grad set_grad_enabled"
    ).split()
)
# ... by their last name, also unbound (`torch.Tensor.item(x)`): a number, a tuple of tensors
# (`torch.max(x, 0)`, `torch.split(x, 2)`), what was saved.
_NOT_TENSOR_NAMES = frozenset(
    "item tolist numpy size dim nelement element_size stride data_ptr max min sort topk kthvalue mode"
    " median split chunk unbind meshgrid where std_mean var_mean load".split()
)
# Torch namespaces whose functions give no tensor, or what the code does not show.
_NOT_TENSOR_NAMESPACES = (
    "torch.cuda.",
    "torch.backends.",
    "torch.distributed.",
    "torch.utils.",
    "torch.hub.",
    "torch.jit.",
)
# Tensor methods that give a tensor (`x.sum()`, `x[0].float()`), besides the moves.
_TENSOR_METHODS = _SAME_DEVICE_METHODS | frozenset(
    "sum mean prod std var norm argmax argmin softmax log_softmax sigmoid tanh relu clamp pow mul add sub"
    " div matmul mm bmm index_select gather masked_fill to cuda cpu".split()
)


def _shows_tensor(values: Values, value: cst.BaseExpression, at: cst.CSTNode, depth: int = 0) -> bool:
    """Does the code show ``value`` (read at ``at``) to be a tensor: a torch call that makes one
    (``torch.randn(3)``, ``Variable(x)``, ``F.relu(h)``), a move (``x.to(device)``), a tensor's method,
    item or arithmetic (``x.view(-1)``, ``x[i]``, ``x * 2``), or a name that holds one where it is read
    (bound to one of these, a batch of a ``DataLoader``)? A number (``math.cos(i)``, ``x.item()``), an
    element of a list, dict or array, a helper's result: not shown."""
    if depth > _MAX_DEPTH:
        return False
    held = values.value_of(value, at)
    if held.kind in (Kind.TENSOR, Kind.BATCH):
        return True
    if isinstance(value, cst.UnaryOperation):
        return _shows_tensor(values, value.expression, at, depth + 1)
    if isinstance(value, cst.BinaryOperation):
        return any(_shows_tensor(values, side, at, depth + 1) for side in (value.left, value.right))
    if isinstance(value, cst.Subscript):
        return _shows_tensor(values, value.value, at, depth + 1)
    if isinstance(value, cst.Name):
        return _name_shows_tensor(values, value, at, depth)
    if not isinstance(value, cst.Call):
        return False
    qualified = values.aliases.qualify(value.func) or ""
    if qualified.startswith("torch."):
        last = qualified.rsplit(".", 1)[-1]
        return not (
            qualified in _NOT_TENSOR_FUNCTIONS
            or last in _NOT_TENSOR_NAMES
            or last.startswith("is_")
            or qualified.startswith(_NOT_TENSOR_NAMESPACES)
        )
    method = value.func.attr.value if isinstance(value.func, cst.Attribute) else None
    if method in ("to", "cuda"):
        return True  # a move: only a tensor (or a module) has one
    return (
        method in _TENSOR_METHODS
        and isinstance(value.func, cst.Attribute)
        and _shows_tensor(values, value.func.value, at, depth + 1)
    )


def _name_shows_tensor(values: Values, name: cst.Name, at: cst.CSTNode, depth: int) -> bool:
    """Is every binding of ``name`` in the function it is read in one that gives a tensor (``x =
    torch.randn(3)``, ``x, y = batch`` or ``for x, y in loader`` of a ``DataLoader``), an augmented
    assignment kept (``x += 1``) once one of them does?"""
    tree = values.tree
    scope = code_around(tree, name)
    if not isinstance(scope, cst.FunctionDef):
        return False
    bindings = bindings_in(tree, scope, name.value)
    tensor = False
    for binding in bindings:
        if isinstance(binding, cst.AugAssign):
            continue
        if isinstance(binding, cst.For):
            source = binding.iter
        elif isinstance(binding, cst.AssignTarget) and isinstance(assign := tree.parent(binding), cst.Assign):
            source = assign.value
            if isinstance(binding.target, cst.Name):
                if not _shows_tensor(values, source, binding, depth + 1):
                    return False
                tensor = True
                continue
        else:
            return False  # a parameter, a walrus, an import: not shown
        # unpacked from a batch of a `DataLoader` (`x, y = batch`, `for x, y in loader`)
        held = values.value_of(source, binding)
        if not (held.kind is Kind.BATCH or (isinstance(binding, cst.For) and held.kind is Kind.LOADER)):
            return False
        tensor = True
    return tensor


# What a generator yields where the reading cannot tell (an element of a pair of `_drawn`).
_NOT_SHOWN = cst.Ellipsis()
# How many calls, aliases and `yield from` the reading follows from a loop to a generator.
_MAX_DEPTH = 4


def _own_yields(tree: Tree, function: cst.FunctionDef) -> list[cst.Yield]:
    """The ``yield`` expressions of ``function`` itself (not of a function or lambda inside it)."""
    return [y for y in tree.of_type(function.body, cst.Yield) if code_around(tree, y) is function]


def _iterated(tree: Tree, source: cst.BaseExpression, depth: int = 0) -> list[cst.FunctionDef] | None:
    """The generators of the file whose yields a loop over ``source`` draws: ``gen()``, ``g()`` with
    ``g = gen``, ``make()`` with ``make = lambda: gen(3)``, ``Stream().batches()``, ``DS()`` (or
    ``ds`` with ``ds = DS()``) of a class whose ``__iter__`` is a generator, ``iter(...)`` of one, a
    name bound once to one of these; empty where it is a generator method of the file on an object
    the reading cannot tell; None where it is no generator of the file."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(source, cst.Name):
        value = _bound_once(tree, source, source.value)
        return _iterated(tree, value, depth + 1) if isinstance(value, cst.BaseExpression) else None
    if not isinstance(source, cst.Call) or any(a.star for a in source.args):
        return None
    if m.matches(source, m.Call(func=m.Name("iter"), args=[m.Arg()])):
        return _iterated(tree, source.args[0].value, depth + 1)
    called = _called(tree, source.func, depth)
    if isinstance(called, cst.Lambda):
        return _iterated(tree, called.body, depth + 1)  # `make = lambda: gen(3)`: the call it makes
    if isinstance(called, cst.ClassDef):
        called = _method(called, "__iter__")  # the instance is iterated
    if isinstance(called, cst.FunctionDef):
        return [called] if _own_yields(tree, called) else _returned_generators(tree, called, depth + 1)
    return called  # [] where a generator method of the file runs on an object not told, else None


def _returned_generators(tree: Tree, function: cst.FunctionDef, depth: int) -> list[cst.FunctionDef] | None:
    """The generators of the file whose yields what ``function`` returns gives (``__iter__`` returning
    ``iter(B())`` or ``gen()``): None unless every ``return`` of it gives one's."""
    returns = [r for r in tree.of_type(function.body, cst.Return) if code_around(tree, r) is function]
    found: list[cst.FunctionDef] = []
    for returned in returns:
        generators = _iterated(tree, returned.value, depth) if returned.value is not None else None
        if generators is None:
            return None
        found += generators
    return found if returns else None


def _called(
    tree: Tree, func: cst.BaseExpression, depth: int
) -> cst.FunctionDef | cst.ClassDef | cst.Lambda | list[cst.FunctionDef] | None:
    """What a call of ``func`` runs, by what the file shows: its function or class bound once to the
    name (through names bound once to it), a lambda, a method of the file's class the receiver is an
    instance of (``Stream().batches``, ``stream.batches`` with ``stream = Stream()``, ``self.batches``);
    ``[]`` for a method name of a generator method of a class of the file on a receiver not told."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(func, cst.Name):
        bound = _bound_once(tree, func, func.value)
        if isinstance(bound, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return bound
        return _called(tree, bound, depth + 1) if isinstance(bound, (cst.Name, cst.Attribute)) else None
    if not isinstance(func, cst.Attribute):
        return None
    cls = _instance_class(tree, func.value, depth)
    if cls is not None:
        return _method(cls, func.attr.value)
    methods = [
        method
        for c in tree.of_type(tree.root, cst.ClassDef)
        if (method := _method(c, func.attr.value)) is not None and _own_yields(tree, method)
    ]
    return [] if methods else None


def _instance_class(tree: Tree, receiver: cst.BaseExpression, depth: int) -> cst.ClassDef | None:
    """The file's class ``receiver`` is an instance of: ``Stream()``, a name bound once to one,
    ``self`` in a method of the class."""
    if isinstance(receiver, cst.Name) and receiver.value == "self":
        return next((a for a in tree.ancestors(receiver) if isinstance(a, cst.ClassDef)), None)
    if isinstance(receiver, cst.Name):
        bound = _bound_once(tree, receiver, receiver.value)
        return _instance_class(tree, bound, depth + 1) if isinstance(bound, cst.Call) else None
    if isinstance(receiver, cst.Call) and depth <= _MAX_DEPTH:
        called = _called(tree, receiver.func, depth + 1)
        return called if isinstance(called, cst.ClassDef) else None
    return None


def _method(cls: cst.ClassDef, name: str) -> cst.FunctionDef | None:
    """The method ``name`` the body of ``cls`` defines (once)."""
    defined = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    return defined[0] if len(defined) == 1 else None


def _bound_once(
    tree: Tree, read: cst.CSTNode, name: str
) -> cst.FunctionDef | cst.ClassDef | cst.BaseExpression | None:
    """What the one binding of ``name`` that a read at ``read`` sees gives it: its ``def``, its
    ``class``, or the value of a plain assignment; None when its scope binds it otherwise or more than
    once, or the file binds the name elsewhere too (a ``global`` may rebind it)."""
    if binding_counts(tree).get(name) != 1:
        return None
    bindings = bindings_in(tree, binding_scope(tree, read, name), name)
    if len(bindings) != 1:
        return None
    (binding,) = bindings
    if isinstance(binding, (cst.FunctionDef, cst.ClassDef)):
        return binding
    if not (isinstance(binding, cst.AssignTarget) and isinstance(binding.target, cst.Name)):
        return None
    assign = tree.parent(binding)
    return assign.value if isinstance(assign, cst.Assign) and len(assign.targets) == 1 else None


def _unpacked(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, value) pairs of ``target = value``, down through tuple targets and literal values."""
    if not isinstance(target, (cst.Tuple, cst.List)):
        return [(target, value)]
    if not (isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements)):
        return []
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for left, right in zip(target.elements, value.elements):
        if isinstance(left, cst.Element) and isinstance(right, cst.Element):
            pairs += _unpacked(left.value, right.value)
    return pairs


# Calls that read a list without changing it: a loop over it, its length.
_LIST_READERS = frozenset("len print enumerate zip iter list tuple sorted reversed".split())


def _appended_to(
    tree: Tree, values: Values, loop: cst.For | cst.While, name: str
) -> list[cst.BaseExpression] | None:
    """What the list ``name`` holds when its scope around ``loop`` binds it once to ``[]`` and then
    appends to it (``data.append((torch.randn(3), i * 0.5))``): each value appended, a part neither a
    Python value written out nor shown to be a tensor replaced by ``_NOT_SHOWN`` (the whole value when
    the scope changes the list otherwise: ``extend``, ``+=``, an item set, handed to a call). None
    where the scope appends nothing."""
    scope = next((a for a in tree.ancestors(loop) if isinstance(a, (cst.FunctionDef, cst.Module))), tree.root)
    bindings = bindings_in(tree, scope, name)
    if len(bindings) != 1 or not isinstance(bindings[0], cst.AssignTarget):
        return None
    assign = tree.parent(bindings[0])
    if not (isinstance(assign, cst.Assign) and m.matches(assign.value, m.List([]))):
        return None
    counters = {
        counted.target.value
        for counted in tree.of_type(scope, cst.For)
        if isinstance(counted.target, cst.Name) and m.matches(counted.iter, _RANGE)
    }
    appended: list[cst.BaseExpression] = []
    changed = False
    for read in tree.of_type(scope, cst.Name):
        if read.value != name or binding_scope(tree, read, name) is not scope:
            continue  # (another function's list of the same name)
        parent = tree.parent(read)
        call = tree.parent(parent) if isinstance(parent, cst.Attribute) and parent.value is read else None
        if isinstance(call, cst.Call) and call.func is parent and isinstance(parent, cst.Attribute):
            method = parent.attr.value
            if method in ("append", "insert") and call.args and not any(a.star for a in call.args):
                value = call.args[-1].value
                appended.append(_shown_parts(values, value, call, counters))
            elif method not in ("pop", "index", "count", "copy"):
                changed = True  # `extend`, `__setitem__`, `sort`: what it holds is not shown
        elif isinstance(parent, cst.Arg):
            caller = tree.parent(parent)
            if not (isinstance(caller, cst.Call) and dotted_name(caller.func) in _LIST_READERS):
                changed = True  # handed to code that may fill it
        elif isinstance(parent, (cst.AugAssign, cst.Subscript)):
            changed = changed or isinstance(parent, cst.AugAssign) or _written(tree, parent)
    if not appended:
        return None
    return [_NOT_SHOWN] if changed else appended


def _shown_parts(
    values: Values, value: cst.BaseExpression, at: cst.CSTNode, counters: set[str]
) -> cst.BaseExpression:
    """``value`` (a tuple's elements each) as far as it is shown: a Python value written out (or a
    counter's number) or a tensor kept, anything else ``_NOT_SHOWN``."""
    if isinstance(value, cst.Tuple) and all(isinstance(e, cst.Element) for e in value.elements):
        return value.with_changes(
            elements=[
                e.with_changes(value=_shown_parts(values, e.value, at, counters)) for e in value.elements
            ]
        )
    if _counts(value, counters):
        return cst.Integer("0")
    return value if _is_plain(value) or _shows_tensor(values, value, at) else _NOT_SHOWN


def _literal_bound(tree: Tree, loop: cst.For | cst.While, name: str) -> cst.BaseExpression | None:
    """The list or tuple literal ``name`` is bound to, where its scope around ``loop`` binds it once,
    by a plain assignment."""
    scope = next((a for a in tree.ancestors(loop) if isinstance(a, (cst.FunctionDef, cst.Module))), tree.root)
    bindings = bindings_in(tree, scope, name)
    if len(bindings) != 1 or not isinstance(bindings[0], cst.AssignTarget):
        return None
    assign = tree.parent(bindings[0])
    if not (isinstance(assign, cst.Assign) and isinstance(bindings[0].target, cst.Name)):
        return None
    value = assign.value
    shown = isinstance(value, (cst.List, cst.Tuple, cst.ListComp, cst.GeneratorExp)) or _python_values(value)
    return value if shown else None


def _counts(value: cst.BaseExpression, counters: set[str]) -> bool:
    """``i``, ``i * 0.5``, ``-i``: a counter over ``range``, or numbers made of one."""
    if isinstance(value, cst.UnaryOperation):
        return _counts(value.expression, counters)
    if isinstance(value, cst.BinaryOperation):
        return all(
            isinstance(side, (cst.Integer, cst.Float)) or _counts(side, counters)
            for side in (value.left, value.right)
        )
    return isinstance(value, cst.Name) and value.value in counters


def _python_values(source: cst.BaseExpression) -> bool:
    """``t.tolist()`` (Python numbers) or ``np.array(...)``/``np.asarray(...)`` (NumPy numbers): what a
    loop over it draws has no ``.to()``."""
    if not isinstance(source, cst.Call):
        return False
    if isinstance(source.func, cst.Attribute) and source.func.attr.value == "tolist":
        return True
    return (dotted_name(source.func) or "").split(".")[-1] in ("array", "asarray") and (
        dotted_name(source.func) or ""
    ).startswith(("np.", "numpy."))


def _is_plain(value: cst.BaseExpression) -> bool:
    """A Python value written out: a number, a string, ``True``/``None``, a list, tuple, dict or set."""
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    if isinstance(value, cst.Call) and dotted_name(value.func) in (
        "float",
        "int",
        "str",
        "bool",
        "round",
        "len",
    ):
        return True  # `float(i)`: a Python number
    if isinstance(value, cst.Call) and (dotted_name(value.func) or "").startswith(("np.", "numpy.")):
        return True  # `np.float64(x)`, `np.array(...)`: NumPy values, which have no `.to()` either
    return isinstance(
        value,
        (
            cst.Integer,
            cst.Float,
            cst.Imaginary,
            cst.SimpleString,
            cst.ConcatenatedString,
            cst.FormattedString,
            cst.List,
            cst.Tuple,
            cst.Dict,
            cst.Set,
        ),
    )


def _fetching_statement(
    tree: Tree, body: list[SuiteStatement]
) -> tuple[SuiteStatement, list[str], cst.BaseExpression, cst.BaseExpression] | None:
    """In a ``while`` loop: the first statement that binds ``x, y = next(it)`` (also inside a
    ``try`` that restarts the iterator), the names, the iterator, and the first target."""
    for stmt in body:
        names: list[str] = []
        fetches = [a for a in tree.of_type(stmt, cst.Assign) if m.matches(a.value, _NEXT_CALL)]
        for assign in fetches:
            for target in assign.targets:
                names += [n for n in flatten_names(target.target) if n not in names]
        if names:
            iterator = cst.ensure_type(fetches[-1].value, cst.Call).args[0].value
            return stmt, names, iterator, fetches[-1].targets[0].target
    return None


def _unpacking(stmt: SuiteStatement, names: list[str]) -> tuple[str, list[str]] | None:
    """``x, y = batch``, ``x = batch["x"]`` or ``x, y = batch[0], batch[1]``: (batch, new names)."""
    if not m.matches(stmt, m.SimpleStatementLine([m.Assign([m.AssignTarget()])])):
        return None
    small = line_statement(stmt, cst.Assign)
    target, value = small.targets[0].target, small.value
    if isinstance(target, (cst.Tuple, cst.List)):
        unpacked = dotted_name(value)
        if unpacked is not None and unpacked in names:
            return unpacked, flatten_names(target)
    pairs = bound_pairs(target, value)
    sources = {dotted_name(v.value) if isinstance(v, cst.Subscript) else None for _, v in pairs}
    if pairs and len(sources) == 1:
        source = sources.pop()
        if source in names and all(is_item_of(v, source) for _, v in pairs):
            return source, [t.value for t, _ in pairs]
    return None


def bound_pairs(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.Name, cst.BaseExpression]]:
    """``a = v`` and ``a, b = v, w`` as (name, value) pairs; empty for any other shape."""
    if isinstance(target, cst.Name):
        return [(target, value)]
    if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)):
        if len(target.elements) == len(value.elements) and all(
            isinstance(e.value, cst.Name) for e in target.elements
        ):
            return [
                (cst.ensure_type(t.value, cst.Name), v.value) for t, v in zip(target.elements, value.elements)
            ]
    return []


def is_item_of(node: cst.BaseExpression, name: str | None) -> TypeGuard[cst.Subscript]:
    """``name["key"]`` or ``name[0]``: one value of a batch held in a dict, tuple or list."""
    return (
        m.matches(node, _CONSTANT_INDEX) and dotted_name(cst.ensure_type(node, cst.Subscript).value) == name
    )


def item_in(node: cst.BaseExpression, name: str, aliases: ImportAliases) -> cst.Subscript | None:
    """``batch[1]`` in ``batch[1]``, ``batch[1].view(-1)`` or ``Variable(batch[1])``: the value of the
    batch an argument is made from, on the same device."""
    while not is_item_of(node, name):
        inner = _same_data(node, aliases)
        if inner is None:
            return None
        node = inner
    return node


def data_root(node: cst.BaseExpression, aliases: ImportAliases) -> str | None:
    """``x``, ``x[idx]``, ``x.view(-1).float()``, ``Variable(x)``: the name whose data this is, on
    the same device; None for anything else (``x.cpu()``, ``f(x)``)."""
    return dotted_name(data_node(node, aliases))


def data_node(node: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression:
    """The expression whose data ``node`` is, on the same device: ``x`` in ``x[idx].float()``,
    ``model(x)`` in ``model(x).squeeze(1)``; ``node`` itself when it is no such view."""
    while True:
        inner = node.value if isinstance(node, cst.Subscript) else _same_data(node, aliases)
        if inner is None:
            return node
        node = inner


def is_variable(node: cst.BaseExpression, aliases: ImportAliases) -> TypeGuard[cst.Call]:
    """``Variable(x)``: a legacy wrapper that holds the same data (no move)."""
    return isinstance(node, cst.Call) and aliases.qualify(node.func) in VARIABLE


def _same_data(node: cst.BaseExpression, aliases: ImportAliases) -> cst.BaseExpression | None:
    """The expression ``node`` holds the same data as, on the same device (``x`` in ``x.float()``)."""
    if not isinstance(node, cst.Call):
        return None
    if (is_variable(node, aliases) or aliases.qualify(node) in _SAME_DEVICE_FUNCTIONS) and node.args:
        return node.args[0].value
    if aliases.is_method_call(node):
        method = func_attribute(node)
        if method.attr.value in _SAME_DEVICE_METHODS:
            return method.value
    return None


def used_as_container(tree: Tree, name: str, body: Sequence[SuiteStatement]) -> bool:
    """Is ``name`` indexed with keys or constants, or asked for ``.items()``: a dict, list or tuple?"""
    nodes = (node for stmt in body for node in tree.of_type(stmt, (cst.Subscript, cst.Attribute)))
    return any(
        is_item_of(node, name) or (m.matches(node, _CONTAINER_METHOD) and dotted_name(node.value) == name)
        for node in nodes
    )


def used_as_itself(tree: Tree, name: str, body: Sequence[SuiteStatement]) -> cst.CSTNode | None:
    """The first use of ``name`` in ``body`` that needs the object itself, not its values: a write into
    it (``batch["pred"] = out``), an attribute (``batch.b``, ``batch.shape``), the name passed or
    bound whole. Only a star argument (``model(**batch)``), a read of one value (``batch["ids"]``)
    and ``.items()``/``.keys()``/``.values()``/``.get()`` read its values alone; None when every use
    is one of these."""
    for stmt in body:
        for node in tree.of_type(stmt, cst.Name):
            if node.value != name:
                continue
            parent = tree.parent(node)
            if isinstance(parent, cst.Arg) and parent.star and parent.value is node:
                continue
            if isinstance(parent, cst.Subscript) and parent.value is node and not _written(tree, parent):
                continue
            if (
                isinstance(parent, cst.Attribute)
                and parent.value is node
                and parent.attr.value in ("items", "keys", "values", "get")
                and isinstance(tree.parent(parent), cst.Call)
            ):
                continue
            if isinstance(parent, cst.Attribute) and parent.attr is node:
                continue  # `other.batch`: another object's attribute
            return parent if isinstance(parent, (cst.Subscript, cst.Attribute)) else node
    return None


def _written(tree: Tree, subscript: cst.Subscript) -> bool:
    """Is ``subscript`` the target of an assignment or a ``del``?"""
    parent = tree.parent(subscript)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)):
        return parent.target is subscript
    return isinstance(parent, cst.Del) or (isinstance(parent, cst.Element) and _written_element(tree, parent))


def _written_element(tree: Tree, element: cst.Element) -> bool:
    """An element of a tuple or list target (``batch["a"], x = ...``)."""
    container = tree.parent(element)
    parent = tree.parent(container) if container is not None else None
    return isinstance(parent, (cst.AssignTarget, cst.For, cst.CompFor)) and parent.target is container


def model_calls(tree: Tree, body: Sequence[SuiteStatement], model: str) -> list[cst.Call]:
    return [
        call
        for stmt in body
        for call in tree.of_type(stmt, cst.Call)
        if runs_model(dotted_name(call.func), model)
    ]


def passed_to(tree: Tree, name: str, body: Sequence[SuiteStatement], model: str) -> bool:
    """``model(batch)``: ``name`` itself (not one of its values) is an argument of the model."""
    return any(
        not a.star and dotted_name(a.value) == name for c in model_calls(tree, body, model) for a in c.args
    )


def starred_into(tree: Tree, name: str, body: Sequence[SuiteStatement], model: str) -> str | None:
    """``model(**batch)`` -> "**", ``model(*batch)`` -> "*" (before ``name`` is re-bound)."""
    for stmt in body:
        if name in assigned_names(tree, stmt):
            return None
        for arg in (a for c in model_calls(tree, [stmt], model) for a in c.args):
            if arg.star and dotted_name(arg.value) == name:
                return arg.star
    return None


def rebinding(tree: Tree, stmt: cst.CSTNode, name: str, aliases: ImportAliases) -> str:
    """How ``stmt`` re-binds ``name``: "none", "same" (``x = Variable(x)``, ``x = x.float()``: the same
    data on the same device), "move" (``x = x.to(device)``), or "other"."""
    if name not in assigned_names(tree, stmt):
        return "none"
    if any(name in assigned_names(tree, n) for n in tree.of_type(stmt, (cst.For, cst.AsName, cst.AnnAssign))):
        return "other"
    kinds: set[str] = set()
    for node in tree.of_type(stmt, (cst.Assign, cst.AugAssign)):
        if isinstance(node, cst.AugAssign):
            kinds.add("same" if dotted_name(node.target) == name else "none")
            continue
        for target in node.targets:
            if name in flatten_names(target.target):
                kinds.add(_value_kind(tree, _value_bound_to(name, target.target, node.value), name, aliases))
    if not kinds or "other" in kinds:
        return "other"
    return "move" if "move" in kinds else "same"


def _value_bound_to(
    name: str, target: cst.BaseExpression, value: cst.BaseExpression
) -> cst.BaseExpression | None:
    """The part of ``value`` that ``name`` gets (``y`` in ``x, name = a, y``); None when unknown."""
    if isinstance(target, cst.Name):
        return value
    pairs = bound_pairs(target, value)
    return next((v for t, v in pairs if t.value == name), None)


def _value_kind(tree: Tree, value: cst.BaseExpression | None, name: str, aliases: ImportAliases) -> str:
    if value is not None and any(as_move(c) is not None for c in tree.of_type(value, cst.Call)):
        return "move"
    return "same" if value is not None and data_root(value, aliases) == name else "other"


def moved_names_statement(names: list[str], move: Move) -> cst.SimpleStatementLine:
    """``x, y = x.to(device), y.to(device)`` (or ``x = x.cuda()``), mirroring ``move``."""
    values = [move_call(cst.Name(n), move) for n in names]
    if len(names) == 1:
        return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[0]))], values[0])])
    targets = cst.Tuple([cst.Element(cst.Name(n)) for n in names], lpar=[], rpar=[])
    moved = cst.Tuple([cst.Element(v) for v in values], lpar=[], rpar=[])
    return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(targets)], moved)])


def under_guard(lines: Sequence[cst.BaseStatement], guard: cst.BaseExpression) -> cst.If:
    """``if use_cuda:`` around ``lines``: data moved under the condition its model was moved under."""
    return cst.If(test=guard.deep_clone(), body=cst.IndentedBlock(list(lines)))


def moved_values_statement(
    name: str, star: str, move: Move, torch: str, taken: set[str]
) -> cst.BaseStatement:
    """``batch = {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}`` for a batch
    passed as ``**batch`` (a list comprehension for ``*batch``): which keys it has is unknown, and its
    other values (strings, lengths) stay as they are. ``taken``: names the new variables must avoid."""
    k, v = ("k", "v") if not taken & {"k", "v"} else ("key", "value")
    moved = code_of(move_call(cst.Name(v), move))
    value = f"{moved} if {torch}.is_tensor({v}) else {v}"
    if star == "**":
        return cst.parse_statement(f"{name} = {{{k}: {value} for {k}, {v} in {name}.items()}}\n")
    return cst.parse_statement(f"{name} = [{value} for {v} in {name}]\n")

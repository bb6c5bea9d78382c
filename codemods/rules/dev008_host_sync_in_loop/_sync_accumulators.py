"""The running sum a training loop reads back every step: ``total += loss.item()``, kept on the device.

The ``.item()`` becomes ``.detach().double()`` (the sum stays a device tensor, no sync, in the float64
the host summed in, so the digits stay the same; where the file may pick a device without float64,
such as Apple's MPS, the value's device chooses at run time between that and the host's ``.item()``:
see :func:`kept_float` and :func:`_named_first`) and one
``total = float(total)`` after the loop gives the float back, when the last binding of ``total``
before the loop (in the loop's block, any number of statements before it) is a number: ``0.0``, or
``0`` where the sum is of a torch loss (a float: an int start would become a float after the first
step anyway), also as one of ``total, n = 0, 0``. Inside the loop ``total`` may be reset to a number
and read where the code logs (under an ``if``: every N steps); those reads become ``float(total)``,
so the sync happens only there. A read on every step would sync every step: then nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

import libcst as cst
import libcst.matchers as m

from codemods.analysis.cli_options import CliOptions
from codemods.analysis.legacy_constructors import is_size
from codemods.analysis.scalars import Scalars
from codemods.core.dataflow import assigned_names, bound_value
from codemods.core.name_bindings import flatten_names
from codemods.core.syntax import called_method, code_of, percent_conversion
from codemods.core.tree import Tree

_SUM_INTO_NAME = m.AugAssign(target=m.Name(), operator=m.AddAssign())


def accumulator_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    scalars: Scalars,
    float64: bool,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``total += loss.item()`` (or ``total = total + loss.item()``) in ``loop``: the edits that keep the
    sum on the device, or None. With ``float64`` (every device the file may pick has it) the sum is kept
    in float64, else in float32."""
    plan = _sum_plan(tree, item, statement, loop, scalars)
    if not isinstance(plan, _SumPlan):
        return None
    augmented, term, total, count, reads = plan
    receiver = item_receiver(item)
    # (in `total = total + ...` the kept value is an operand of `+`, parenthesized where it is a choice)
    in_operation = not (isinstance(augmented, cst.AugAssign) and term is item)
    detached = kept_float(item, float64, in_operation=in_operation)
    # a count of comparisons has no graph to detach and is exact in int64: the tensor itself
    kept: cst.BaseExpression = receiver if count else detached
    back = "int" if count else "float"
    replacements: dict[int, cst.CSTNode | cst.FlattenSentinel[cst.SimpleStatementLine]] = {id(item): kept}
    if not count and not keeps_float64(item, float64):
        replacements = _named_first(tree, item, augmented, f"{total}_term") or replacements
    replacements.update({id(r): cst.Call(func=cst.Name(back), args=[cst.Arg(r)]) for r in reads})
    copied = copied_count(tree, item, statement, loop) if count else None
    if copied is not None:  # (`correct = (p == y).cpu().sum()`: counted on the device, `(p == y).sum()`)
        binding, on_device = copied
        replacements[id(binding)] = on_device
    fixed = loop.visit(_Replace(replacements))
    converted = cst.parse_statement(f"{total} = {back}({total})\n")
    return _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), converted, total)


def sum_refusal(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    scalars: Scalars,
) -> str | None:
    """Why :func:`accumulator_fix` keeps ``total += loss.item()`` on the host, told by the first of its
    checks that fails, for the finding's message; None where the statement is no such sum or no check
    fails."""
    plan = _sum_plan(tree, item, statement, loop, scalars)
    return plan if isinstance(plan, str) else None


class _SumPlan(NamedTuple):
    """What :func:`accumulator_fix` rewrites: the statement that sums, its term, the sum's name, whether
    it is a count (an int start of a count: kept int64), and the reads where the loop logs it."""

    augmented: cst.AugAssign | cst.Assign
    term: cst.BaseExpression
    total: str
    is_count: bool
    reads: list[cst.Name]


def _sum_plan(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    scalars: Scalars,
) -> _SumPlan | str | None:
    """The checks :func:`accumulator_fix` makes, in order, for ``total += loss.item()`` in ``loop``:
    its plan when all pass, why not (the first that fails) as a string, or None where ``statement`` is
    no such sum. One sequence, so that a finding's message names the check the fix really failed."""
    parts = _sum_parts(statement)
    if parts is None:
        return None
    augmented, target, term = parts
    total = target.value
    if not _is_item_term(term, item, tree, loop):
        return f"it is added to `{total}` with a factor not shown to be a number or a batch size"
    before = _statements_before(tree, loop, climbing=total)
    if before is None:
        return "the loop sits where the fix cannot add statements before it"
    start = _number_before(tree, before, total)
    if start is None:
        return f"`{total}` is not started as a number just before the loop"
    count = _counts(tree, loop, statement, item, term, start, scalars)
    if count is None:
        return (
            f"`{total}` starts as an int and the value is not shown to be floating (a sum of ints must"
            f" stay an int; start it as `0.0` where it sums floats)"
        )
    reads = _logged_reads(tree, loop, augmented, total, scaled=not count)
    if reads is None:
        return f"the loop reads `{total}` every step, or binds it, not only where it logs"
    if _declared_global(tree, loop, total):
        return f"`{total}` is declared global: other code may read it"
    return _SumPlan(augmented, term, total, count, reads)


def _counts(
    tree: Tree,
    loop: cst.For | cst.While,
    statement: cst.CSTNode,
    item: cst.Call,
    term: cst.BaseExpression,
    start: cst.Integer | cst.Float | None,
    scalars: Scalars,
) -> bool | None:
    """Whether a sum started at ``start`` before ``loop`` and added ``term`` (holding ``item``) to in
    ``statement`` is a count (True: kept an int64 tensor), a float sum (False), or neither (None: no
    number to start from, or an int sum of what may be ints, which must stay an int on the host).
    ``correct += (pred == y).sum().item()`` from an int is a count, and so is the sum of a name the
    step binds to one first (``correct = (pred == y).sum()``)."""
    if start is None:
        return None
    receiver = item_receiver(item)
    count = (
        isinstance(start, cst.Integer)
        and term is item
        and (
            _is_count(_count_binding(tree, loop, statement, receiver))
            or copied_count(tree, item, statement, loop) is not None
        )
    )
    if isinstance(start, cst.Integer) and not count and not _is_floating(tree, loop, receiver, scalars):
        return None
    return count


def _count_binding(
    tree: Tree, loop: cst.CSTNode, before: cst.CSTNode, value: cst.BaseExpression
) -> cst.BaseExpression:
    """What ``value`` holds where ``before`` runs: for a name, the value of its one binding in ``loop``,
    made on every step (in no branch or inner loop) earlier in it and not changed in place after
    (``correct = (pred == y).sum()``); else ``value`` itself."""
    if not isinstance(value, cst.Name):
        return value
    assign = _sole_assignment(tree, loop, value.value)
    if (
        assign is None
        or not isinstance(assign.targets[0].target, cst.Name)
        or _position(tree, assign) >= _position(tree, before)
        or any(
            isinstance(a, (cst.If, cst.For, cst.While, cst.Try, cst.FunctionDef, cst.Lambda))
            for a in _until(tree, assign, loop)
        )
        or _changed_after(tree, loop, assign, value.value)
    ):
        return value
    return assign.value


def copied_count(
    tree: Tree, item: cst.Call, statement: cst.CSTNode, loop: cst.CSTNode
) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``correct = (pred == y).cpu().sum()`` bound every step, then ``total += correct.item()``: the count
    the step copies to the host under a name read nowhere else (in the loop or after it), as the binding's
    value and that value counted on the device, ``(pred == y).sum()`` (an int64 sum, exact wherever it
    runs); None for any other ``.item()``."""
    receiver = item_receiver(item)
    if not isinstance(receiver, cst.Name):
        return None
    binding = _count_binding(tree, loop, statement, receiver)
    if binding is receiver:
        return None
    on_device = device_side(binding)
    if on_device is None or not _is_count(on_device[0]):
        return None
    name = receiver.value
    reads = []
    for occurrence in tree.of_type(loop, cst.Name):
        parent = tree.parent(occurrence)
        if occurrence.value != name or isinstance(parent, cst.AssignTarget):
            continue
        if not (isinstance(parent, cst.Attribute) and parent.attr is occurrence):  # (`x.name`: an attribute)
            reads.append(occurrence)
    if reads != [receiver] or _read_outside(tree, loop, name):
        return None
    return binding, on_device[0]


def counted_copy_sum(
    tree: Tree, copy: cst.Call, statement: cst.CSTNode, loop: cst.CSTNode
) -> tuple[cst.Call, cst.AugAssign] | None:
    """``correct = (pred == y).cpu().sum()``, the ``.cpu()`` being ``copy``, where the loop's one read of
    ``correct`` is ``total += correct.item()``: that ``.item()`` and its sum, which :func:`accumulator_fix`
    keeps on the device without the copy (:func:`copied_count`); None for anything else."""
    if not (
        isinstance(statement, cst.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
        and tree.inside(copy, statement.value)
    ):
        return None
    name = statement.targets[0].target.value
    for occurrence in tree.of_type(loop, cst.Name):
        attribute = tree.parent(occurrence)
        if occurrence.value != name or not isinstance(attribute, cst.Attribute):
            continue
        item = tree.parent(attribute)
        summed = tree.parent(item)
        if not (
            attribute.value is occurrence
            and isinstance(item, cst.Call)
            and isinstance(summed, cst.AugAssign)
            and summed.value is item
        ):
            continue
        copied = copied_count(tree, item, summed, loop)
        if copied is not None and copied[0] is statement.value:
            return item, summed
    return None


def _sum_parts(
    statement: cst.CSTNode,
) -> tuple[cst.AugAssign | cst.Assign, cst.Name, cst.BaseExpression] | None:
    """The sum ``statement`` is, its target and the term it adds: ``total += term``, or the same sum
    spelled ``total = total + term`` (one target, the name itself on the left of the ``+``); None for
    anything else."""
    if m.matches(statement, _SUM_INTO_NAME):
        augmented = cst.ensure_type(statement, cst.AugAssign)
        return augmented, cst.ensure_type(augmented.target, cst.Name), augmented.value
    if not (
        isinstance(statement, cst.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0].target, cst.Name)
        and isinstance(statement.value, cst.BinaryOperation)
        and isinstance(statement.value.operator, cst.Add)
        and m.matches(statement.value.left, m.Name(statement.targets[0].target.value))
        and not statement.value.lpar
    ):
        return None
    return statement, statement.targets[0].target, statement.value.right


def _own_reads(statement: cst.AugAssign | cst.Assign) -> tuple[cst.CSTNode, ...]:
    """The occurrences of the sum's name that the sum itself makes: the target of ``total += ...``, or
    the target and the left operand of ``total = total + ...``."""
    if isinstance(statement, cst.AugAssign):
        return (statement.target,)
    return (statement.targets[0].target, cst.ensure_type(statement.value, cst.BinaryOperation).left)


_SUM_INTO_KEY = m.AugAssign(
    target=m.Subscript(value=m.Name(), slice=[m.SubscriptElement(m.Index(m.SimpleString()))]),
    operator=m.AddAssign(),
)


def keyed_sum_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    scalars: Scalars,
    float64: bool,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``metrics["test_loss"] += loss.item()`` in ``loop``, where ``metrics = {"test_loss": 0, ...}``
    (numbers under string keys) runs just before it and the loop names ``metrics`` only to add to its
    keys, this key in that one statement: the same sum as :func:`accumulator_fix` keeps, under its key
    (a float sum in float64, a count from the int 0 as an int64 count), converted once after the loop
    (``metrics["test_loss"] = float(metrics["test_loss"])``). None otherwise, and where the device may
    lack float64 and the value is not a name (it would be summed in float32)."""
    if not m.matches(statement, _SUM_INTO_KEY):
        return None
    augmented = cst.ensure_type(statement, cst.AugAssign)
    target = cst.ensure_type(augmented.target, cst.Subscript)
    owner = cst.ensure_type(target.value, cst.Name).value
    key = cst.ensure_type(cst.ensure_type(target.slice[0].slice, cst.Index).value, cst.SimpleString)
    term = augmented.value
    if not _is_item_term(term, item, tree, loop):
        return None
    before = _statements_before(tree, loop, climbing=owner)
    if before is None or _declared_global(tree, loop, owner):
        return None
    start = _keyed_number_before(tree, before, owner, key.evaluated_value)
    count = _counts(tree, loop, statement, item, term, start, scalars)
    if count is None:
        return None
    receiver = item_receiver(item)
    if not count and not keeps_float64(item, float64):
        return None
    for occurrence in tree.of_type(loop, cst.Name):
        if occurrence.value != owner:
            continue
        subscript = tree.parent(occurrence)
        other = tree.parent(subscript) if isinstance(subscript, cst.Subscript) else None
        if not (
            isinstance(subscript, cst.Subscript)
            and subscript.value is occurrence
            and isinstance(other, cst.AugAssign)
            and other.target is subscript
            and m.matches(other, _SUM_INTO_KEY)
        ):
            return None  # read, bound or handed on in the loop: it must hold the numbers it holds now
        index = cst.ensure_type(cst.ensure_type(subscript.slice[0].slice, cst.Index).value, cst.SimpleString)
        if other is not augmented and index.evaluated_value == key.evaluated_value:
            return None  # the same key summed twice: one of them may add a host number
    kept = receiver if count else kept_float(item, float64, in_operation=term is not item)
    fixed = loop.visit(_Replace({id(item): kept}))
    spelled = code_of(target)
    back = "int" if count else "float"
    converted = cst.parse_statement(f"{spelled} = {back}({spelled})\n")
    return _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), converted, spelled)


def _keyed_number_before(
    tree: Tree, statements: list[cst.BaseStatement], owner: str, key: str | bytes
) -> cst.Integer | cst.Float | None:
    """The number under ``key`` of the dict literal the last statement naming ``owner`` before the loop
    binds it to (``metrics = {"test_loss": 0, "test_total": 0}``: string keys only), else None."""
    for statement in reversed(statements):
        if owner not in {n.value for n in tree.of_type(statement, cst.Name)}:
            continue
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return None
        small = statement.body[0]
        if not (
            isinstance(small, cst.Assign)
            and len(small.targets) == 1
            and m.matches(small.targets[0].target, m.Name(owner))
            and isinstance(small.value, cst.Dict)
        ):
            return None
        found: cst.Integer | cst.Float | None = None
        for element in small.value.elements:
            if not (isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)):
                return None
            if element.key.evaluated_value == key:
                found = element.value if isinstance(element.value, (cst.Integer, cst.Float)) else None
        return found
    return None


# Devices that have float64: there a sum kept on the device in float64 has the host's digits.
_FLOAT64_DEVICES = '("cuda", "cpu")'


def float_sum_fix(
    tree: Tree,
    conversion: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    float64: bool,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``total += float(loss)`` in ``loop`` (also scaled, ``float(loss) * n``, and ``float(t.item())``,
    a count's float too): the same sum as
    :func:`accumulator_fix` keeps for ``loss.item()``, on the device in float64 (``float(t)`` is the
    host's float64 of ``t``'s one element, whatever its dtype, and so is ``t.double()``), converted once
    after the loop; an int start too, which the first float made a float. Where the file may pick a
    device without float64, ``t``'s own device chooses at run time between that and ``float(t)``; a
    ``t`` that is not a name is named first (``cor_term = (y == out).sum()`` on a line of its own), so
    that it is not computed twice. None otherwise."""
    if not m.matches(statement, _SUM_INTO_NAME) or not m.matches(
        conversion, m.Call(func=m.Name("float"), args=[m.Arg(keyword=None, star="")])
    ):
        return None
    augmented = cst.ensure_type(statement, cst.AugAssign)
    if not _is_item_term(augmented.value, conversion, tree, loop):
        return None
    value = conversion.args[0].value
    if m.matches(value, m.Call(func=m.Attribute(attr=m.Name("item")), args=[])):
        value = cst.ensure_type(cst.ensure_type(value, cst.Call).func, cst.Attribute).value  # float(t.item())
    total = cst.ensure_type(augmented.target, cst.Name).value
    term = f"{total}_term"
    named = not float64 and not _plain_reference(value)  # named first, `cor_term = (y == out).sum()`
    if named and not can_name_first(tree, augmented, term):
        return None
    before = _statements_before(tree, loop, climbing=total)
    if before is None or _number_before(tree, before, total) is None:
        return None
    reads = _logged_reads(tree, loop, augmented, total)
    if reads is None or _declared_global(tree, loop, total):
        return None
    read = cst.Name(term) if named else value
    detached = cst.Call(func=cst.Attribute(value=_operand(read), attr=cst.Name("detach")))
    kept: cst.BaseExpression = cst.Call(func=cst.Attribute(value=detached, attr=cst.Name("double")))
    if not float64:
        spelled = code_of(read)
        kept = cst.parse_expression(
            f"{code_of(kept)} if {spelled}.device.type in {_FLOAT64_DEVICES} else float({spelled})"
        )
        if augmented.value is not conversion:  # an operand (`float(loss) * n`)
            kept = kept.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    replacements: dict[int, cst.CSTNode | cst.FlattenSentinel[cst.SimpleStatementLine]] = {
        id(conversion): kept
    }
    if named:
        line = cst.ensure_type(tree.parent(augmented), cst.SimpleStatementLine)
        naming = cst.SimpleStatementLine(
            body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(term))], value=value)],
            leading_lines=line.leading_lines,
        )
        updated = cst.ensure_type(line.visit(_Replace({id(conversion): kept})), cst.SimpleStatementLine)
        replacements = {id(line): cst.FlattenSentinel([naming, updated.with_changes(leading_lines=[])])}
    replacements.update({id(r): cst.Call(func=cst.Name("float"), args=[cst.Arg(r)]) for r in reads})
    fixed = loop.visit(_Replace(replacements))
    converted = cst.parse_statement(f"{total} = float({total})\n")
    return _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), converted, total)


def device_side(receiver: cst.BaseExpression) -> tuple[cst.BaseExpression, cst.Call] | None:
    """``t`` for ``t.cpu()`` as a ``.item()``'s receiver, with the copy's call; None for any other.

    ``t.cpu().item()`` reads the number ``t.item()`` reads (a copy is exact), also through ``.detach()``
    or ``.data`` on either side of the copy (``t.detach().cpu()`` is ``t.detach()``, ``t.cpu().data`` is
    ``t.data``) and spelled ``.to("cpu")``; and ``c.cpu().sum()`` of a count is ``c.sum()`` (an int64 sum
    of booleans or integers is exact wherever it runs; a floating sum is not: a device rounds in another
    order, so it is left as it is)."""
    if (
        isinstance(receiver, cst.Call)
        and isinstance(receiver.func, cst.Attribute)
        and receiver.func.attr.value == "sum"
        and not receiver.args
    ):
        inner = _without_copy(receiver.func.value)
        if inner is None:
            return None
        summed = receiver.with_changes(func=receiver.func.with_changes(value=inner[0]))
        return (summed, inner[1]) if _is_count(summed) else None
    return _without_copy(receiver)


def _without_copy(value: cst.BaseExpression) -> tuple[cst.BaseExpression, cst.Call] | None:
    """``value`` with its host copy left out (see :func:`device_side`), and the copy's call."""
    if isinstance(value, cst.Attribute) and value.attr.value == "data":
        inner = _without_copy(value.value)
        return None if inner is None else (value.with_changes(value=inner[0]), inner[1])
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)):
        return None
    method = value.func.attr.value
    if method == "cpu" and not value.args:
        return value.func.value, value
    if (
        method == "to"
        and len(value.args) == 1
        and value.args[0].keyword is None
        and m.matches(value.args[0].value, m.SimpleString(value=m.MatchRegex(r"""^['"]cpu['"]$""")))
    ):
        return value.func.value, value
    if method == "detach" and not value.args:
        inner = _without_copy(value.func.value)
        if inner is not None:
            return value.with_changes(func=value.func.with_changes(value=inner[0])), inner[1]
    return None


def item_receiver(item: cst.Call) -> cst.BaseExpression:
    """``t`` of ``t.item()``, also of ``t.cpu().item()`` (:func:`device_side`)."""
    receiver = cst.ensure_type(item.func, cst.Attribute).value
    copied = device_side(receiver)
    return receiver if copied is None else copied[0]


def detached_item(item: cst.Call) -> cst.Call:
    """``t.detach()`` for ``t.item()`` (the call's own spacing kept), also for ``t.cpu().item()``: the
    value stays on the device."""
    func = cst.ensure_type(item.func, cst.Attribute)
    copied = device_side(func.value)
    if copied is None:
        return item.with_changes(func=func.with_changes(attr=cst.Name("detach")))
    if called_method(copied[0]) == "detach":
        return cst.ensure_type(copied[0], cst.Call)  # `t.detach().cpu().item()`: detached already
    return cst.Call(func=cst.Attribute(value=_operand(copied[0]), attr=cst.Name("detach")))


def kept_float(item: cst.Call, float64: bool, in_operation: bool = False) -> cst.BaseExpression:
    """What ``t.item()`` becomes where a floating sum of it is kept on the device.

    ``.double()``: the host summed Python floats (float64); the same operations in float64 on the device
    give the same digits (a float32 loss converts exactly, and IEEE + * / round alike on both). Where the
    file may pick a device without float64 (``float64`` false: MPS, an accelerator, a device from the
    command line), the choice is made at run time on the tensor's own device: ``t.detach().double() if
    t.device.type in ("cuda", "cpu") else t.item()`` keeps the host's digits on every device (off CUDA
    and the CPU the value is still read every step, as before). That spells ``t`` twice, so only for a
    ``t`` that is a name or an attribute of one (``loss``, ``self.loss``, ``loss.data``: reading it
    twice runs nothing); for any other ``t`` the sum is kept in float32 (``.detach().float()``, which
    every device has, and a half or bfloat16 loss is still summed in float32), whose last digits may
    differ from the host's. ``in_operation``: the result is an operand (``... * n``), parenthesised."""
    detach = detached_item(item)
    tensor = item_receiver(item)
    if float64 or not _plain_reference(tensor):
        return cst.Call(func=cst.Attribute(value=detach, attr=cst.Name("double" if float64 else "float")))
    receiver = code_of(tensor)
    # (the host's read spelled `t.item()`, as DEV008 tells its own fix apart from a sync)
    copied = tensor is not cst.ensure_type(item.func, cst.Attribute).value
    read = f"{receiver}.item()" if copied else code_of(item)
    chosen = cst.parse_expression(
        f"{code_of(detach)}.double() if {receiver}.device.type in {_FLOAT64_DEVICES} else {read}"
    )
    if in_operation:
        chosen = chosen.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return chosen


def _operand(value: cst.BaseExpression) -> cst.BaseExpression:
    """``value`` as the receiver of a method call: parenthesised unless it is a primary (``float(a +
    b)`` becomes ``(a + b).detach()``)."""
    if isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or value.lpar:
        return value
    return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def sums_a_count(tree: Tree, item: cst.Call, statement: cst.CSTNode, loop: cst.For | cst.While) -> bool:
    """``correct += (pred == y).sum().item()`` from an int (also of a count copied under a name,
    :func:`copied_count`): :func:`accumulator_fix` keeps an exact int64 count, whatever the device (no
    float precision to speak of)."""
    if not (isinstance(statement, cst.AugAssign) and statement.value is item):
        return False
    if not (
        isinstance(statement.target, cst.Name)
        and (_is_count(item_receiver(item)) or copied_count(tree, item, statement, loop) is not None)
    ):
        return False
    before = _statements_before(tree, loop, climbing=statement.target.value)
    return before is not None and isinstance(
        _number_before(tree, before, statement.target.value), cst.Integer
    )


def _named_first(
    tree: Tree, item: cst.Call, statement: cst.BaseSmallStatement, name: str
) -> dict[int, cst.CSTNode | cst.FlattenSentinel[cst.SimpleStatementLine]] | None:
    """Where :func:`kept_float` would sum ``f(x).item()`` in float32 (a device that may lack float64, a
    value that is not a name), the value is named first, ``name = f(x)`` on a line of its own, so that its
    device can choose at run time without computing it twice: the replacement of ``statement``'s line by
    the two lines. None where ``statement`` does not stand alone on its line in a block, or ``name`` is
    used anywhere in the file."""
    if not can_name_first(tree, statement, name):
        return None
    line = cst.ensure_type(tree.parent(statement), cst.SimpleStatementLine)
    func = cst.ensure_type(item.func, cst.Attribute)
    tensor = item_receiver(item)
    value = tensor.with_changes(lpar=[], rpar=[]) if isinstance(tensor, cst.Call) else tensor
    named = cst.SimpleStatementLine(
        body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(name))], value=value)],
        leading_lines=line.leading_lines,
    )
    read = item.with_changes(func=func.with_changes(value=cst.Name(name)))
    in_operation = not (isinstance(statement, cst.AugAssign) and statement.value is item)
    updated = line.visit(_Replace({id(item): kept_float(read, False, in_operation)}))
    updated = cst.ensure_type(updated, cst.SimpleStatementLine).with_changes(leading_lines=[])
    return {id(line): cst.FlattenSentinel([named, updated])}


def can_name_first(tree: Tree, statement: cst.CSTNode, name: str) -> bool:
    """:func:`_named_first` can put ``name = ...`` on a line before ``statement``'s: the statement stands
    alone on its line in a block, and ``name`` is used nowhere in the file."""
    line = tree.parent(statement)
    return (
        isinstance(line, cst.SimpleStatementLine)
        and len(line.body) == 1
        and isinstance(tree.parent(line), (cst.IndentedBlock, cst.Module))
        and not any(n.value == name for n in tree.of_type(tree.root, cst.Name))
    )


def keeps_float64(item: cst.Call, float64: bool) -> bool:
    """:func:`kept_float` keeps the host's float64 digits for ``item`` on every device."""
    return float64 or _plain_reference(item_receiver(item))


def _plain_reference(value: cst.BaseExpression) -> bool:
    """``loss``, ``self.loss``, ``loss.data``: a name or attributes of one (evaluating it runs nothing the
    code shows, so it may be spelled twice)."""
    while isinstance(value, cst.Attribute):
        value = value.value
    return isinstance(value, cst.Name)


# Where a name is bound, declared, deleted or names a parameter: no value to read with `float(...)`.
_NOT_A_READ = (
    cst.AugAssign,
    cst.AnnAssign,
    cst.For,
    cst.NamedExpr,
    cst.Global,
    cst.Nonlocal,
    cst.Del,
    cst.Param,
    cst.AsName,
    cst.CompFor,
)
_ITEM_CALL = m.Call(func=m.Attribute(attr=m.Name("item")), args=[])
_ITEM_INTO_NAME = m.Assign(targets=[m.AssignTarget(target=m.Name())])


def _summed_into_another(parent: cst.CSTNode | None, occurrence: cst.Name, name: str) -> bool:
    """``total += name``: the value added to another plain name's sum."""
    return (
        isinstance(parent, cst.AugAssign)
        and parent.value is occurrence
        and isinstance(parent.operator, cst.AddAssign)
        and isinstance(parent.target, cst.Name)
        and parent.target.value != name
    )


def _read_where_logged(tree: Tree, loop: cst.CSTNode, occurrence: cst.Name, made: cst.CSTNode) -> bool:
    """A read of the value in a branch of ``loop`` that ``made``, the statement binding it, is not in (a
    logging point): not a binding, a keyword's name, an unpacking or one of the forms that read nothing."""
    parent = tree.parent(occurrence)
    return (
        _in_branch(tree, occurrence, loop, made)
        and not isinstance(parent, _NOT_A_READ)
        and not isinstance(parent, cst.AssignTarget)
        and not (isinstance(parent, cst.Arg) and parent.keyword is occurrence)
        and not _unpacked_into(tree, occurrence)
    )


def named_sum_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    scalars: Scalars,
    float64: bool,
    tensor_items: set[int],
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``v = loss.item()`` (or ``loss.item() * n``) in ``loop``, where ``v`` is read in the loop only by
    sums ``total += v`` that :func:`accumulator_fix` could keep on the device and at logging points
    (under an ``if``), and nowhere after it: every binding of ``v`` keeps the detached tensor (in float64,
    the host's precision, as there), its logged reads become ``float(v)``, and each sum is kept on the
    device and read back after the loop. ``tensor_items`` holds the ``.item()`` calls the code shows to
    be of tensors: every binding of ``v`` must be one (a NumPy number has no ``.detach()``). None when
    anything else reads or binds ``v``."""
    if not m.matches(statement, _ITEM_INTO_NAME):
        return None
    assign = cst.ensure_type(statement, cst.Assign)
    if not _is_item_term(assign.value, item, tree, loop):
        return None
    name = cst.ensure_type(assign.targets[0].target, cst.Name).value
    items: list[cst.Call] = []
    value_reads: list[cst.Name] = []
    sums: list[cst.AugAssign] = []
    for occurrence in tree.of_type(loop, cst.Name):
        parent = tree.parent(occurrence)
        if occurrence.value != name or (isinstance(parent, cst.Attribute) and parent.attr is occurrence):
            continue
        if isinstance(parent, cst.AssignTarget):
            binding = tree.parent(parent)
            bound = _item_of(tree, loop, binding, name) if isinstance(binding, cst.Assign) else None
            if bound is None or id(bound) not in tensor_items:
                return None
            items.append(bound)
        elif _summed_into_another(parent, occurrence, name):
            sums.append(cst.ensure_type(parent, cst.AugAssign))
        elif _read_where_logged(tree, loop, occurrence, statement):
            value_reads.append(occurrence)  # a logging point
        else:
            return None
    if not sums or _declared_global(tree, loop, name) or _read_outside(tree, loop, name):
        return None
    totals = [cst.ensure_type(augmented.target, cst.Name).value for augmented in sums]
    if len(set(totals)) != len(totals):
        return None
    floating = all(_is_floating(tree, loop, item_receiver(i), scalars) for i in items)
    replacements: dict[int, cst.CSTNode] = {}
    for augmented, total in zip(sums, totals):
        before = _statements_before(tree, loop, climbing=total)
        start = _number_before(tree, before, total) if before is not None else None
        if start is None or (isinstance(start, cst.Integer) and not floating):
            return None  # an int sum of what may be ints must stay an int
        reads = _logged_reads(tree, loop, augmented, total)
        if reads is None or _declared_global(tree, loop, total):
            return None
        replacements.update({id(r): cst.Call(func=cst.Name("float"), args=[cst.Arg(r)]) for r in reads})
    for bound in items:
        scaled = isinstance(tree.parent(bound), cst.BinaryOperation)  # (`v = t.item() * n`)
        replacements[id(bound)] = kept_float(bound, float64, in_operation=scaled)
    replacements.update({id(r): cst.Call(func=cst.Name("float"), args=[cst.Arg(r)]) for r in value_reads})
    fixed = cst.ensure_type(loop.visit(_Replace(replacements)), type(loop))
    ordered = sorted(totals, key=lambda t: _first_bound(tree, loop, t))
    converted: list[cst.BaseStatement] = [cst.parse_statement(f"{t} = float({t})\n") for t in ordered]
    return _after_loop(tree, loop, fixed, converted, ordered[0])


def _item_of(tree: Tree, loop: cst.CSTNode, assign: cst.Assign, name: str) -> cst.Call | None:
    """The ``.item()`` call of ``name = t.item()`` (or scaled, ``t.item() * n``), or None."""
    if len(assign.targets) != 1 or not m.matches(assign.targets[0].target, m.Name(name)):
        return None
    value = assign.value
    if isinstance(value, cst.BinaryOperation):
        value = value.left if isinstance(value.left, cst.Call) else value.right
    if not (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "item"
        and not value.args
    ):
        return None
    return value if _is_item_term(assign.value, value, tree, loop) else None


def _read_outside(tree: Tree, loop: cst.CSTNode, name: str) -> bool:
    """``name`` occurs in the function (or module) holding ``loop`` outside it; not counting a function
    nested in it that binds a ``name`` of its own (its local: another variable)."""
    scope = _scope_of(tree, loop)
    inside = {id(n) for n in tree.of_type(loop, cst.Name)}
    for occurrence in tree.of_type(scope, cst.Name):
        if occurrence.value != name or id(occurrence) in inside:
            continue
        parent = tree.parent(occurrence)
        if isinstance(parent, cst.Attribute) and parent.attr is occurrence:
            continue  # (`x.name` is an attribute, not the name)
        nested = _scope_of(tree, occurrence)
        if nested is not scope and isinstance(nested, cst.FunctionDef) and _local_to(tree, nested, name):
            continue
        return True
    return False


def _local_to(tree: Tree, function: cst.FunctionDef, name: str) -> bool:
    """``name`` is a local variable of ``function``: a parameter, or bound in it and declared neither
    ``global`` nor ``nonlocal`` there (Python's rule: a name bound anywhere in a function is local)."""
    if _declared_global(tree, function.body, name):
        return False
    params = {p.name.value for p in tree.of_type(function.params, cst.Param)}
    return name in params or name in assigned_names(tree, function.body)


def host_count_fix(
    tree: Tree,
    copy: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    is_tensor: str | None,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``correct += (pred == y).cpu().sum()`` in ``loop``, started at an int before it and read nowhere
    else in the loop: the count is summed on the device and copied to the host once after the loop
    (``correct = correct.cpu() if torch.is_tensor(correct) else correct``: the same CPU int64 tensor,
    and the int it started as when the loop never ran; ``is_tensor`` is how the file spells
    ``torch.is_tensor``), or None. Only counts: integer sums are exact wherever they run, while a float
    sum's rounding depends on the device's reduction order."""
    if is_tensor is None or not m.matches(statement, _SUM_INTO_NAME):
        return None
    augmented = cst.ensure_type(statement, cst.AugAssign)
    summed = augmented.value
    if not (
        isinstance(summed, cst.Call)
        and isinstance(summed.func, cst.Attribute)
        and summed.func.attr.value == "sum"
        and not summed.args
        and summed.func.value is copy
        and isinstance(copy.func, cst.Attribute)
        and copy.func.attr.value == "cpu"
        and not copy.args
    ):
        return None
    counted = copy.func.value
    if not _is_count(summed.with_changes(func=summed.func.with_changes(value=counted))):
        return None
    total = cst.ensure_type(augmented.target, cst.Name).value
    before = _statements_before(tree, loop)
    if before is None or not isinstance(_number_before(tree, before, total), cst.Integer):
        return None
    if _logged_reads(tree, loop, augmented, total) != [] or _declared_global(tree, loop, total):
        return None  # read in the loop: it must stay a host tensor there
    fixed = loop.visit(_Replace({id(copy): counted}))
    converted = cst.parse_statement(f"{total} = {total}.cpu() if {is_tensor}({total}) else {total}\n")
    return _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), converted, total)


def _declared_global(tree: Tree, loop: cst.CSTNode, name: str) -> bool:
    """``name`` is declared ``global``/``nonlocal`` in the function (or module) around ``loop``."""
    scope = _scope_of(tree, loop)
    return any(
        any(a.name.value == name for a in n.names) for n in tree.of_type(scope, (cst.Global, cst.Nonlocal))
    )


_APPEND_TO_NAME = m.Expr(
    value=m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("append")), args=[m.Arg()])
)


def list_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    stack: str | None,
    scalars: Scalars,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``losses.append(loss.item())`` in ``loop``, with ``losses = []`` just before it and no other use of
    ``losses`` in the loop: the edits that append the detached tensor and read all the values with one
    copy after the loop (``losses = torch.stack(losses).tolist() if losses else []``; ``stack`` is how
    the file spells ``torch.stack``), or None. ``.item()`` also reads a one-element ``out[0]`` of shape
    ``[1]``, whose stack would be a column (``[[0.5], ...]``): a value not shown to be one number is
    appended as ``.detach().reshape(())``, which holds exactly what ``.item()`` accepts (one element,
    any shape; anything else raises at the same step). ``losses.append(float(loss))`` too, for a value
    shown to be floating (``float`` of an int tensor is a float, its ``.tolist()`` an int)."""
    if stack is None or not m.matches(statement, _APPEND_TO_NAME):
        return None
    call = cst.ensure_type(cst.ensure_type(statement, cst.Expr).value, cst.Call)
    if call.args[0].value is not item or call.args[0].keyword is not None:
        return None
    name = cst.ensure_type(cst.ensure_type(call.func, cst.Attribute).value, cst.Name).value
    listing = _listing_loop(tree, loop, name)
    if listing is None:
        return None
    for read in tree.of_type(listing, cst.Name):
        parent = tree.parent(read)
        if read.value != name or (isinstance(parent, cst.Attribute) and parent.attr is read):
            continue
        if parent is not call.func:
            return None  # read or bound in the loop: it must keep the numbers it has now
    if _declared_global(tree, listing, name):
        return None
    if isinstance(item.func, cst.Name):  # `float(loss)`: a float also where the tensor holds an int
        value = item.args[0].value
        if not _is_floating(tree, loop, value, scalars):
            return None
        detached: cst.BaseExpression = cst.Call(
            func=cst.Attribute(value=_operand(value), attr=cst.Name("detach"))
        )
        receiver = value
    else:
        detached = detached_item(item)
        receiver = item_receiver(item)
    return _stacked_after_loop(tree, loop, listing, item, detached, receiver, name, stack, scalars)


def _stacked_after_loop(
    tree: Tree,
    loop: cst.For | cst.While,
    listing: cst.For | cst.While,
    item: cst.Call,
    detached: cst.BaseExpression,
    receiver: cst.BaseExpression,
    target: str,
    stack: str,
    scalars: Scalars,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """The edits of :func:`list_fix` and :func:`history_fix`: ``item`` becomes ``detached`` in
    ``listing`` (reshaped to one number where ``receiver`` is not shown to be one) and ``target`` (the
    list's spelling) is read back with one copy after ``listing``."""
    if not _is_one_value(tree, loop, receiver, scalars):
        detached = cst.parse_expression(f"{cst.Module([]).code_for_node(detached)}.reshape(())")
    fixed = listing.visit(_Replace({id(item): detached}))
    # one copy for the whole list, the same floats as each `.item()` (a list of 0-dim tensors of one
    # expression: one dtype, one device, one shape)
    converted = cst.parse_statement(f"{target} = {stack}({target}).tolist() if {target} else []\n")
    return _after_loop(tree, listing, cst.ensure_type(fixed, type(listing)), converted, target)


_APPEND_TO_KEY = m.Expr(
    value=m.Call(
        func=m.Attribute(
            value=m.Subscript(
                value=m.Name() | m.Attribute(value=m.Name("self"), attr=m.Name()),
                slice=[m.SubscriptElement(slice=m.Index(value=m.SimpleString()))],
            ),
            attr=m.Name("append"),
        ),
        args=[m.Arg(keyword=None)],
    )
)


def history_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    stack: str | None,
    scalars: Scalars,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``hist["D_loss"].append(d_loss.item())`` in ``loop``, a list of a history dict (a name, or
    ``self.train_hist``) that ``hist["D_loss"] = []`` starts just before the loop or before an enclosing
    epoch loop, read only after that loop (plotted, pickled): the edits that append the detached tensor
    and read the values with one copy after the loop (``hist["D_loss"] = torch.stack(hist["D_loss"])
    .tolist() if hist["D_loss"] else []``), as :func:`list_fix` does for a named list. None where the
    loop reads the dict whole or that key's list, or calls a function of the file that names the dict
    (or hands ``self`` on): it would see tensors."""
    if stack is None or not m.matches(statement, _APPEND_TO_KEY):
        return None
    call = cst.ensure_type(cst.ensure_type(statement, cst.Expr).value, cst.Call)
    if call.args[0].value is not item or not isinstance(item.func, cst.Attribute):
        return None
    keyed = cst.ensure_type(cst.ensure_type(call.func, cst.Attribute).value, cst.Subscript)
    owner, key = code_of(keyed.value), code_of(keyed)
    listing = _history_loop(tree, loop, owner, key)
    if listing is None:
        return None
    for node in tree.of_type(listing, (cst.Name, cst.Attribute)):
        if code_of(node) != owner or (
            isinstance(node, cst.Name) and isinstance(tree.parent(node), cst.Attribute)
        ):
            continue
        parent = tree.parent(node)
        if not (isinstance(parent, cst.Subscript) and parent.value is node):
            return None  # the dict read whole in the loop
        if code_of(parent) == key and parent is not keyed:
            return None  # the list read in the loop: it must hold numbers there
    if _history_seen_by_calls(tree, listing, owner):
        return None
    if _declared_global(tree, listing, owner):
        return None
    return _stacked_after_loop(
        tree, loop, listing, item, detached_item(item), item_receiver(item), key, stack, scalars
    )


def _history_loop(tree: Tree, loop: cst.For | cst.While, owner: str, key: str) -> cst.For | cst.While | None:
    """The loop (``loop`` or one enclosing it, as in :func:`_listing_loop`) just before which
    ``key = []`` runs (``hist["D_loss"] = []``), where the statements after it and before the loop name
    ``owner`` only to start other lists of it (``hist["G_loss"] = []``)."""

    def started(before: Sequence[cst.BaseStatement]) -> bool:
        for statement in reversed(before):
            text = code_of(statement).strip()
            if text == f"{key} = []":
                return True
            if owner not in text:
                continue
            if not (re.fullmatch(rf"{re.escape(owner)}\[[^\]]*\] = \[\]", text) and key not in text):
                return False
        return False

    return _loop_started_after(tree, loop, started, None)


def _history_seen_by_calls(tree: Tree, loop: cst.CSTNode, owner: str) -> bool:
    """Does ``loop`` call a function of the file that names ``owner`` (``self.train_hist`` or a global
    dict), or hand ``self`` to a call? That function would read the list while it holds tensors."""
    attribute = owner.split(".", 1)[1] if owner.startswith("self.") else None
    here = _scope_of(tree, loop)
    readers = set()
    for function in tree.of_type(tree.root, cst.FunctionDef):
        if function is here:
            continue
        if attribute is not None:
            named = any(
                isinstance(n, cst.Attribute) and n.attr.value == attribute
                for n in tree.of_type(function, cst.Attribute)
            )
        else:
            named = any(n.value == owner for n in tree.of_type(function, cst.Name))
        if named:
            readers.add(function.name.value)
    for called in tree.of_type(loop, cst.Call):
        func = called.func
        callee = (
            func.attr.value
            if isinstance(func, cst.Attribute)
            else func.value
            if isinstance(func, cst.Name)
            else None
        )
        if callee in readers:
            return True
        if attribute is not None and any(
            isinstance(a.value, cst.Name) and a.value.value == "self" for a in called.args
        ):
            return True
    return False


def _listing_loop(tree: Tree, loop: cst.For | cst.While, name: str) -> cst.For | cst.While | None:
    """The loop whose end reads back the list ``name`` that ``loop`` appends to: ``loop`` itself where
    ``name = []`` runs just before it; else the nearest enclosing loop that ``name = []`` runs just
    before (``history = []``, then ``for epoch ...:``, each epoch's batches appending), where every
    loop between holds no other statement that names ``name`` (checked by the caller over the whole
    loop), no ``else`` and no ``return`` or ``yield`` (which would leave before the read-back): the
    list holds only the tensors the inner loop appends until the outer loop ends."""
    return _loop_started_after(tree, loop, lambda before: _empty_list_before(tree, before, name), name)


def _loop_started_after(
    tree: Tree,
    loop: cst.For | cst.While,
    started: Callable[[Sequence[cst.BaseStatement]], bool],
    name: str | None,
) -> cst.For | cst.While | None:
    """``loop`` or the nearest loop enclosing it for which ``started`` holds of the statements just
    before it; None where a loop on the way out has an ``else``, a ``return`` or ``yield`` of its own
    scope, or (``name``) a ``for`` target that binds ``name``."""
    node: cst.For | cst.While = loop
    while True:
        before = _statements_before(tree, node)
        if before is not None and started(before):
            return node
        block = tree.parent(node)
        owner = tree.parent(block) if isinstance(block, cst.IndentedBlock) else None
        if not isinstance(owner, (cst.For, cst.While)) or owner.orelse is not None:
            return None
        if (
            name is not None
            and isinstance(owner, cst.For)
            and name in flatten_names(owner.target, keep_underscore=True)
        ):
            return None
        scope = _scope_of(tree, owner)
        if any(_scope_of(tree, r) is scope for r in tree.of_type(owner, (cst.Return, cst.Yield))):
            return None
        node = owner


_EXTEND_NAME = m.Expr(
    value=m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("extend")), args=[m.Arg(keyword=None)])
)
# What a batch's tensor may be read through on the way to a list or a NumPy array of its own: the same
# values, copied to the host.
_COPY_STEPS = frozenset({"cpu", "detach", "numpy"})


def extended_list_fix(
    tree: Tree, sync: cst.Call, statement: cst.CSTNode, loop: cst.For | cst.While
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``preds += out.argmax(1).cpu().tolist()`` (or ``preds.extend(...)``, also through ``.detach()``
    and ``.numpy()``) in ``loop``, where ``sync`` is the copy or the ``.tolist()``, with ``preds = []``
    just before the loop and no other use of ``preds`` in it: each batch's tensor is kept on the device
    (``preds.append(out.argmax(1).detach())``) and the list is read once after the loop, in order
    (``preds = [x for part in preds for x in part.tolist()]``: the same ints, nested alike, whatever
    each batch's shape). Extended with the array itself, ``preds.extend(p.cpu().numpy())``, the list is
    read back as ``[x for part in preds for x in part.cpu().numpy()]``: the same NumPy values. Only for
    indices (``argmax``, ``argmin``, ``.max(dim)[1]``): a small int64
    tensor a batch, which costs little device memory kept until the loop ends (features or logits
    could be large). None for any other shape."""
    if isinstance(statement, cst.AugAssign) and m.matches(statement, _SUM_INTO_NAME):
        name, value = cst.ensure_type(statement.target, cst.Name).value, statement.value
    elif m.matches(statement, _EXTEND_NAME):
        call = cst.ensure_type(cst.ensure_type(statement, cst.Expr).value, cst.Call)
        name = cst.ensure_type(cst.ensure_type(call.func, cst.Attribute).value, cst.Name).value
        value = call.args[0].value
    else:
        return None
    last = called_method(value)
    if last not in ("tolist", "numpy") or cst.ensure_type(value, cst.Call).args:
        return None
    if last == "tolist":
        inner, copied = _under_copies(
            cst.ensure_type(cst.ensure_type(value, cst.Call).func, cst.Attribute).value, sync
        )
        copied = copied or value is sync
        read_back = "[x for part in {} for x in part.tolist()]"
    else:
        # `preds.extend(p.cpu().numpy())`: the list takes what iterating the array gives (NumPy ints
        # of a 1-d batch, its rows otherwise), and so does iterating each kept batch's array after it
        inner, copied = _under_copies(value, sync)
        read_back = "[x for part in {} for x in part.cpu().numpy()]"
    listing = _listable(tree, loop, statement, inner, name) if copied else None
    if listing is None:
        return None
    uses = [n for n in tree.of_type(listing, cst.Name) if n.value == name]
    owned = [n for n in uses if any(a is statement for a in tree.ancestors(n))]
    if len(uses) != 1 or len(owned) != 1:
        return None  # read or bound elsewhere in the loop: it must hold the numbers it holds now
    return _listed_on_device(tree, listing, statement, inner, name, read_back)


def _is_index(value: cst.BaseExpression) -> bool:
    """``out.argmax(1)``, ``torch.argmax(out, dim=1)``, ``out.max(1)[1]``, ``torch.max(out, 1)[1]``:
    indices along a dimension, an int64 tensor."""
    if isinstance(value, cst.Call) and called_method(value) in ("argmax", "argmin"):
        return True
    if not (isinstance(value, cst.Subscript) and len(value.slice) == 1):
        return False
    index = value.slice[0].slice
    if not (isinstance(index, cst.Index) and m.matches(index.value, m.Integer("1"))):
        return False
    reduced = value.value
    if not (isinstance(reduced, cst.Call) and called_method(reduced) in ("max", "min")):
        return False
    torch_call = m.matches(reduced.func, m.Attribute(value=m.Name("torch")))
    return len(reduced.args) >= (2 if torch_call else 1)


# What an index tensor may be reshaped or relabelled through before it is listed: the same ints.
_SHAPE_STEPS = frozenset({"view", "reshape", "squeeze", "flatten", "long", "detach"})


def appended_array_fix(
    tree: Tree, sync: cst.Call, statement: cst.CSTNode, loop: cst.For | cst.While, scalars: Scalars
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``preds.append(out.argmax(1).cpu().numpy())`` in ``loop`` (also through ``.detach()`` and
    ``.data``, or of a name the step binds to such indices), where ``sync`` is the copy, with ``preds =
    []`` just before the loop and no other use of ``preds`` in it: each batch's tensor is kept on the
    device (``preds.append(out.argmax(1).detach())``) and the list is copied once after the loop
    (``preds = [part.cpu().numpy() for part in preds]``: the same arrays, in order, each of its batch's
    shape and dtype); appended as CPU tensors, ``preds.append(p.cpu())``, it is copied back as
    ``[part.cpu() for part in preds]``: the same tensors. A single number's array (a loss, a full
    reduction: :func:`_is_one_value`), ``losses.append(loss.detach().cpu().numpy())``, is kept the same
    way: the same 0-dim arrays. Otherwise only for indices (:func:`_is_index`) and for
    the target the step hands a call together with the output whose indices the loop lists (``loss =
    criterion(logits, label)`` beside ``preds = logits.max(1)[1]``): both hold one int a prediction,
    little device memory kept until the loop ends. The tensor must not change in place after it is
    listed (a detached tensor shares its storage). None for any other shape."""
    if not m.matches(statement, _APPEND_TO_NAME):
        return None
    call = cst.ensure_type(cst.ensure_type(statement, cst.Expr).value, cst.Call)
    name = cst.ensure_type(cst.ensure_type(call.func, cst.Attribute).value, cst.Name).value
    value = call.args[0].value
    last = called_method(value)
    if last not in ("numpy", "cpu", "detach") or cst.ensure_type(value, cst.Call).args:
        return None
    inner, copied = _under_copies(value, sync)
    # a loss's 0-dim array, `losses.append(loss.detach().cpu().numpy())` for `np.mean` after the loop:
    # one number a step, as little device memory as an index
    # (or what a loss-named parameter returns: a loss, at most one number a sample, as small)
    one_value = last == "numpy" and (
        _is_one_value(tree, loop, inner, scalars) or _of_a_loss_parameter(tree, loop, inner)
    )
    listing = _listable(tree, loop, statement, inner, name, one_value) if copied else None
    if listing is None:
        return None
    uses = [n for n in tree.of_type(listing, cst.Name) if n.value == name]
    if len(uses) != 1:
        return None  # read or bound elsewhere in the loop: it must hold the arrays it holds now
    # `preds.append(p.cpu())`, for a `torch.cat` after the loop: each kept batch copied to the host
    # after it is the same CPU tensor (values, dtype and shape)
    read_back = "[part.cpu().numpy() for part in {}]" if last == "numpy" else "[part.cpu() for part in {}]"
    return _listed_on_device(tree, listing, statement, inner, name, read_back)


def _under_copies(value: cst.BaseExpression, sync: cst.Call) -> tuple[cst.BaseExpression, bool]:
    """The tensor under ``value``'s argument-less ``.cpu()``, ``.detach()`` and ``.numpy()`` calls and
    ``.data`` reads (the pre-0.4 ``target.data.cpu()``: the same values), and whether ``sync`` is one of
    those calls."""
    copied = False
    while True:
        if (
            isinstance(value, cst.Call)
            and called_method(value) in _COPY_STEPS
            and not value.args
            and isinstance(value.func, cst.Attribute)
        ):
            copied = copied or value is sync
            value = value.func.value
        elif isinstance(value, cst.Attribute) and value.attr.value == "data":
            value = value.value
        else:
            return value, copied


def _listable(
    tree: Tree,
    loop: cst.For | cst.While,
    statement: cst.CSTNode,
    tensor: cst.BaseExpression,
    name: str,
    one_value: bool = False,
) -> cst.For | cst.While | None:
    """What both list fixes ask of the listed ``tensor`` and the list ``name``: indices or the target
    paired with them (or, with ``one_value``, a single number, as small), not changed in place once
    listed, and a list started empty just before the loop, or before an enclosing loop (an epoch's,
    :func:`_listing_loop`), and not declared global: that loop, whose end reads the list back, or None."""
    if not (one_value or _listed_index(tree, loop, statement, tensor) or _paired_target(tree, loop, tensor)):
        return None
    if isinstance(tensor, cst.Name) and _changed_after(tree, loop, statement, tensor.value):
        return None
    listing = _listing_loop(tree, loop, name)
    if listing is None or _declared_global(tree, listing, name):
        return None
    return listing


def _listed_on_device(
    tree: Tree,
    loop: cst.For | cst.While,
    statement: cst.CSTNode,
    tensor: cst.BaseExpression,
    name: str,
    converted: str,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``statement`` replaced by ``name.append(tensor.detach())``, and ``name = <converted>`` (``{}`` for
    the list) after the loop: each batch's tensor kept on the device, copied once the loop ends."""
    kept = cst.Call(func=cst.Attribute(value=_operand(tensor), attr=cst.Name("detach")))
    append = cst.Expr(
        cst.Call(func=cst.Attribute(value=cst.Name(name), attr=cst.Name("append")), args=[cst.Arg(kept)])
    )
    fixed = loop.visit(_Replace({id(statement): append}))
    after = cst.parse_statement(f"{name} = {converted.format(name)}\n")
    return _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), after, name)


def _without_shape_steps(value: cst.BaseExpression) -> cst.BaseExpression:
    """``value`` without the reshapes and casts to int64 after it (``.view(n)``, ``.squeeze()``,
    ``.long()``, ``.data``): the tensor whose values it holds."""
    while True:
        if (
            isinstance(value, cst.Call)
            and called_method(value) in _SHAPE_STEPS
            and isinstance(value.func, cst.Attribute)
        ):
            value = value.func.value
        elif isinstance(value, cst.Attribute) and value.attr.value == "data":
            value = value.value
        else:
            return value


def _sole_assignment(tree: Tree, scope: cst.CSTNode, name: str) -> cst.Assign | None:
    """``name = value``, when that is the only binding of ``name`` in ``scope`` (no other assignment,
    augmented assignment or loop target binds it there), else None."""
    bindings = [
        n
        for n in tree.of_type(scope, cst.Name)
        if n.value == name and isinstance(tree.parent(n), (cst.AssignTarget, cst.AugAssign, cst.For))
    ]
    if len(bindings) != 1:
        return None
    assign = tree.parent(tree.parent(bindings[0]))
    if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
        return assign
    return None


def _index_binding(
    tree: Tree, loop: cst.CSTNode, before: cst.CSTNode, name: str
) -> cst.BaseExpression | None:
    """The indices ``name`` holds where ``before`` runs: its one binding in ``loop``, made on every step
    (in no branch or inner loop) earlier in it, ``name = out.max(1)[1]`` (through reshapes), or ``_, name
    = torch.max(out, 1)``: the second of what a reduction along a dimension gives, its indices."""
    assign = _sole_assignment(tree, loop, name) or _unpacked_indices(tree, loop, name)
    if not (
        assign is not None
        and _position(tree, assign) < _position(tree, before)
        and not any(
            isinstance(a, (cst.If, cst.For, cst.While, cst.Try, cst.FunctionDef, cst.Lambda))
            for a in _until(tree, assign, loop)
        )
    ):
        return None
    if isinstance(loop, cst.For) and name in flatten_names(loop.target, keep_underscore=True):
        return None
    if isinstance(assign.targets[0].target, cst.Tuple):
        # `_, name = torch.max(out, 1)`: read as `torch.max(out, 1)[1]`, the indices it unpacks
        index: cst.BaseExpression = cst.Subscript(
            value=assign.value, slice=[cst.SubscriptElement(cst.Index(cst.Integer("1")))]
        )
    else:
        index = _without_shape_steps(assign.value)
    return index if _is_index(index) else None


def _unpacked_indices(tree: Tree, scope: cst.CSTNode, name: str) -> cst.Assign | None:
    """``_, name = value`` (two plain names, ``name`` second), when that is the only binding of ``name``
    in ``scope``, else None."""
    bindings = [
        n
        for n in tree.of_type(scope, cst.Name)
        if n.value == name
        and (
            isinstance(tree.parent(n), (cst.AssignTarget, cst.AugAssign, cst.For)) or _unpacked_into(tree, n)
        )
    ]
    if len(bindings) != 1 or not _unpacked_into(tree, bindings[0]):
        return None
    element = tree.parent(bindings[0])
    target = tree.parent(element)
    assign_target = tree.parent(target) if isinstance(target, cst.Tuple) else None
    assign = tree.parent(assign_target) if isinstance(assign_target, cst.AssignTarget) else None
    if not (
        isinstance(target, cst.Tuple)
        and isinstance(assign, cst.Assign)
        and len(assign.targets) == 1
        and len(target.elements) == 2
        and target.elements[1] is element
        and all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements)
    ):
        return None
    return assign


def _listed_index(tree: Tree, loop: cst.CSTNode, statement: cst.CSTNode, value: cst.BaseExpression) -> bool:
    """``value`` (listed by ``statement``) holds indices: ``out.argmax(1)`` (through reshapes), or a name
    the step binds to them before."""
    value = _without_shape_steps(value)
    if _is_index(value):
        return True
    return isinstance(value, cst.Name) and _index_binding(tree, loop, statement, value.value) is not None


def _paired_target(tree: Tree, loop: cst.CSTNode, value: cst.BaseExpression) -> bool:
    """``value`` is a name the loop hands a call as its second argument after the output whose indices
    the loop lists too (``loss = criterion(logits, label)`` beside ``preds.append(logits.max(1)[1]...)``
    or ``preds = logits.argmax(1)``): the target of a classifier, one class index a prediction; or a label
    of the loop's own batch listed where the loop lists indices too (:func:`_batch_label`)."""
    if not isinstance(value, cst.Name):
        return False
    reduced: set[str] = set()
    listed_indices = False
    for other in tree.of_type(loop, (cst.Call, cst.AugAssign)):
        if isinstance(other, cst.AugAssign):
            if not m.matches(other, _SUM_INTO_NAME):
                continue
            listed = other.value  # `preds += out.argmax(1).cpu().tolist()`
        elif called_method(other) in ("append", "extend") and len(other.args) == 1:
            listed = other.args[0].value
        else:
            continue
        while isinstance(listed, cst.Call) and isinstance(listed.func, cst.Attribute) and not listed.args:
            listed = listed.func.value  # `.cpu().numpy()`, `.tolist()`, `.detach()`
        listed = _without_shape_steps(listed)
        if isinstance(listed, cst.Name):
            bound = _index_binding(tree, loop, other, listed.value)
            listed = bound if bound is not None else listed
        listed_indices = listed_indices or _is_index(listed)
        output = _indexed_output(listed)
        if output is not None:
            reduced.add(output)
    if listed_indices and _batch_label(tree, loop, value.value):
        return True
    return any(
        len(c.args) >= 2
        and all(a.keyword is None and not a.star for a in c.args[:2])
        and m.matches(c.args[0].value, m.Name())
        and cst.ensure_type(c.args[0].value, cst.Name).value in reduced
        and m.matches(c.args[1].value, m.Name(value.value))
        for c in tree.of_type(loop, cst.Call)
    )


def _batch_label(tree: Tree, loop: cst.CSTNode, name: str) -> bool:
    """``name`` is a field of the loop's own batch after the first (``for x, label in loader:``), only
    moved or reshaped in the loop (``label = label.to(device).squeeze()``) and given to no call as its
    first argument (no model's input): listed beside the predicted indices, the labels they are scored
    against, one class index a prediction."""
    if not isinstance(loop, cst.For):
        return False
    fields = flatten_names(loop.target, keep_underscore=True)
    if name not in fields[1:] or fields[0] == name:
        return False
    for occurrence in tree.of_type(loop.body, cst.Name):
        if occurrence.value != name:
            continue
        parent = tree.parent(occurrence)
        if isinstance(parent, cst.AssignTarget) or _unpacked_into(tree, occurrence):
            value = _bound_value_of(tree, occurrence)
            if value is None or _moved_root(value) != name:
                return False
        elif isinstance(parent, cst.Arg) and tree.parent(parent) is not None:
            call = cst.ensure_type(tree.parent(parent), cst.Call)
            if call.args and call.args[0] is parent:
                return False  # a model's or a function's input
    return True


def _bound_value_of(tree: Tree, target: cst.Name) -> cst.BaseExpression | None:
    """What ``target`` is bound to by its assignment: the whole value, or the matching element of a tuple
    assigned to a tuple (``x, label = x.to(d), label.to(d)``); None for anything else."""
    parent = tree.parent(target)
    if isinstance(parent, cst.AssignTarget):
        assign = tree.parent(parent)
        return assign.value if isinstance(assign, cst.Assign) and len(assign.targets) == 1 else None
    element = parent
    tuple_node = tree.parent(element) if isinstance(element, cst.Element) else None
    target_node = tree.parent(tuple_node) if isinstance(tuple_node, cst.Tuple) else None
    assign = tree.parent(target_node) if isinstance(target_node, cst.AssignTarget) else None
    if not (
        isinstance(tuple_node, cst.Tuple)
        and isinstance(assign, cst.Assign)
        and isinstance(assign.value, cst.Tuple)
        and len(assign.value.elements) == len(tuple_node.elements)
    ):
        return None
    index = next(i for i, e in enumerate(tuple_node.elements) if e is element)
    return assign.value.elements[index].value


_MOVES = frozenset({"to", "cuda", "squeeze", "view", "reshape", "flatten", "long", "detach"})


def _moved_root(value: cst.BaseExpression) -> str | None:
    """The name ``value`` moves or reshapes (``label`` of ``label.to(device).squeeze()``), else None."""
    while True:
        if (
            isinstance(value, cst.Call)
            and called_method(value) in _MOVES
            and isinstance(value.func, cst.Attribute)
        ):
            value = value.func.value
        elif isinstance(value, cst.Attribute) and value.attr.value == "data":
            value = value.value
        else:
            return value.value if isinstance(value, cst.Name) else None


def _indexed_output(value: cst.BaseExpression) -> str | None:
    """The name whose indices ``value`` takes: ``out`` of ``out.argmax(1)``, ``out.max(1)[1]``,
    ``torch.max(out, 1)[1]``; None for anything else."""
    if not _is_index(value):
        return None
    reduced = value.value if isinstance(value, cst.Subscript) else value
    reduced = cst.ensure_type(reduced, cst.Call)
    func = cst.ensure_type(reduced.func, cst.Attribute)
    source = reduced.args[0].value if m.matches(func.value, m.Name("torch")) else func.value
    return source.value if isinstance(source, cst.Name) else None


def _changed_after(tree: Tree, loop: cst.CSTNode, statement: cst.CSTNode, name: str) -> bool:
    """``name``'s tensor may change in place once ``statement`` has listed it: an in-place method
    (``label.sub_(1)``), a store into it (``label[mask] = 0``) or ``label += 1`` in the loop, other than
    after the step binds it afresh and before ``statement`` (the loop's own target is bound first)."""
    fresh = -1
    if not (isinstance(loop, cst.For) and name in flatten_names(loop.target, keep_underscore=True)):
        bindings = [
            n
            for n in tree.of_type(loop, cst.Name)
            if n.value == name and (isinstance(tree.parent(n), cst.AssignTarget) or _unpacked_into(tree, n))
        ]
        if not bindings:
            return True  # bound before the loop: one tensor for every step
        fresh = min(_position(tree, b) for b in bindings)
    listed = _position(tree, statement)
    for occurrence in tree.of_type(loop, cst.Name):
        if occurrence.value != name:
            continue
        parent = tree.parent(occurrence)
        changed = (
            (
                isinstance(parent, cst.Attribute)
                and parent.attr.value.endswith("_")
                and not parent.attr.value.startswith("_")
                and isinstance(tree.parent(parent), cst.Call)
            )
            or (isinstance(parent, cst.Subscript) and isinstance(tree.parent(parent), cst.AssignTarget))
            or (isinstance(parent, cst.AugAssign) and parent.target is occurrence)
        )
        if changed and not fresh < _position(tree, occurrence) < listed:
            return True
    return False


def _position(tree: Tree, node: cst.CSTNode) -> int:
    position = tree.position(node)
    return position if position is not None else -1


_LEN = m.Call(func=m.Name("len"), args=[m.Arg()])


def logged_list_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    stack: str | None,
    scalars: Scalars,
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``losses.append(loss.item())`` in ``loop``, with ``losses = []`` just before it, where the loop
    reads the list only where it logs (``if i % 100 == 0: print(np.mean(losses))``, its length anywhere)
    and empties it there after reading (``losses = []``): the detached tensors are appended and the
    logging branch first reads all of them with one copy (``losses = torch.stack(losses).tolist() if
    losses else []``), as does the code after the loop. Each step's value is copied once, at the next
    logging point, so the copies cost what the per-step ones did and the steps in between do not wait.
    Only for a value shown to be 0-dim (a loss, a full reduction): a stack of 1-element tensors would be
    a column. None for any other shape of use."""
    if stack is None or not m.matches(statement, _APPEND_TO_NAME):
        return None
    call = cst.ensure_type(cst.ensure_type(statement, cst.Expr).value, cst.Call)
    if call.args[0].value is not item or call.args[0].keyword is not None:
        return None
    receiver = item_receiver(item)
    if not _is_one_value(tree, loop, receiver, scalars):
        return None
    name = cst.ensure_type(cst.ensure_type(call.func, cst.Attribute).value, cst.Name).value
    before = _statements_before(tree, loop)
    if before is None or not _empty_list_before(tree, before, name) or _declared_global(tree, loop, name):
        return None
    branch: cst.If | None = None
    reads: list[cst.Name] = []
    resets: list[cst.CSTNode] = []
    lengths: list[cst.Name] = []
    for occurrence in tree.of_type(loop, cst.Name):
        parent = tree.parent(occurrence)
        if occurrence.value != name or (isinstance(parent, cst.Attribute) and parent.attr is occurrence):
            continue
        if parent is call.func:
            continue  # the append itself
        grandparent = tree.parent(parent) if parent is not None else None
        if isinstance(parent, cst.Arg) and grandparent is not None and m.matches(grandparent, _LEN):
            lengths.append(occurrence)
            continue  # `len(losses)`: as many tensors as floats
        owner = _logging_branch(tree, occurrence, loop)
        if owner is None or (branch is not None and owner is not branch):
            return None
        branch = owner
        if isinstance(parent, cst.AssignTarget) and grandparent is not None:
            resets.append(grandparent)
        else:
            reads.append(occurrence)
    if branch is None or not reads or _in_node(tree, statement, branch):
        return None
    if tree.of_type(branch, (cst.Break, cst.Continue, cst.Return, cst.Raise)):
        return None  # left between the copy and the reset, the list would hold floats: no second copy
    body = branch.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    if not resets:
        return _pending_list_edits(tree, item, call, loop, branch, body, name, stack, lengths)
    # one reset, on the branch's own level (it runs whenever the branch does), after every read
    tops = [s for s in body.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1]
    reset = next((s for s in tops if s.body[0] in resets), None)
    if len(resets) != 1 or reset is None:
        return None
    small = reset.body[0]
    if not (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.value, cst.List)
        and not small.value.elements
    ):
        return None
    last = tree.position(reset)
    if last is None or any((tree.position(r) or last) >= last for r in reads):
        return None
    converted = cst.parse_statement(f"{name} = {stack}({name}).tolist() if {name} else []\n")
    detached = detached_item(item)
    read_first = body.with_changes(body=[converted, *body.body])
    fixed = loop.visit(_Replace({id(item): detached, id(body): read_first}))
    return _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), converted, name)


def _pending_list_edits(
    tree: Tree,
    item: cst.Call,
    call: cst.Call,
    loop: cst.For | cst.While,
    branch: cst.If,
    body: cst.IndentedBlock,
    name: str,
    stack: str,
    lengths: list[cst.Name],
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """The edits of :func:`logged_list_fix` for a list its logging branch reads but never empties
    (``if frame % 200 == 0: plot(frame, rewards, losses)``): the step appends the detached tensor to a
    list of its own, ``losses_pending``, started just before the loop; the branch first moves those
    tensors into ``losses`` with one copy (``losses += torch.stack(losses_pending).tolist() if
    losses_pending else []``, then ``losses_pending = []``), and so does the code after the loop. The
    branch and the code after the loop see the same floats, in order, in the same list object; each
    step's value is copied once. None where the list's length is read outside the branch (it would miss
    the values not yet moved), where the new name is taken, or where a function of the file reads the
    list by its name without binding it (it could run between two logs)."""
    if any(not _in_node(tree, length, branch) for length in lengths):
        return None
    pending = f"{name}_pending"
    if any(n.value == pending for n in tree.of_type(tree.root, cst.Name)):
        return None
    # the functions that could read this list by its name: those of the loop's function (closures), or
    # of the module for a list of the module's, that do not bind the name themselves
    scope = _scope_of(tree, loop)
    for function in tree.of_type(scope, (cst.FunctionDef, cst.Lambda)):
        if _in_node(tree, loop, function) or function is scope:
            continue
        given = function.params
        parameters = {p.name.value for p in (*given.posonly_params, *given.params, *given.kwonly_params)}
        bound = parameters | (
            _bound_in(tree, function.body) if isinstance(function, cst.FunctionDef) else set()
        )
        if name not in bound and any(n.value == name for n in tree.of_type(function.body, cst.Name)):
            return None
    moved = f"{name} += {stack}({pending}).tolist() if {pending} else []\n"
    appended = (
        call.func.with_changes(value=cst.Name(pending)) if isinstance(call.func, cst.Attribute) else None
    )
    if appended is None:
        return None
    read_first = body.with_changes(
        body=[cst.parse_statement(moved), cst.parse_statement(f"{pending} = []\n"), *body.body]
    )
    fixed = loop.visit(
        _Replace({id(item): detached_item(item), id(call.func): appended, id(body): read_first})
    )
    edits = _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), cst.parse_statement(moved), name)
    start = cst.parse_statement(f"{pending} = []\n")
    placed = edits[loop]
    edits[loop] = cst.FlattenSentinel([start, *placed.nodes])
    return edits


_METER_READS = frozenset({"val", "avg", "sum"})


def meter_fix(
    tree: Tree, item: cst.Call, statement: cst.CSTNode, loop: cst.For | cst.While, float64: bool
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``losses.update(loss.item(), n)`` in ``loop``, where ``losses = AverageMeter()`` is made in the same
    function and the class is this file's plain average meter (``update`` only sets ``self.val = val``,
    ``self.sum += val * n``, ``self.count += n``, ``self.avg = self.sum / self.count``; ``reset`` and
    ``__init__`` only set numbers): the meter is given the detached float64 tensor (the same operations
    on it give the host's digits) and every read of its ``val``, ``avg`` or ``sum`` in the function
    becomes ``float(...)``, read only where the code reads it (a logging branch, after the loop). None
    where the meter is used any other way (handed on, returned, printed whole)."""
    if not (isinstance(statement, cst.Expr) and isinstance(statement.value, cst.Call)):
        return None
    update = statement.value
    if called_method(update) != "update" or not update.args or update.args[0].value is not item:
        return None
    if update.args[0].keyword is not None or len(update.args) > 2 or any(a.star for a in update.args):
        return None
    receiver = cst.ensure_type(update.func, cst.Attribute).value
    if not isinstance(receiver, cst.Name):
        return None
    name = receiver.value
    function = next((a for a in tree.ancestors(loop) if isinstance(a, cst.FunctionDef)), None)
    scope: cst.CSTNode = function if function is not None else tree.root
    meter = _plain_meter_of(tree, scope, name)
    if meter is None:
        return None
    reads: list[cst.Attribute] = []
    for occurrence in tree.of_type(scope, cst.Name):
        if occurrence.value != name:
            continue
        parent = tree.parent(occurrence)
        if isinstance(parent, cst.AssignTarget):
            continue  # `losses = AverageMeter()` (checked by _plain_meter_of)
        if _formatted_whole(tree, parent):
            continue  # `"{loss.val:.4f}".format(loss=losses)`: a 0-dim tensor formats as its number
        if not (isinstance(parent, cst.Attribute) and parent.value is occurrence):
            return None  # handed on, returned or printed whole: its attributes would be tensors there
        attribute = parent.attr.value
        if attribute in ("update", "reset") and isinstance(tree.parent(parent), cst.Call):
            continue
        if attribute == "count":
            continue  # an int still
        if attribute not in _METER_READS or not _read_as_value(tree, parent):
            return None
        reads.append(parent)
    replacements: dict[int, cst.CSTNode] = {id(item): kept_float(item, float64)}
    replacements.update({id(r): cst.Call(func=cst.Name("float"), args=[cst.Arg(r)]) for r in reads})
    fixed = scope.visit(_Replace(replacements))
    return (
        {scope: cst.FlattenSentinel([cst.ensure_type(fixed, type(scope))])} if function is not None else None
    )


def _formatted_whole(tree: Tree, parent: cst.CSTNode | None) -> bool:
    """``parent`` is an argument of ``"...".format(...)`` whose fields convert nothing with ``!r``, ``!s``
    or ``!a``: a field ``{loss.avg:.4f}`` calls ``format()`` on the attribute, and a 0-dim tensor
    formats as its number (``Tensor.__format__``), the text a float gives."""
    if not isinstance(parent, cst.Arg) or parent.star:
        return False
    call = tree.parent(parent)
    if not (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "format"
        and isinstance(call.func.value, (cst.SimpleString, cst.ConcatenatedString))
    ):
        return False
    text = code_of(call.func.value)
    return re.search(r"![rsa]", text) is None


def _read_as_value(tree: Tree, attribute: cst.Attribute) -> bool:
    """``meter.avg`` read as a value (an operand, an argument, a formatted field), not assigned to or
    called."""
    parent = tree.parent(attribute)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign)) and getattr(parent, "target", None) is attribute:
        return False
    return not (isinstance(parent, cst.Call) and parent.func is attribute)


def _plain_meter_of(tree: Tree, scope: cst.CSTNode, name: str) -> cst.ClassDef | None:
    """The class of ``name = Meter()``, bound once in ``scope`` to an instance of a plain average meter of
    this file (see :func:`meter_fix`), or None."""
    assign = _sole_assignment(tree, scope, name)
    if not (
        assign is not None and isinstance(assign.value, cst.Call) and isinstance(assign.value.func, cst.Name)
    ):
        return None
    cls_name = assign.value.func.value
    classes = [c for c in tree.of_type(tree.root, cst.ClassDef) if c.name.value == cls_name]
    if len(classes) != 1 or not _is_plain_meter(classes[0]):
        return None
    return classes[0]


_METER_UPDATE = {
    "self.val = val",
    "self.sum += val * n",
    "self.sum += n * val",
    "self.count += n",
    "self.avg = self.sum / self.count",
}
_METER_NUMBERS = re.compile(r"^self\.(val|avg|sum|count) = (0|0\.0?)$")


def _is_plain_meter(cls: cst.ClassDef) -> bool:
    """``cls`` is the usual average meter: methods ``__init__``, ``reset`` (numbers only, or a call of
    ``self.reset()``) and ``update(self, val, n=1)`` with exactly the four usual statements; nothing else
    (a ``__str__`` or ``all_reduce`` reads the values another way)."""
    methods = {}
    for statement in cls.body.body:
        if isinstance(statement, cst.FunctionDef):
            methods[statement.name.value] = statement
        elif not (isinstance(statement, cst.SimpleStatementLine) and _docstring_only(statement)):
            return False
    if set(methods) - {"__init__", "reset"} != {"update"}:
        return False
    update = methods["update"]
    params = [p.name.value for p in update.params.params]
    if params != ["self", "val", "n"]:
        return False
    body = _simple_statements(update)
    if body is None or {code_of(s).strip() for s in body} != _METER_UPDATE - _other_sum(body):
        return False
    for method in ("__init__", "reset"):
        if method not in methods:
            continue
        statements = _simple_statements(methods[method])
        if statements is None:
            return False
        for small in statements:
            text = code_of(small).strip()
            if text not in ("self.reset()", "super().__init__()") and _METER_NUMBERS.match(text) is None:
                return False
    return True


def _other_sum(body: list[cst.BaseSmallStatement]) -> set[str]:
    """The spelling of the sum ``update`` does not use (``val * n`` or ``n * val``)."""
    texts = {code_of(s).strip() for s in body}
    return {"self.sum += n * val"} if "self.sum += val * n" in texts else {"self.sum += val * n"}


def _simple_statements(function: cst.FunctionDef) -> list[cst.BaseSmallStatement] | None:
    """The small statements of ``function``'s body (its docstring left out), or None where it holds a
    compound statement."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock):
        return None
    smalls: list[cst.BaseSmallStatement] = []
    for line in body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            return None
        if _docstring_only(line):
            continue
        smalls.extend(line.body)
    return smalls


def _docstring_only(line: cst.SimpleStatementLine) -> bool:
    return all(isinstance(s, cst.Expr) and isinstance(s.value, cst.SimpleString) for s in line.body) or all(
        isinstance(s, cst.Pass) for s in line.body
    )


_ITEM_INTO_KEY = m.Assign(targets=[m.AssignTarget(target=m.Subscript(value=m.Name()))])


def logged_dict_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    loop: cst.For | cst.While,
    tensor_items: set[int],
    made: dict[tuple[int, str], tuple[set[int], dict[cst.CSTNode, cst.FlattenSentinel]] | None],
) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
    """``stats[key] = t.item()`` in ``loop``, where the loop's body starts the dict afresh every step
    (``stats = {}`` on its own level, before any other use) and reads it only in one branch after every
    store (``if (i + 1) % log_step == 0: for tag, value in stats.items(): ...``), and nowhere after the
    loop: every store keeps a copy of the tensor on the device (``t.detach().clone()``: the value at the
    store, as ``.item()`` read it, whatever the step does to ``t`` in place afterwards) and the branch
    first reads them all, ``stats = {k: v.item() for k, v in stats.items()}``: the same numbers (ints
    stay ints), keys and order as before, read only on the steps that log. Every store must be such an
    ``.item()`` of a tensor the code shows (``tensor_items``), and the branch must run at most once a
    step (no loop of its own around it): a second conversion would find floats. None otherwise.

    Every store's finding gets the one fix of its dict (``made``, by loop and name), which the engine
    applies once for all of them: a fix of one store alone would leave numbers the conversion cannot
    read."""
    if not isinstance(statement, cst.Assign) or len(statement.targets) != 1:
        return None
    target = statement.targets[0].target
    if m.matches(statement, _ITEM_INTO_KEY) and statement.value is item:
        name = cst.ensure_type(cst.ensure_type(target, cst.Subscript).value, cst.Name).value
    elif isinstance(target, cst.Name):
        name = target.value  # (`stats = {"loss": loss.item()}`: one of the literal's values)
    else:
        return None
    key = (id(loop), name)
    if key not in made:
        made[key] = _logged_dict_edits(tree, loop, name, tensor_items)
    found = made[key]
    return found[1] if found is not None and id(item) in found[0] else None


def _logged_dict_edits(
    tree: Tree, loop: cst.For | cst.While, name: str, tensor_items: set[int]
) -> tuple[set[int], dict[cst.CSTNode, cst.FlattenSentinel]] | None:
    """The fix :func:`logged_dict_fix` makes of the dict ``name`` in ``loop``, with the ids of the
    ``.item()`` calls it rewrites; or None."""
    body = loop.body
    if not isinstance(body, cst.IndentedBlock) or _declared_global(tree, loop, name):
        return None
    starts = [(s, items) for s in body.body if (items := _dict_start(s, name, tensor_items)) is not None]
    if len(starts) != 1 or _read_outside(tree, loop, name):
        return None
    start = cst.ensure_type(cst.ensure_type(starts[0][0], cst.SimpleStatementLine).body[0], cst.Assign)
    scope = _scope_of(tree, loop)
    stores: list[cst.Call] = list(starts[0][1])
    branch: cst.If | None = None
    for occurrence in tree.of_type(loop, cst.Name):
        parent = tree.parent(occurrence)
        if occurrence.value != name or (isinstance(parent, cst.Attribute) and parent.attr is occurrence):
            continue
        if occurrence is start.targets[0].target:
            continue
        if _scope_of(tree, occurrence) is not scope:
            return None  # a function of the loop's own: it may run at any time
        stored = _item_stored(tree, occurrence, tensor_items)
        if stored is not None:
            stores.append(stored)
            continue
        owner = _logging_branch(tree, occurrence, loop)
        if owner is None or (branch is not None and owner is not branch):
            return None
        branch = owner
    if branch is None or not stores or not isinstance(branch.body, cst.IndentedBlock):
        return None
    if any(isinstance(a, (cst.For, cst.While)) for a in _until(tree, branch, loop)):
        return None  # the branch could run twice a step: its second conversion would find numbers
    first, opened = tree.position(start), tree.position(branch)
    if first is None or opened is None:
        return None
    for stored in stores:
        place = tree.position(stored)
        if place is None or not first < place < opened or _in_node(tree, stored, branch):
            return None  # a store after the conversion would leave a tensor where a number was read
    replacements: dict[int, cst.CSTNode] = {}
    for stored in stores:
        detached = detached_item(stored)
        replacements[id(stored)] = cst.Call(func=cst.Attribute(value=detached, attr=cst.Name("clone")))
    converted = cst.parse_statement(f"{name} = {{k: v.item() for k, v in {name}.items()}}\n")
    replacements[id(branch.body)] = branch.body.with_changes(body=[converted, *branch.body.body])
    fixed = cst.ensure_type(loop.visit(_Replace(replacements)), type(loop))
    return {id(stored) for stored in stores}, {loop: cst.FlattenSentinel([fixed])}


def _dict_start(statement: cst.BaseStatement, name: str, tensor_items: set[int]) -> list[cst.Call] | None:
    """The ``.item()`` calls of ``name = {}`` (none), ``name = {"loss": loss.item(), ...}`` or ``name =
    dict(loss=loss.item(), ...)`` alone on its line, every value an ``.item()`` of a tensor the code
    shows; None for any other statement."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return None
    assign = statement.body[0]
    if not m.matches(assign, m.Assign(targets=[m.AssignTarget(target=m.Name(name))])):
        return None
    value = cst.ensure_type(assign, cst.Assign).value
    if isinstance(value, cst.Dict):
        if not all(isinstance(e, cst.DictElement) for e in value.elements):
            return None  # (`**other`: numbers of its own)
        values = [cst.ensure_type(e, cst.DictElement).value for e in value.elements]
    elif m.matches(value, m.Call(func=m.Name("dict"))):
        arguments = cst.ensure_type(value, cst.Call).args
        if any(a.keyword is None for a in arguments):
            return None
        values = [a.value for a in arguments]
    else:
        return None
    items = [v for v in values if isinstance(v, cst.Call) and _is_tensor_item(v, tensor_items)]
    return items if len(items) == len(values) else None


def _is_tensor_item(call: cst.Call, tensor_items: set[int]) -> bool:
    """``t.item()`` of a tensor the code shows (a NumPy number has no ``.detach()``)."""
    return (
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "item"
        and not call.args
        and id(call) in tensor_items
    )


def _item_stored(tree: Tree, occurrence: cst.Name, tensor_items: set[int]) -> cst.Call | None:
    """The ``t.item()`` of ``name[key] = t.item()`` where ``occurrence`` is that ``name`` and ``t`` a
    tensor the code shows (a NumPy number has no ``.detach()``), or None."""
    subscript = tree.parent(occurrence)
    if not (isinstance(subscript, cst.Subscript) and subscript.value is occurrence):
        return None
    target = tree.parent(subscript)
    assign = tree.parent(target) if isinstance(target, cst.AssignTarget) else None
    if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
        return None
    value = assign.value
    return value if isinstance(value, cst.Call) and _is_tensor_item(value, tensor_items) else None


def _logging_branch(tree: Tree, node: cst.CSTNode, loop: cst.CSTNode) -> cst.If | None:
    """The outermost ``if`` inside ``loop`` whose body (not its test, nor its ``else``) holds ``node``."""
    found: cst.If | None = None
    below: cst.CSTNode = node
    for above in _until(tree, node, loop):
        if isinstance(above, cst.If):
            found = above if below is above.body else None
        elif isinstance(above, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return None
        below = above
    return found


def _in_node(tree: Tree, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    return any(a is outer for a in tree.ancestors(node))


def _after_loop(
    tree: Tree,
    loop: cst.For | cst.While,
    fixed: cst.BaseStatement,
    converted: cst.BaseStatement | list[cst.BaseStatement],
    name: str,
) -> dict[cst.CSTNode, cst.FlattenSentinel]:
    """The edits that put ``fixed`` in place of ``loop`` and ``converted`` (``name``'s read-back; several,
    in order, for the sums of one per-step value) after it. Two sums of one loop are fixed one pass after
    the other (both replace the loop); the read-backs go in the order their names are first bound, so
    every order of fixing writes the same code."""
    backs = converted if isinstance(converted, list) else [converted]
    block = tree.parent(loop)
    body = list(block.body) if isinstance(block, (cst.IndentedBlock, cst.Module)) else []
    index = next((i for i, statement in enumerate(body) if statement is loop), len(body))
    anchor: cst.BaseStatement = loop
    first = _first_bound(tree, loop, name)
    for statement in body[index + 1 :]:
        other = _read_back_of(statement)
        if other is None or _first_bound(tree, loop, other) > first:
            break
        anchor = statement
    if anchor is loop:
        return {loop: cst.FlattenSentinel([fixed, *backs])}
    return {loop: cst.FlattenSentinel([fixed]), anchor: cst.FlattenSentinel([anchor, *backs])}


def _read_back_of(statement: cst.BaseStatement) -> str | None:
    """The name a read-back these fixes write assigns (``total = float(total)``, ``n = int(n)``,
    ``losses = torch.stack(losses).tolist() if losses else []``, ``preds = [part.cpu() for part in preds]``),
    or None for any other statement."""
    if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
        return None
    small = statement.body[0]
    if not (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, (cst.Name, cst.Subscript))
    ):
        return None
    name = code_of(small.targets[0].target)  # (`hist["D_loss"]`: a history's list, see history_fix)
    value = code_of(small.value)
    written = (f"float({name})", f"int({name})")
    copied = value.startswith(f"{name}.cpu() if ") and value.endswith(f"({name}) else {name}")
    joined = value in (
        f"[x for part in {name} for x in part.tolist()]",
        f"[x for part in {name} for x in part.cpu().numpy()]",
    )
    arrays = value in (f"[part.cpu().numpy() for part in {name}]", f"[part.cpu() for part in {name}]")
    return (
        name
        if value in written
        or copied
        or joined
        or arrays
        or value.endswith(f"({name}).tolist() if {name} else []")
        else None
    )


def _first_bound(tree: Tree, loop: cst.CSTNode, name: str) -> int:
    """Where ``name`` first occurs in the function (or module) holding ``loop``: its place in source order."""
    scope = _scope_of(tree, loop)
    if not name.isidentifier():  # a history's list, `hist["D_loss"]`
        first_key = next((n for n in tree.of_type(scope, cst.Subscript) if code_of(n) == name), None)
        position = tree.position(first_key) if first_key is not None else None
        return position if position is not None else -1
    first = next((n for n in tree.of_type(scope, cst.Name) if n.value == name), None)
    position = tree.position(first) if first is not None else None
    return position if position is not None else -1


def _empty_list_before(tree: Tree, statements: Sequence[cst.BaseStatement], name: str) -> bool:
    """The last statement binding ``name`` before the loop is ``name = []``, or ``name`` is one of names
    unpacked from as many empty lists, ``losses, steps = [], []`` (each a list of its own; a chained
    ``a = b = []`` binds one list twice and is not one)."""
    for statement in reversed(statements):
        if name not in {n.value for n in tree.of_type(statement, cst.Name)}:
            continue
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return False
        small = statement.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            return False
        target, value = small.targets[0].target, small.value
        if isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple):
            if len(target.elements) != len(value.elements):
                return False
            pairs = [(t.value, v.value) for t, v in zip(target.elements, value.elements)]
            if any(isinstance(t, cst.StarredElement) for t in [*target.elements, *value.elements]):
                return False
        else:
            pairs = [(target, value)]
        return any(
            isinstance(t, cst.Name) and t.value == name and isinstance(v, cst.List) and not v.elements
            for t, v in pairs
        )
    return False


def _scope_of(tree: Tree, node: cst.CSTNode) -> cst.CSTNode:
    """The function (or module) whose names ``node`` reads and binds: the scope a sum, a list or a size
    lives in around a loop (``node`` itself where the tree shows none)."""
    return next((a for a in tree.ancestors(node) if isinstance(a, (cst.FunctionDef, cst.Module))), node)


class _Replace(cst.CSTTransformer):
    """Replaces the nodes of a tree found in ``replacements`` (by identity) in one walk."""

    def __init__(
        self, replacements: Mapping[int, cst.CSTNode | cst.FlattenSentinel[cst.SimpleStatementLine]]
    ) -> None:
        super().__init__()
        self.replacements = replacements

    def on_leave(  # type: ignore[override]  # libcst types it generically; any node goes back here
        self, original_node: cst.CSTNode, updated_node: cst.CSTNode
    ) -> cst.CSTNode | cst.FlattenSentinel[cst.SimpleStatementLine]:
        return self.replacements.get(id(original_node), updated_node)


def _logged_reads(
    tree: Tree,
    loop: cst.For | cst.While,
    augmented: cst.AugAssign | cst.Assign,
    total: str,
    scaled: bool = False,
) -> list[cst.Name] | None:
    """The reads of ``total`` in ``loop`` besides the sum itself, each under an ``if`` of the loop (a
    logging point); resets to a number are allowed, and with ``scaled`` (a floating sum) a division or
    product by a number where it is logged (``total /= 100``: a float64 tensor divides as the host's
    float does). None when it is read every step or bound otherwise."""
    reads: list[cst.Name] = []
    own = _own_reads(augmented)
    for name in tree.of_type(loop, cst.Name):
        if name.value != total or any(name is o for o in own):
            continue
        parent = tree.parent(name)
        if (
            scaled
            and isinstance(parent, cst.AugAssign)
            and parent.target is name
            and isinstance(parent.operator, (cst.DivideAssign, cst.MultiplyAssign))
            and isinstance(parent.value, (cst.Integer, cst.Float))
            and _in_branch(tree, name, loop, augmented)
        ):
            continue
        if isinstance(parent, cst.AssignTarget):
            assign = tree.parent(parent)
            if not (
                isinstance(assign, cst.Assign)
                and all(isinstance(t.target, cst.Name) for t in assign.targets)
                and isinstance(assign.value, (cst.Integer, cst.Float))
            ):
                return None
            continue  # a reset: `total = 0.0`, `total = n = 0.`
        if _unpacked_into(tree, name):
            statement = next((a for a in tree.ancestors(name) if isinstance(a, cst.Assign)), None)
            if not (
                isinstance(statement, cst.Assign)
                and len(statement.targets) == 1
                and isinstance(
                    bound_value(statement.targets[0].target, statement.value, total), cst.Integer | cst.Float
                )
            ):
                return None
            continue  # a reset: `total, n = 0.0, 0`
        if (
            isinstance(parent, _NOT_A_READ)
            or (isinstance(parent, cst.Arg) and parent.keyword is name)
            or _unpacked_into(tree, name)
        ):
            return None
        if isinstance(parent, cst.Attribute) and parent.attr is name:
            continue  # `x.total`: an attribute, not the name
        if not _in_branch(tree, name, loop, augmented):
            return None  # read every step: keeping it on the device gains nothing
        reads.append(name)
    return reads


def _statements_before(
    tree: Tree, loop: cst.For | cst.While, climbing: str | None = None
) -> list[cst.BaseStatement] | None:
    """The statements that run just before ``loop``, in order: those before it in its block and, where
    that block is a ``with``'s (``with torch.no_grad():``, run once, straight on), those before the
    ``with`` too. With ``climbing`` (a sum's name), also those before an enclosing loop whose code
    outside ``loop`` binds that name nowhere (``total = 0`` before ``while True:``, summed in the inner
    ``for``): the sum then runs on across the outer loop's rounds, a float again after each inner loop."""
    statements: list[cst.BaseStatement] = []
    node: cst.CSTNode = loop
    while True:
        block = tree.parent(node)
        if not isinstance(block, (cst.IndentedBlock, cst.Module)):
            return None
        body = list(block.body)
        index = next(i for i, statement in enumerate(body) if statement is node)
        statements = [*body[:index], *statements]
        owner = tree.parent(block)
        if isinstance(owner, cst.With):
            node = owner
        elif (
            climbing is not None
            and isinstance(owner, cst.Try)
            and owner.body is block
            and not _occurs_past_try(tree, owner, climbing)
        ):
            node = owner  # (`try:` around the loop, `except KeyboardInterrupt:` to save and stop)
        elif (
            climbing is not None
            and isinstance(owner, (cst.For, cst.While))
            and owner.orelse is None
            and not any(climbing in _bound_in(tree, other) for other in body if other is not node)
            and not (
                isinstance(owner, cst.For) and climbing in flatten_names(owner.target, keep_underscore=True)
            )
        ):
            node = owner
        else:
            return statements


def _occurs_past_try(tree: Tree, statement: cst.Try, name: str) -> bool:
    """``name`` occurs in the handlers, ``else`` or ``finally`` of ``statement`` or in the statements
    after it: where an exception that stops the loop halfway would leave it a device tensor."""
    parts: list[cst.CSTNode] = [*statement.handlers]
    parts += [p for p in (statement.orelse, statement.finalbody) if p is not None]
    node: cst.CSTNode = statement
    while True:  # the statements after it, and after each `if`/`with` around it, up to its function
        block = tree.parent(node)
        if not isinstance(block, (cst.IndentedBlock, cst.Module)):
            return True
        body = list(block.body)
        index = next(i for i, s in enumerate(body) if s is node)
        parts += body[index + 1 :]
        owner = tree.parent(block)
        if isinstance(block, cst.Module) or isinstance(owner, cst.FunctionDef):
            break
        if not (isinstance(owner, (cst.If, cst.With)) and owner.body is block):
            return True  # (a loop runs it again, an `else` or a handler: not looked at)
        node = owner
    return any(n.value == name for part in parts for n in tree.of_type(part, cst.Name))


def _bound_in(tree: Tree, statement: cst.CSTNode) -> set[str]:
    """The names ``statement`` binds, walrus targets included."""
    walrus = {
        n.target.value for n in tree.of_type(statement, cst.NamedExpr) if isinstance(n.target, cst.Name)
    }
    return assigned_names(tree, statement) | walrus if walrus else assigned_names(tree, statement)


def _unpacked_into(tree: Tree, name: cst.Name) -> bool:
    """``name`` is bound by unpacking (``a, name = ...``, ``for i, name in ...``), not read."""
    below: cst.CSTNode = name
    for above in tree.ancestors(name):
        if not isinstance(above, (cst.Element, cst.StarredElement, cst.Tuple, cst.List)):
            if isinstance(above, cst.AssignTarget | cst.CompFor):
                return True
            return isinstance(above, cst.For) and above.target is below
        below = above
    return False


def _in_branch(tree: Tree, node: cst.CSTNode, loop: cst.CSTNode, made: cst.CSTNode | None = None) -> bool:
    """``node`` is in the body of an ``if`` (or its ``else``) inside ``loop``: read where the loop logs,
    not in the test, which runs every step. With ``made`` (the statement that makes the value read), an
    ``if`` that holds it too is no logging point: it reads the value each time one is made
    (``if ready: loss = update(); losses.append(loss)``)."""
    below: cst.CSTNode = node
    for above in _until(tree, node, loop):
        if isinstance(above, cst.If) and below is not above.test:
            if made is None or not tree.inside(made, above):
                return True
        below = above
    return False


def _until(tree: Tree, node: cst.CSTNode, stop: cst.CSTNode) -> list[cst.CSTNode]:
    """The ancestors of ``node`` below ``stop``."""
    out: list[cst.CSTNode] = []
    for above in tree.ancestors(node):
        if above is stop:
            break
        out.append(above)
    return out


# Tensors of booleans or integers: comparisons, and casts to integer dtypes.
_COMPARING_METHODS = frozenset("eq ne gt lt ge le logical_and logical_or logical_not isnan isinf".split())
_INTEGER_CASTS = frozenset("long int bool short".split())


def _is_count(value: cst.BaseExpression) -> bool:
    """``(pred == y).sum()``, ``pred.eq(y.view_as(pred)).sum()``, ``(a != b).long().sum()``: the sum over
    every element of a boolean or integer tensor, an int64 0-dim tensor."""
    if not (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "sum"
        and not value.args
    ):
        return False
    inner = value.func.value
    while (
        isinstance(inner, cst.Call)
        and isinstance(inner.func, cst.Attribute)
        and inner.func.attr.value in _INTEGER_CASTS
        and not inner.args
    ):
        inner = inner.func.value
    if isinstance(inner, cst.Comparison):
        return not any(
            isinstance(c.operator, (cst.Is, cst.IsNot, cst.In, cst.NotIn)) for c in inner.comparisons
        )
    return (
        isinstance(inner, cst.Call)
        and isinstance(inner.func, cst.Attribute)
        and inner.func.attr.value in _COMPARING_METHODS
    )


def _is_floating(tree: Tree, loop: cst.CSTNode, value: cst.BaseExpression, scalars: Scalars) -> bool:
    """``value`` is a floating tensor: a loss, what :meth:`Scalars.is_floating` shows, or a name bound once
    in ``loop`` whose ``.backward()`` the loop calls (autograd needs a floating tensor: an integer one
    has no gradient). Its ``.item()`` is a Python float, so an int start becomes a float anyway."""
    if scalars.is_loss_value(value) or scalars.is_floating(value):
        return True
    return _backward_receiver(tree, loop, value, bare=False) or _of_a_loss_parameter(tree, loop, value)


# A parameter named for a loss function (`def evaluate(model, loader, criterion)`): what it returns is a
# loss, a floating tensor (an integer one could not be a training loss, nor have its .backward()).
_LOSS_PARAMETER = re.compile(r"^(criterion|crit|loss_fn|loss_func|loss_function|lossfn|\w+_criterion)$")


def _of_a_loss_parameter(tree: Tree, loop: cst.CSTNode, value: cst.BaseExpression) -> bool:
    """``value`` is what a loss-named parameter returns (:func:`loss_parameter_call`)."""
    return loss_parameter_call(tree, loop, value) is not None


def loss_parameter_call(tree: Tree, loop: cst.CSTNode, value: cst.BaseExpression) -> cst.Call | None:
    """The call ``criterion(out, y)`` that ``value`` is, or that a name ``value`` bound once in ``loop``
    holds, where ``criterion`` is a parameter of the function around ``loop`` named for a loss function
    (:data:`_LOSS_PARAMETER`) and bound nowhere else in it, or such a parameter the class keeps
    (``self.criterion(out, y)``, :func:`_loss_attribute`); None otherwise."""
    if isinstance(value, cst.Name):
        bound = [
            n
            for n in tree.of_type(loop, cst.Name)
            if n.value == value.value and isinstance(tree.parent(n), (cst.AssignTarget, cst.AugAssign))
        ]
        if len(bound) != 1:
            return None
        assign = tree.parent(tree.parent(bound[0]))
        if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
            return None
        value = assign.value
    if isinstance(value, cst.Call) and m.matches(value.func, m.Attribute(value=m.Name("self"))):
        return value if _loss_attribute(tree, loop, cst.ensure_type(value.func, cst.Attribute)) else None
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)):
        return None
    name = value.func.value
    function = next((a for a in tree.ancestors(loop) if isinstance(a, cst.FunctionDef)), None)
    if function is None or _LOSS_PARAMETER.match(name) is None:
        return None
    params = function.params
    if name not in {p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]}:
        return None
    rebound = any(
        n.value == name and isinstance(tree.parent(n), (cst.AssignTarget, cst.AugAssign, cst.For))
        for n in tree.of_type(function.body, cst.Name)
    )
    return None if rebound else value


def _loss_attribute(tree: Tree, loop: cst.CSTNode, attribute: cst.Attribute) -> bool:
    """``self.criterion`` in a method of a class (around ``loop``) that binds it only to a parameter of
    the same loss-named kind (``self.criterion = criterion`` in ``__init__(self, model, criterion)``):
    the trainer keeps the loss function it is given, and it returns a loss, as that parameter does."""
    attr = attribute.attr.value
    if _LOSS_PARAMETER.match(attr) is None:
        return False
    cls = next((a for a in tree.ancestors(loop) if isinstance(a, cst.ClassDef)), None)
    if cls is None:
        return False
    stores = [
        a
        for a in tree.of_type(cls, cst.Attribute)
        if a.attr.value == attr
        and m.matches(a.value, m.Name("self"))
        and isinstance(tree.parent(a), (cst.AssignTarget, cst.AugAssign, cst.AnnAssign))
    ]
    if not stores:
        return False
    for store in stores:
        target = tree.parent(store)
        assign = tree.parent(target) if isinstance(target, cst.AssignTarget) else None
        method = next((a for a in tree.ancestors(store) if isinstance(a, cst.FunctionDef)), None)
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and isinstance(assign.value, cst.Name)
            and _LOSS_PARAMETER.match(assign.value.value) is not None
            and method is not None
        ):
            return False
        params = method.params
        if assign.value.value not in {
            p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]
        }:
            return False
    return True


def _is_one_value(tree: Tree, loop: cst.For | cst.While, value: cst.BaseExpression, scalars: Scalars) -> bool:
    """``value`` is a single number, which a stack of such values keeps a vector: a loss or a full
    reduction :class:`Scalars` shows, or what the loop calls ``.backward()`` on without a gradient
    (which needs a single element: a loss, 0-dim since PyTorch 0.4)."""
    return scalars.is_loss_value(value) or scalars.is_scalar(value) or _backward_receiver(tree, loop, value)


def _backward_receiver(tree: Tree, loop: cst.CSTNode, value: cst.BaseExpression, bare: bool = True) -> bool:
    """``value`` is a name bound once in ``loop`` whose ``.backward()`` the loop calls (with ``bare``,
    without a gradient: then it holds one element)."""
    if not isinstance(value, cst.Name):
        return False
    bindings = 0
    backward = False
    for name in tree.of_type(loop, cst.Name):
        if name.value != value.value:
            continue
        parent = tree.parent(name)
        if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.For, cst.NamedExpr, cst.AnnAssign)):
            bindings += 1
        elif isinstance(parent, (cst.Tuple, cst.List, cst.StarredElement, cst.Element)):
            bindings += 1  # unpacked or listed: counted as a binding to stay on the safe side
        elif (
            isinstance(parent, cst.Attribute)
            and parent.value is name
            and parent.attr.value == "backward"
            and isinstance(call := tree.parent(parent), cst.Call)
            and not (bare and call.args)
        ):
            backward = True
    return backward and bindings == 1


def _is_item_term(
    value: cst.BaseExpression, item: cst.Call, tree: Tree | None = None, loop: cst.CSTNode | None = None
) -> bool:
    """``loss.item()``, or ``loss.item() * x.size(0)`` / ``/ len(batch)``: scaled by a plain number, also
    by a name every binding of which in the function gives it one (``batch_size = len(sents)``; with
    ``tree`` and ``loop``), a float literal, or a number argparse made (``/ args.chunk_len``, ``type=int``
    or ``float``). Never by a tensor: a float64 tensor times a float32 one stays float64, where the host's
    float times it was float32."""
    if value is item:
        return True
    scaling = (cst.Multiply, cst.Divide)
    if not isinstance(value, cst.BinaryOperation) or not isinstance(value.operator, scaling):
        return False
    sizes = _size_names(tree, loop) if tree is not None and loop is not None else frozenset()

    def number(other: cst.BaseExpression) -> bool:
        if is_size(other, sizes) or isinstance(other, cst.Float):
            return True
        return tree is not None and isinstance(other, cst.Attribute) and CliOptions.of(tree).is_number(other)

    return (value.left is item and number(value.right)) or (
        value.right is item and isinstance(value.operator, cst.Multiply) and number(value.left)
    )


def _size_names(tree: Tree, loop: cst.CSTNode) -> frozenset[str]:
    """The names of the function (or module) holding ``loop`` that only ever hold sizes: each binding is
    ``n = len(x)``, ``n = x.size(0)``, ``n = x.shape[0]``, an int or arithmetic of these."""
    scope = _scope_of(tree, loop)

    def compute() -> frozenset[str]:
        values: dict[str, list[cst.BaseExpression]] = {}
        other: set[str] = set()
        for node in tree.of_type(scope, (cst.Assign, cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr)):
            if (
                isinstance(node, cst.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0].target, cst.Name)
            ):
                values.setdefault(node.targets[0].target.value, []).append(node.value)
            elif isinstance(node, cst.Assign):
                other.update(n for t in node.targets for n in flatten_names(t.target, keep_underscore=True))
            elif isinstance(node, cst.NamedExpr):
                other.update(flatten_names(node.target, keep_underscore=True))
            else:
                other.update(flatten_names(node.target, keep_underscore=True))
        if isinstance(scope, cst.FunctionDef):
            other.update(p.name.value for p in tree.of_type(scope.params, cst.Param))
        sizes: set[str] = set()
        changed = True
        while changed:  # (`n = len(x)`, then `m = n * 2`)
            changed = False
            for name, bound in values.items():
                known = frozenset(sizes)
                if name not in sizes and name not in other and all(is_size(v, known) for v in bound):
                    sizes.add(name)
                    changed = True
        return frozenset(sizes)

    return tree.memo(("dev008_size_names", id(scope)), compute)


def _number_before(
    tree: Tree, statements: list[cst.BaseStatement], total: str
) -> cst.Integer | cst.Float | None:
    """The number the last statement binding ``total`` before the loop gives it (``total = 0.0``,
    ``total, n = 0, 0``), or None when that binding is anything else."""
    for statement in reversed(statements):
        if total not in {n.value for n in tree.of_type(statement, cst.Name)}:
            continue
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return None
        small = statement.body[0]
        if isinstance(small, cst.Assign):
            binding = [t for t in small.targets if total in flatten_names(t.target, keep_underscore=True)]
            if not binding:
                continue  # a read of `total` (it is still the number): keep looking for the assignment
            # (`a = b = 0`: each target gets the same number)
            value = bound_value(binding[-1].target, small.value, total)
            return value if isinstance(value, (cst.Integer, cst.Float)) else None
        if isinstance(small, (cst.AugAssign, cst.AnnAssign)) and total in flatten_names(
            small.target, keep_underscore=True
        ):
            return None
    return None


def returned_fix(
    tree: Tree,
    item: cst.Call,
    statement: cst.CSTNode,
    calls: list[cst.Call],
    scalars: Scalars,
    float64: bool,
    tensor_items: set[int],
) -> tuple[dict[cst.CSTNode, cst.FlattenSentinel], list[cst.For | cst.While]] | None:
    """``return loss.item() / n`` (or ``return out, loss.item()``) at the end of a step function whose
    every caller names the value in a loop (``loss = train(x, y)``, ``out, loss = train(...)``) and reads
    it there only by sums ``total += loss`` that :func:`accumulator_fix` could keep on the device and
    where the loop logs (under an ``if``), and nowhere after it: the function returns the detached tensor
    (in float64, the host's precision; see :func:`kept_float`), each caller's logged reads become
    ``float(loss)`` and its sums are read back once after its loop. ``calls`` are the calls of the file
    that run the function; the function's name must be used nowhere else (handed on, it may be called
    where the code does not show). The edits, and the callers' loops (whose other syncs must go too),
    or None."""
    if not isinstance(statement, cst.Return) or statement.value is None:
        return None
    function = next((a for a in tree.ancestors(statement) if isinstance(a, cst.FunctionDef)), None)
    if function is None or id(item) not in tensor_items:
        return None
    method = _method_of_a_top_level_class(tree, function)
    if not method and not isinstance(tree.parent(function), cst.Module):
        return None
    value = statement.value
    # the elements of a returned tuple that hold numbers (`return loss.item(), acc.item()`), by position:
    # each one's item; the caller's loop keeps them all, so one finding's fix carries every one
    items: dict[int, cst.Call] = {}
    if isinstance(value, cst.Tuple):
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return None
        for i, element in enumerate(value.elements):
            found = _term_item(element.value)
            if found is not None and _is_item_term(element.value, found, tree, statement):
                items[i] = found
        if not any(found is item for found in items.values()):
            return None
        if any(id(found) not in tensor_items for found in items.values()):
            return None  # (a value not shown to be a tensor stays a host number: its caller reads it so)
        terms = {i: value.elements[i].value for i in items}
    elif _is_item_term(value, item, tree, statement):
        terms = {}
        term = value
    else:
        return None
    returns = [r for r in tree.of_type(function, cst.Return) if _scope_of(tree, r) is function]
    if returns != [statement] or tree.of_type(function, (cst.Yield,)) or not calls:
        return None
    uses = [n for n in tree.of_type(tree.root, cst.Name) if n.value == function.name.value]
    # (a method's calls are `self.step(...)`: the name is the attribute's; another `.step` anywhere, an
    # override, `super().step(...)` or `trainer.step(...)`, is a use no fix follows)
    named = [cst.ensure_type(c.func, cst.Attribute).attr if method else c.func for c in calls]
    if len(uses) != len(calls) + 1 or any(n not in uses for n in named):
        return None  # (its def, and each call: never handed on or rebound)
    if not terms:
        # (`loss.item() / n`: a true division is a float whatever it divides)
        floating = _floating_term(tree, function, term, item, scalars)
        # `return (pred == y).sum().item()`: a count, returned as the exact int64 tensor
        count = term is item and _is_count(item_receiver(item))
        positions: dict[int, bool] | None = None
    else:
        if any(terms[i] is items[i] and _is_count(item_receiver(items[i])) for i in items):
            return None  # (a count, unpacked by the caller: kept as before, on the host)
        positions = {i: _floating_term(tree, function, terms[i], items[i], scalars) for i in items}
        if len(positions) > 1 and not all(positions.values()):
            # (several: each shown to be a float; an int read back as `float(v)` where the caller logs
            # would print `5.0` for `5`)
            return None
        floating, count = False, False
    edits: dict[cst.CSTNode, cst.FlattenSentinel] = {}
    loops: list[cst.For | cst.While] = []
    for call in calls:
        caller = _caller_edits(tree, call, positions, floating, count)
        if caller is None:
            return None
        loop, caller_edits = caller
        if any(loop is other for other in loops) or function in tree.ancestors(loop):
            return None
        loops.append(loop)
        edits.update(caller_edits)
    if not terms:
        kept = {id(item): item_receiver(item) if count else kept_float(item, float64, term is not item)}
    else:
        kept = {id(items[i]): kept_float(items[i], float64, terms[i] is not items[i]) for i in items}
    line = tree.parent(statement)
    if not isinstance(line, cst.SimpleStatementLine) or any(line is k for k in edits):
        return None
    fixed = cst.ensure_type(line.visit(_Replace(kept)), cst.SimpleStatementLine)
    edits[line] = cst.FlattenSentinel([fixed])
    return edits, loops


# Decorators that run the method as it is and return what it returns (only the grad mode changes).
_GRAD_MODES = frozenset({"torch.no_grad", "torch.inference_mode", "torch.enable_grad"})


def _method_of_a_top_level_class(tree: Tree, function: cst.FunctionDef) -> bool:
    """``function`` is a plain method of a class defined at the top of the module, the only kind whose
    ``self.name(...)`` calls the file resolves to it. Decorated only to set the grad mode
    (``@torch.no_grad()``): another decorator (a static or class method, a property, a wrapper) may
    call it some other way or change what it returns."""
    block = tree.parent(function)
    cls = tree.parent(block) if isinstance(block, cst.IndentedBlock) else None
    return (
        isinstance(cls, cst.ClassDef)
        and isinstance(tree.parent(cls), cst.Module)
        and all(_sets_grad_mode(d.decorator) for d in function.decorators)
        and bool(function.params.params)
        and function.params.params[0].name.value == "self"
    )


def _sets_grad_mode(decorator: cst.BaseExpression) -> bool:
    """``@torch.no_grad()`` (or ``@torch.no_grad``, ``@torch.inference_mode()``), spelled in full."""
    if isinstance(decorator, cst.Call):
        if decorator.args:
            return False  # (`inference_mode(False)`: still a grad mode, but keep to the plain spelling)
        decorator = decorator.func
    return code_of(decorator) in _GRAD_MODES


def _term_item(value: cst.BaseExpression) -> cst.Call | None:
    """The ``.item()`` call of a returned term, ``loss.item()`` or ``loss.item() * n`` (either side),
    for :func:`_is_item_term` to judge; None for anything else."""
    for candidate in (value, *((value.left, value.right) if isinstance(value, cst.BinaryOperation) else ())):
        if m.matches(candidate, _ITEM_CALL):
            return cst.ensure_type(candidate, cst.Call)
    return None


def _floating_term(
    tree: Tree, function: cst.FunctionDef, term: cst.BaseExpression, item: cst.Call, scalars: Scalars
) -> bool:
    """A returned term is a float: a true division (whatever it divides), or of a floating value."""
    divided = isinstance(term, cst.BinaryOperation) and isinstance(term.operator, cst.Divide)
    return divided or _is_floating(tree, function, item_receiver(item), scalars)


def _formatted_as_float(tree: Tree, name: cst.Name) -> bool:
    """``"%.4f" % (epoch, loss)``: ``name`` is an operand of a ``%`` format whose conversion for it is a
    float's (``f``, ``e``, ``g``). It formats a 0-dim float64 tensor through ``float()``, the same text as
    the number it held, so the logging line can stay as it is."""
    return percent_conversion(tree.parent, name) in _FLOAT_CONVERSIONS


_FLOAT_CONVERSIONS = frozenset("eEfFgG")


def _caller_edits(
    tree: Tree, call: cst.Call, positions: Mapping[int, bool] | None, floating: bool, count: bool = False
) -> tuple[cst.For | cst.While, dict[cst.CSTNode, cst.FlattenSentinel]] | None:
    """For ``v = f(...)`` in a loop (``positions``: the ``k``-th names of ``a, v, w = f(...)``, each
    with whether it is floating; else ``floating`` says so of ``v``), the loop and the edits that keep
    each value's sums on the device and read it as ``float(v)`` where the loop logs, or None when one is
    read or bound any other way, or after the loop. ``total += f(...)`` is such a sum of its own.
    ``count``: ``f`` returns a count (an int64 tensor), summed only from an int and read back with
    ``int``."""
    assign = tree.parent(call)
    if isinstance(assign, cst.AugAssign) and assign.value is call and positions is None:
        return _summed_call_edits(tree, assign, floating, count)
    if count or not (isinstance(assign, cst.Assign) and assign.value is call and len(assign.targets) == 1):
        return None
    target: cst.BaseExpression = assign.targets[0].target
    named: list[tuple[cst.BaseExpression, bool]] = [(target, floating)]
    if positions is not None:
        if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) <= max(positions):
            return None
        if any(isinstance(e, cst.StarredElement) for e in target.elements):
            return None
        named = [(target.elements[k].value, positions[k]) for k in sorted(positions)]
    scopes = (cst.For, cst.While, cst.FunctionDef)
    loop = next((a for a in tree.ancestors(assign) if isinstance(a, scopes)), None)
    if not isinstance(loop, (cst.For, cst.While)) or not isinstance(
        tree.parent(assign), cst.SimpleStatementLine
    ):
        return None
    replacements: dict[int, cst.CSTNode] = {}
    totals: list[str] = []
    for each, each_floating in named:
        kept = _kept_name_reads(tree, loop, each, each_floating)
        if kept is None:
            return None
        replacements.update(kept[0])
        totals.extend(kept[1])
    names = {cst.ensure_type(each, cst.Name).value for each, _ in named}
    if len(set(totals)) != len(totals) or len(names) != len(named):
        return None
    fixed = cst.ensure_type(loop.visit(_Replace(replacements)), type(loop))
    if not totals:
        return loop, {loop: cst.FlattenSentinel([fixed])}
    ordered = sorted(totals, key=lambda t: _first_bound(tree, loop, t))
    converted: list[cst.BaseStatement] = [cst.parse_statement(f"{t} = float({t})\n") for t in ordered]
    return loop, _after_loop(tree, loop, fixed, converted, ordered[0])


def _kept_name_reads(
    tree: Tree, loop: cst.For | cst.While, target: cst.BaseExpression, floating: bool
) -> tuple[dict[int, cst.CSTNode], list[str]] | None:
    """For a name bound in ``loop`` to a kept tensor, the reads that become ``float(...)`` (where the
    loop logs, and its sums' reads there) and the sums to read back after the loop; None where the name
    is read or bound any other way, after the loop, or summed into a sum no fix keeps."""
    if not isinstance(target, cst.Name):
        return None
    name = target.value
    if _declared_global(tree, loop, name) or _read_outside(tree, loop, name):
        return None
    value_reads: list[cst.Name] = []
    sums: list[cst.AugAssign] = []
    for occurrence in tree.of_type(loop, cst.Name):
        parent = tree.parent(occurrence)
        if occurrence.value != name or (isinstance(parent, cst.Attribute) and parent.attr is occurrence):
            continue
        if occurrence is target:
            continue
        if _summed_into_another(parent, occurrence, name):
            sums.append(cst.ensure_type(parent, cst.AugAssign))
        elif _read_where_logged(tree, loop, occurrence, target):
            if not _formatted_as_float(tree, occurrence):
                value_reads.append(occurrence)  # a logging point (formatted as a float: read as it is)
        else:
            return None
    totals = [cst.ensure_type(augmented.target, cst.Name).value for augmented in sums]
    if len(set(totals)) != len(totals):
        return None
    replacements: dict[int, cst.CSTNode] = {}
    for augmented, total in zip(sums, totals):
        before = _statements_before(tree, loop, climbing=total)
        start = _number_before(tree, before, total) if before is not None else None
        if start is None or (isinstance(start, cst.Integer) and not floating):
            return None  # an int sum of what may be ints must stay an int
        reads = _logged_reads(tree, loop, augmented, total)
        if reads is None or _declared_global(tree, loop, total):
            return None
        replacements.update({id(r): cst.Call(func=cst.Name("float"), args=[cst.Arg(r)]) for r in reads})
    if value_reads and not floating:
        return None  # (`print(hits)` of what may be an int: `float(hits)` would print `5.0` for `5`)
    replacements.update({id(r): cst.Call(func=cst.Name("float"), args=[cst.Arg(r)]) for r in value_reads})
    return replacements, totals


def _summed_call_edits(
    tree: Tree, augmented: cst.AugAssign, floating: bool, count: bool
) -> tuple[cst.For | cst.While, dict[cst.CSTNode, cst.FlattenSentinel]] | None:
    """``total += f(...)`` in a loop, ``f`` returning the kept tensor: the loop and the edits that read
    ``total`` back where the loop logs and once after it (``int`` for a count, else ``float``), or None
    where :func:`accumulator_fix` would not keep such a sum (its start, its reads)."""
    if not m.matches(augmented, _SUM_INTO_NAME) or not isinstance(
        tree.parent(augmented), cst.SimpleStatementLine
    ):
        return None
    total = cst.ensure_type(augmented.target, cst.Name).value
    scopes = (cst.For, cst.While, cst.FunctionDef)
    loop = next((a for a in tree.ancestors(augmented) if isinstance(a, scopes)), None)
    if not isinstance(loop, (cst.For, cst.While)) or _declared_global(tree, loop, total):
        return None
    before = _statements_before(tree, loop, climbing=total)
    start = _number_before(tree, before, total) if before is not None else None
    # a count only from an int (0.0 + an int64 tensor is a float32 one); a float from an int only when
    # the value is shown to be floating
    if start is None or (count and not isinstance(start, cst.Integer)):
        return None
    if not count and isinstance(start, cst.Integer) and not floating:
        return None
    reads = _logged_reads(tree, loop, augmented, total)
    if reads is None:
        return None
    back = "int" if count else "float"
    fixed = loop.visit(_Replace({id(r): cst.Call(func=cst.Name(back), args=[cst.Arg(r)]) for r in reads}))
    converted = cst.parse_statement(f"{total} = {back}({total})\n")
    return loop, _after_loop(tree, loop, cst.ensure_type(fixed, type(loop)), converted, total)

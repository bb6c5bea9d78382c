"""The host syncs in code that runs every training step: where the host waits for the GPU.

A sync reads a device tensor's value on the host: ``.item()``, ``.tolist()``, ``.cpu()`` (also
``.to("cpu")``), ``.numpy()``, ``float(t)``/``int(t)``/``bool(t)``, printing or formatting a tensor,
branching on one (``if loss > best:``), and the pre-0.4 ``loss.data[0]``. Which values are device tensors is
:class:`codemods.analysis.tensor_values.TensorValues`'s answer.

Two copies are not stalls to remove and are left out: the input of an environment or a replay
memory (``env.step(action.cpu().numpy())``: the algorithm keeps host values there), and a tensor
the statement just before copied already (the host has just waited for it; no GPU work is queued
in between).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from codemods.analysis.scalars import Scalars
from codemods.analysis.tensor_values import Known, TensorValues
from codemods.analysis.training_loops import Event, is_optimizer_step
from codemods.core.dataflow import assigned_names
from codemods.core.name_bindings import flatten_names
from codemods.core.names import ImportAliases, dotted_name
from codemods.core.syntax import called_method, code_of, func_attribute
from codemods.core.torch_names import LEGACY_TENSOR_DTYPES, as_move, is_cpu_device
from codemods.core.tree import Tree, instance_test
from codemods.rules.dev008_host_sync_in_loop._sync_accumulators import device_side, loss_parameter_call

# isinstance, cached per class (see codemods.core.tree): asked of every node of every statement of a
# training loop.
_IS_CALL = instance_test(cst.Call)
_IS_SUBSCRIPT = instance_test(cst.Subscript)
_IS_FORMATTED = instance_test(cst.FormattedStringExpression)
_IS_BRANCHING = instance_test((cst.IfExp, cst.Assert))
_IS_BINARY = instance_test(cst.BinaryOperation)
# Every node ``HostSyncs._of`` may find a sync at is one of these (each of its tests needs one): a step's
# other nodes (names, attributes, arguments: most of them) are passed over with one test, not seven.
_MAY_SYNC = instance_test(
    (cst.Call, cst.Subscript, cst.FormattedStringExpression, cst.IfExp, cst.Assert, cst.BinaryOperation)
)
_STRING = m.SimpleString() | m.ConcatenatedString()
# `"loss %.3f" % loss`, `"{:.3f}".format(loss)`: formatting reads the value.
_PERCENT_FORMAT = m.BinaryOperation(left=_STRING, operator=m.Modulo())
_STRING_FORMAT = m.Attribute(value=_STRING, attr=m.Name("format"))
# Loggers that turn what they are given into Python numbers (TensorBoard writers, tensorboard_logger,
# wandb, mlflow, tqdm's postfix): given a tensor, they read it on the host.
_LOGGER = re.compile(
    r"^(.*\.)?(add_scalars?|add_histogram|log_value|scalar_summary|histo_summary|set_postfix|log_metrics?)$"
    r"|^wandb\.log$"
)

_SYNC_METHODS = {
    "item": "copies the value to the host",
    "tolist": "copies the values to the host",
    "cpu": "copies the tensor to the host",
    "numpy": "needs the tensor on the host",
}
_CONVERSIONS = frozenset({"float", "int", "bool"})
# What a sync's message says of `range(t)` and `torch.arange(t)` of a tensor (the rule's advice keys on it).
SIZED_BY_A_TENSOR = "reads a tensor as the number it counts to"
# Builtins that compare or round numbers: `min(max(k + r * d.data[0], 0), 1)` reads a number.
_NUMBER_BUILTINS = frozenset({"min", "max", "abs", "round"})
# Methods only a tensor has (a NumPy value's `.item()` aside): called on a value of unknown origin, they
# say it is a tensor.
_ONLY_TENSORS = frozenset({"item", "cpu"})
_MODEL = re.compile(r"^(model|net|network|\w+_model|\w+_net|module)$", re.IGNORECASE)
_SYNC_METHOD_CALL = m.Call(func=m.Attribute(attr=m.OneOf(*map(m.Name, _SYNC_METHODS))), args=[])
# `loss.data[0]`: how a loss was read before PyTorch 0.4 gave tensors `.item()`.
_DATA_AT_0 = m.Subscript(
    value=m.Attribute(attr=m.Name("data")), slice=[m.SubscriptElement(m.Index(m.Integer("0")))]
)
# `x.to("cpu")`, `x.to(torch.device("cpu"))`: `.cpu()` spelled as a move.
_CPU = m.SimpleString(value=m.MatchRegex(r"""^['"]cpu['"]$"""))
_TO_CPU = m.Call(
    func=m.Attribute(attr=m.Name("to")),
    args=[
        m.Arg(keyword=None, value=_CPU | m.Call(func=m.Attribute(attr=m.Name("device")), args=[m.Arg(_CPU)]))
    ],
)
# Functions that write images, arrays or figures: what they are given is the program's output.
_WRITES_OUTPUT = re.compile(
    r"^(save_image|save_images|imsave|imwrite|savefig|imshow|matshow|show_image|add_image|add_images|add_figure"
    r"|add_video|add_audio|fromarray|savez?|savetxt|write_png|write_video|to_img)$"
)
# Receivers that keep host values for the algorithm: environments and replay memories.
_HOST_STATE = re.compile(r"env|buffer|memory|replay|(^|\.)mem$", re.IGNORECASE)
# A learning-rate scheduler, `scheduler.step(loss)`: it is given a metric, not an environment's action.
_SCHEDULER = re.compile(r"sched", re.IGNORECASE)

_STRINGS = (cst.SimpleString, cst.ConcatenatedString)
# A name or a function named for a loss: its value is one number (`d_loss_real`, `dice_loss(out, y)`).
_LOSS_NAME = re.compile(r"loss", re.IGNORECASE)
_ELEMENTWISE = frozenset({"abs", "exp", "log", "sqrt", "neg"})
# Clocks a step reads to time itself: a `torch.cuda.synchronize()` before them is what makes the time right.
_CLOCKS = frozenset(
    {"time.time", "time.perf_counter", "time.monotonic", "time.process_time", "timeit.default_timer"}
)
_CPU_TEXT = re.compile(r"""^['"]cpu['"]$""")  # `_CPU`'s regex (a matcher's MatchRegex is a fullmatch)


# The matchers above as type tests (libcst's matchers compare class names: `type() is` says the same): asked
# of every node of every statement that runs every step, where the matchers cost a fifth of the rule.
# tests/test_codemods/test_fast_matchers.py checks each against its matcher on every node of the corpus.
def _is_string_format(node: cst.CSTNode) -> bool:
    """``_STRING_FORMAT``: ``"{}".format``."""
    return type(node) is cst.Attribute and node.attr.value == "format" and type(node.value) in _STRINGS


def _is_percent_format(node: cst.CSTNode) -> bool:
    """``_PERCENT_FORMAT``: ``"%f" % x``."""
    return (
        type(node) is cst.BinaryOperation
        and type(node.operator) is cst.Modulo
        and type(node.left) in _STRINGS
    )


def _is_sync_method_call(node: cst.CSTNode) -> bool:
    """``_SYNC_METHOD_CALL``: ``x.item()``, ``.tolist()``, ``.cpu()``, ``.numpy()`` without arguments."""
    return (
        type(node) is cst.Call
        and type(node.func) is cst.Attribute
        and node.func.attr.value in _SYNC_METHODS
        and not node.args
    )


def _is_data_at_0(node: cst.CSTNode) -> bool:
    """``_DATA_AT_0``: ``x.data[0]``."""
    if type(node) is not cst.Subscript or type(node.value) is not cst.Attribute or len(node.slice) != 1:
        return False
    index = node.slice[0].slice
    return (
        node.value.attr.value == "data"
        and type(index) is cst.Index
        and type(index.value) is cst.Integer
        and index.value.value == "0"
    )


def _is_cpu(node: cst.CSTNode) -> bool:
    """``_CPU``: ``"cpu"``."""
    return type(node) is cst.SimpleString and _CPU_TEXT.fullmatch(node.value) is not None


def _is_to_cpu(node: cst.CSTNode) -> bool:
    """``_TO_CPU``: ``x.to("cpu")``, ``x.to(torch.device("cpu"))``."""
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute or node.func.attr.value != "to":
        return False
    if len(node.args) != 1 or node.args[0].keyword is not None:
        return False
    value = node.args[0].value
    if _is_cpu(value):
        return True
    return (
        type(value) is cst.Call
        and type(value.func) is cst.Attribute
        and value.func.attr.value == "device"
        and len(value.args) == 1
        and _is_cpu(value.args[0].value)
    )


def _receiver(node: cst.CSTNode) -> cst.BaseExpression:
    """``x`` of ``x.name()``, for a node a matcher found to be such a call."""
    return func_attribute(cst.ensure_type(node, cst.Call)).value


@dataclass(frozen=True)
class Sync:
    node: cst.CSTNode
    what: str  # "`loss.item()` copies the value to the host and waits for the GPU every step"
    item: bool = False  # `.item()` of a tensor the code shows: the accumulator fix may apply
    # False for a copy left alone (an environment's input, a copy the line before made): the step still
    # waits there, so a sum kept on the device beside it saves nothing
    reported: bool = True
    # `torch.cuda.synchronize()`: a wait and nothing else. Its message says what to do, and it keeps no
    # other sync's fix from being made (those save their copies whether or not it is removed).
    explicit_wait: bool = False
    # left unreported only as a read of what the line before copied (`n += loss.item()` after `total +=
    # loss.item()`): fixed with that line's sum where it can be, which reports it then
    after_copy: bool = False


class HostSyncs:
    def __init__(
        self, tree: Tree, aliases: ImportAliases, values: TensorValues, scalars: Scalars, pre_04: bool = False
    ) -> None:
        self.tree = tree
        self.aliases = aliases
        self.values = values
        self.scalars = scalars
        # The file reads numbers the pre-0.4 way (`loss.data[0]`): there, indexing a one-dimensional tensor
        # gave a Python number, so `top1.update(prec1[0], n)` copied it to the host
        self.pre_04 = pre_04
        self._copied: tuple[cst.CSTNode | None, set[str]] = (None, set())  # the last line's copies

    def of(self, event: Event) -> Iterator[Sync]:
        """The syncs of ``event``, in source order, one per expression (``"%.3f" % loss.data[0]`` formats
        what ``.data[0]`` reads: one sync). Call it on the events in the order they run."""
        seen: set[int] = set()
        for sync in self._of(event):
            if id(sync.node) not in seen:
                seen.add(id(sync.node))
                yield sync

    def _of(self, event: Event) -> Iterator[Sync]:
        if event.is_test and isinstance(event.node, cst.BaseExpression):  # (a test is one)
            yield from self._branches(event.node, event.known)
        copied_before = self._copies_of_the_line_before(event.node)
        copied: set[str] = set()
        read_through: set[int] = set()  # the copies of `t.cpu().item()`: one sync, the item's
        for inner in self.tree.descendants(event.node):
            if not _MAY_SYNC(inner) or id(inner) in read_through:
                continue
            method = called_method(inner)
            item = method == "item" and _is_sync_method_call(inner)
            through = device_side(_receiver(inner)) if item else None
            if (
                through is not None
                and not self._device_fallback(inner)
                and self.values.is_tensor(through[0], event.known)
            ):
                # `loss.cpu().item()`: the number `loss.item()` reads; a sum or list of it may stay on
                # the device
                read_through.add(id(through[1]))
                name = dotted_name(through[0])
                copied.add(name or "")
                yield Sync(
                    inner,
                    f"`{short(_receiver(inner))}.item()` {_SYNC_METHODS['item']} and waits for the GPU"
                    " every step",
                    item=True,
                    reported=name not in copied_before
                    and not self._feeds_host_state(inner, event.node)
                    and not self._given_to_host_state(name, event.node),
                    after_copy=name in copied_before
                    and not self._feeds_host_state(inner, event.node)
                    and not self._given_to_host_state(name, event.node),
                )
            elif (
                method in _SYNC_METHODS
                and _is_sync_method_call(inner)
                and not (method == "item" and self._device_fallback(inner))
                and (
                    self.values.is_tensor(_receiver(inner), event.known)
                    or (method == "item" and self.values.is_fed(_receiver(inner), event.known))
                    or (method in _ONLY_TENSORS and self._unknown(_receiver(inner), event.known))
                )
            ):
                receiver = _receiver(inner)
                name = dotted_name(receiver)
                copied.add(name or "")
                yield Sync(
                    inner,
                    f"`{short(receiver)}.{method}()` {_SYNC_METHODS[method]} and waits"
                    " for the GPU every step",
                    # (what an unshown helper returned may be a NumPy number: `.detach()` would fail)
                    item=method == "item"
                    and (self.values.is_tensor(receiver, event.known) or self._loss_of(receiver, event)),
                    reported=name not in copied_before
                    and not self._feeds_host_state(inner, event.node)
                    and not self._given_to_host_state(name, event.node),
                    after_copy=method == "item"
                    and name in copied_before
                    and not self._feeds_host_state(inner, event.node)
                    and not self._given_to_host_state(name, event.node),
                )
            elif (
                method in ("to", "type")
                and self._copies_to_host(inner)
                and self.values.is_tensor(_receiver(inner), event.known)
            ):
                receiver = _receiver(inner)
                copied.add(dotted_name(receiver) or "")
                yield Sync(
                    inner,
                    f"`{short(inner)}` copies the tensor to the host and waits for the GPU every step",
                    reported=dotted_name(receiver) not in copied_before
                    and not self._feeds_host_state(inner, event.node),
                )
            elif _IS_CALL(inner) and self.aliases.qualify(inner.func) == "torch.cuda.synchronize":
                if not self._timed(event.step):
                    yield Sync(
                        inner,
                        "`torch.cuda.synchronize()` waits for the GPU every step, and the step reads no"
                        " clock: remove it (a step needs it only to be timed)",
                        explicit_wait=True,
                    )
            elif _IS_CALL(inner):
                yield from self._builtin(inner, event.known)
            elif _IS_SUBSCRIPT(inner) and _is_data_at_0(inner):
                tensor = cst.ensure_type(inner.value, cst.Attribute).value
                if self._is_scalar(tensor, event.known):
                    yield Sync(
                        inner,
                        f"`{short(inner)}` is the pre-0.4 spelling of `.item()`: it copies the loss to"
                        " the host and waits for the GPU every step (and fails on a 0-dim loss since"
                        " PyTorch 0.4)",
                    )
                elif (
                    self.values.is_tensor(tensor, event.known)
                    or self.values.is_fed(tensor, event.known)
                    or self._unknown(tensor, event.known)
                ) and self._read_as_number(inner, event.node):
                    yield Sync(
                        inner,
                        f"`{short(inner)}` reads a number the pre-0.4 way (`.item()` today): it copies it to"
                        " the host and waits for the GPU every step",
                    )
                elif (
                    isinstance(tensor, cst.Name)
                    and self.values.is_tensor(tensor, event.known)
                    and self.scalars.is_scalar(tensor)
                ):
                    # a name every binding of which is a full reduction (`acc = (p == y).float().mean()`):
                    # its one number, wherever it goes (`info = {"acc": acc.data[0]}`)
                    yield Sync(
                        inner,
                        f"`{short(inner)}` is the pre-0.4 spelling of `.item()`: it copies the value to the"
                        " host and waits for the GPU every step (and fails on a 0-dim value since PyTorch"
                        " 0.4)",
                    )
            elif _IS_SUBSCRIPT(inner) and self.pre_04 and self._meter_given_element(inner, event.known):
                yield Sync(
                    inner,
                    f"`{short(inner)}` reads a number the pre-0.4 way (`.item()` today): it copies it to"
                    " the host and waits for the GPU every step",
                )
            elif _IS_FORMATTED(inner) and self.values.is_tensor(inner.expression, event.known):
                yield Sync(
                    inner.expression,
                    f"formatting the tensor `{short(inner.expression)}` waits for the GPU every step",
                )
            elif _IS_BRANCHING(inner):
                yield from self._branches(inner.test, event.known)
            elif _IS_BINARY(inner) and _is_percent_format(inner):
                yield from self._formatted(_elements(inner.right), event.known)
        if isinstance(event.node, cst.BaseSmallStatement):
            self._copied = (self.tree.parent(event.node), copied)

    def _timed(self, step: cst.CSTNode) -> bool:
        """Does ``step`` read a clock (``time.time()``, ``time.perf_counter()``, a CUDA event's
        ``elapsed_time``)? Then a ``torch.cuda.synchronize()`` in it makes the time the GPU's."""
        return any(
            (self.aliases.qualify(call.func) or "") in _CLOCKS or called_method(call) == "elapsed_time"
            for call in self.tree.of_type(step, cst.Call)
        )

    def _loss_of(self, value: cst.BaseExpression, event: Event) -> bool:
        """``value`` is what a loss-named parameter returns given a device tensor (``loss = criterion(out,
        y)`` in ``def evaluate(model, loader, criterion)``): a tensor, as NumPy cannot read a device
        tensor."""
        if event.loop is None:
            return False
        call = loss_parameter_call(self.tree, event.loop, value)
        return call is not None and any(self.values.is_tensor(a.value, event.known) for a in call.args)

    def _device_fallback(self, item: cst.CSTNode) -> bool:
        """``t.item()`` as the ``else`` of ``t.detach().double() if t.device.type in ("cuda", "cpu") else
        t.item()`` (DEV008's own fix where a device may lack float64): read on the host only on such a
        device, where nothing else keeps the host's digits."""
        choice = self.tree.parent(item)
        if not (isinstance(choice, cst.IfExp) and choice.orelse is item):
            return False
        receiver = code_of(_receiver(item))
        return code_of(choice.test).startswith(f"{receiver}.device.type in ") and code_of(choice.body) == (
            f"{receiver}.detach().double()"
        )

    def _unknown(self, node: cst.BaseExpression, known: Known) -> bool:
        """Is ``node`` a value the code does not show (a batch's field, what an unknown call returns)?
        ``.item()`` and ``.cpu()`` of it say it is a tensor (a NumPy value, a number, a host tensor and a
        model the code shows are none); in a file that uses a GPU, it is taken to be on the device."""
        if self.values.is_host(node, known) or self.values.is_plain(node, known):
            return False
        iterable = self._comprehended(node)
        if iterable is not None:  # `[e.item() for e in target]`: an element of what it walks
            return not (self.values.is_host(iterable, known) or self.values.is_plain(iterable, known))
        spelled = dotted_name(node)
        if spelled is not None and (
            spelled in self.values.modules or _MODEL.match(spelled.rsplit(".", 1)[-1]) is not None
        ):
            return False  # `model.cpu()`: a model moved, not read
        return not isinstance(node, cst.Call) or self.aliases.qualify(node.func) is None

    def _comprehended(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
        """What the comprehension around ``node`` walks, where ``node`` is one of its targets."""
        if not isinstance(node, cst.Name):
            return None
        for above in self.tree.ancestors(node):
            if isinstance(above, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
                comp: cst.CompFor | None = above.for_in
                while comp is not None:
                    if node.value in flatten_names(comp.target, keep_underscore=True):
                        return comp.iter
                    comp = comp.inner_for_in
            if isinstance(above, (cst.FunctionDef, cst.Lambda)):
                return None
        return None

    def _element_of_a_tensor(self, node: cst.BaseExpression, known: Known) -> bool:
        """``x[-1]`` (or ``x``) in ``[classes[int(x[-1])] for x in output]`` where ``output`` is a device
        tensor: walking a tensor gives its rows, device tensors too. Not where what it walks is a parameter,
        taken for a tensor as a module's input is (``[adj[int(n)] for n in nodes]`` in ``forward(self,
        nodes)``): the caller may give a list."""
        while isinstance(node, cst.Subscript):
            node = node.value
        iterable = self._comprehended(node)
        if iterable is None or not self.values.is_tensor(iterable, known):
            return False
        function = next((a for a in self.tree.ancestors(iterable) if isinstance(a, cst.FunctionDef)), None)
        root = iterable
        while isinstance(root, (cst.Attribute, cst.Subscript)):
            root = root.value
        return not (
            function is not None
            and isinstance(root, cst.Name)
            and root.value in {p.name.value for p in function.params.params}
        )

    def _read_as_number(self, node: cst.BaseExpression, statement: cst.CSTNode) -> bool:
        """``total += L.data[0]``, ``rewards.append(R[0].data[0])``, ``float(L.data[0] / n)``,
        ``meter.update(L.data[0], n)``, ``max(k + L.data[0], 0)``, ``"%.3f" % L.data[0]``,
        ``"{}".format(L.data[0])``, a logger's
        argument: the value summed into a name, kept, converted, formatted or logged, as pre-0.4 code read
        a one-element tensor's number (not ``out.data[0]`` handed to torch, a row of a batch)."""
        for above in self.tree.ancestors(node):
            if above is statement:
                return isinstance(above, cst.AugAssign)
            if _IS_FORMATTED(above) or (_IS_BINARY(above) and _is_percent_format(above)):
                return True
            if isinstance(above, (cst.BinaryOperation, cst.UnaryOperation, cst.Arg, cst.AugAssign)):
                continue
            if isinstance(above, (cst.Tuple, cst.Element)):
                continue  # `"%d %.3f" % (i, L.data[0])`
            if isinstance(above, cst.Call):
                name = dotted_name(above.func) or ""
                # (`self.losses["D"].append(...)`: a method of what no dotted name spells)
                method = above.func.attr.value if isinstance(above.func, cst.Attribute) else name
                return (
                    method in ("append", "update")
                    or name in _CONVERSIONS
                    or name in _NUMBER_BUILTINS
                    or name == "print"
                    or _is_string_format(above.func)
                    or _LOGGER.match(name) is not None
                )
            return False
        return False

    def _meter_given_element(self, node: cst.Subscript, known: Known) -> bool:
        """``top1.update(prec1[0], n)`` in a file written for PyTorch < 0.4, where ``prec1`` is a device
        tensor or what a call returned given device tensors (``prec1, prec5 = accuracy(out.data, y)``): the
        first element of a one-element tensor was a Python number then, read on the host every step."""
        if len(node.slice) != 1 or not isinstance(node.value, cst.Name):
            return False
        index = node.slice[0].slice
        if not (
            isinstance(index, cst.Index) and isinstance(index.value, cst.Integer) and index.value.value == "0"
        ):
            return False
        arg = self.tree.parent(node)
        call = self.tree.parent(arg) if isinstance(arg, cst.Arg) else None
        if not (
            isinstance(call, cst.Call)
            and called_method(call) == "update"
            and call.args
            and call.args[0] is arg
            and arg.keyword is None
        ):
            return False
        return self.values.is_tensor(node.value, known) or self.values.is_fed(node.value, known)

    def _branches(self, test: cst.BaseExpression, known: Known) -> Iterator[Sync]:
        """``if loss > 0:``, ``while not done and err:``: each operand's truth value is a sync."""
        operands = [test]
        while operands:
            node = operands.pop()
            if isinstance(node, cst.BooleanOperation):
                operands += [node.left, node.right]
            elif m.matches(node, m.UnaryOperation(operator=m.Not())):
                operands.append(cst.ensure_type(node, cst.UnaryOperation).expression)
            elif self.values.is_tensor(node, known):
                yield Sync(node, f"`{short(node)}` is a tensor: branching on it waits for the GPU every step")

    def _is_scalar(self, node: cst.BaseExpression, known: Known) -> bool:
        """``loss`` of ``loss.data[0]``, ``R.mean()``, ``criterion(out, y)``: a 0-dim tensor on the device;
        also a device tensor named for a loss (``d_loss_real``), what a function named for a loss returns
        given device tensors (``dice_loss(out, y)``), and arithmetic on such a loss (``(d_loss_real +
        torch.abs(diff))``, ``gamma * d_loss_real - d_loss_fake``): a loss is one number."""
        if self.values.is_loss(node, known):
            return True
        if isinstance(node, cst.Name):
            # (a name's scalar is otherwise the loss the line above checks: Scalars sees no steps)
            return _LOSS_NAME.search(node.value) is not None and (
                self.values.is_tensor(node, known) or self.values.is_fed(node, known)
            )
        if isinstance(node, cst.Call) and _LOSS_NAME.search(
            (dotted_name(node.func) or "").rsplit(".", 1)[-1]
        ):
            return self.values.is_tensor(node, known) or self.values.is_fed(node, known)
        if isinstance(node, cst.BinaryOperation):
            # (a loss scaled or combined with numbers, unknown factors and other losses; not with a batch)
            operands = [node.left, node.right]
            return any(self._is_scalar(o, known) for o in operands) and all(
                self._is_scalar(o, known)
                or not self.values.is_tensor(o, known)
                or self.scalars.is_scalar(o)
                or _elementwise_of_a_name(o)
                for o in operands
            )
        return self.values.is_tensor(node, known) and self.scalars.is_scalar(node)

    def _formatted(self, values: list[cst.BaseExpression], known: Known) -> Iterator[Sync]:
        for value in values:
            # (`"%.3f" % loss.data[0]`: the pre-0.4 read, reported as such)
            if self.values.is_tensor(value, known) and not _is_data_at_0(value):
                yield Sync(value, f"formatting the tensor `{short(value)}` waits for the GPU every step")

    def _logged(self, call: cst.Call, known: Known) -> Iterator[Sync]:
        """``writer.add_scalar("loss", loss, step)``, ``log_value("r", r.mean(), step)``,
        ``pbar.set_postfix(loss=loss)``: a logger given a tensor reads its value on the host."""
        for arg in call.args:
            if arg.star:
                continue
            values = [arg.value]
            if isinstance(arg.value, cst.Dict):  # `add_scalars("loss", {"g": g_loss}, step)`
                values = [e.value for e in arg.value.elements if isinstance(e, cst.DictElement)]
            for value in values:
                if self.values.is_tensor(value, known):
                    yield Sync(
                        value,
                        f"logging the tensor `{short(value)}` copies it to the host and waits for the GPU"
                        " every step",
                    )

    def _copies_to_host(self, call: cst.CSTNode) -> bool:
        """``x.to("cpu")``, also with other arguments (``x.to(device="cpu")``, ``x.to("cpu", non_blocking=
        True)``), and ``x.type(torch.FloatTensor)``: a CPU tensor type, which moves a device tensor to the
        host as it converts it."""
        if _is_to_cpu(call):
            return True
        if not isinstance(call, cst.Call):
            return False
        if called_method(call) == "type":
            keyword = call.args[0].keyword if len(call.args) == 1 else None
            if len(call.args) != 1 or (keyword is not None and keyword.value != "dtype"):
                return False
            value = call.args[0].value
            spelled = (
                value.evaluated_value if isinstance(value, cst.SimpleString) else self.aliases.qualify(value)
            )
            return isinstance(spelled, str) and spelled.removeprefix("torch.") in LEGACY_TENSOR_DTYPES
        move = as_move(call)
        return move is not None and is_cpu_device(move.device, self.aliases)

    def _builtin(self, call: cst.Call, known: Known) -> Iterator[Sync]:
        """``float(loss)``, ``print(loss)``, ``math.isnan(norm)``, ``"{}".format(loss)``,
        ``writer.add_scalar(tag, loss)``; an imported ``float``/``print`` is not the builtin."""
        if _is_string_format(call.func):
            yield from self._formatted([a.value for a in call.args if not a.star], known)
            return
        if _LOGGER.match(dotted_name(call.func) or "") and self.values.functions.callee(call) is None:
            # (the file's own `def log_metrics(...)` is walked as a helper: its syncs are its lines')
            yield from self._logged(call, known)
            return
        if (self.aliases.qualify(call.func) or "").startswith("math.") and any(
            self.values.is_tensor(a.value, known) for a in call.args
        ):
            yield Sync(
                call,
                f"`{code_of(call)[:40]}` converts the tensor to a float: it waits for the GPU every step",
            )
            return
        sized = self._sized_by_a_tensor(call, known)
        if sized is not None:
            yield sized
            return
        name = dotted_name(call.func)
        if name in self.aliases.names:
            return
        if (
            name in _CONVERSIONS
            and len(call.args) == 1
            and (
                self.values.is_tensor(call.args[0].value, known)
                or self._element_of_a_tensor(call.args[0].value, known)
            )
        ):
            yield Sync(call, f"`{code_of(call)[:40]}` of a tensor waits for the GPU every step")
        elif name == "print" and any(
            self.values.is_tensor(a.value, known) for a in call.args if not a.keyword
        ):
            yield Sync(call, "printing a tensor waits for the GPU every step")

    def _sized_by_a_tensor(self, call: cst.Call, known: Known) -> Sync | None:
        """``range(lengths.max())``, ``torch.arange(max_len)`` of a device tensor: the host needs the number
        to count the loop or size the new tensor, and waits for the GPU to read it."""
        builtin_range = isinstance(call.func, cst.Name) and call.func.value == "range"
        if not builtin_range and self.aliases.qualify(call.func) != "torch.arange":
            return None
        if builtin_range and self.values.functions.callee(call) is not None:
            return None  # (the file's own `range`)
        for arg in call.args:
            if arg.star or (arg.keyword is not None and arg.keyword.value not in ("start", "end", "step")):
                continue
            if self.values.is_tensor(arg.value, known):
                return Sync(
                    call,
                    f"`{short(call)}` {SIZED_BY_A_TENSOR} (`{short(arg.value)}`): it waits for the GPU"
                    " every step",
                )
        return None

    def _feeds_host_state(self, call: cst.CSTNode, statement: cst.CSTNode) -> bool:
        """``env.step(action.cpu().numpy())``, ``replay_buffer.update_priorities(i, p.cpu().numpy())``,
        also through a name: ``actions = q.argmax(1).cpu().numpy()``, then ``envs.step(actions)``; and
        through a function of the file that returns the copy, where every call of it names the result
        for an environment (``action = select_action(q, obs)[0, 0]``, then ``env.step(action)``)."""
        for above in self.tree.ancestors(call):
            if above is statement:
                break
            if isinstance(above, cst.Call) and _takes_host_state(above):
                return True
        if isinstance(statement, cst.Return):
            # (`return action.numpy()[0]` of a device tensor fails: no copy the environment could use)
            return called_method(call) != "numpy" and self._returned_to_host_state(statement)
        return self._named_for_host_state(statement)

    def _returned_to_host_state(self, statement: cst.Return) -> bool:
        """``return q(obs).max(1)[1].cpu()`` in a function of the file called only by name (never handed
        on), each call's result named by an assignment whose names an environment or a replay memory
        takes: the action is a host value the algorithm needs, copied where it is chosen."""
        function = next((a for a in self.tree.ancestors(statement) if isinstance(a, cst.FunctionDef)), None)
        if function is None:
            return False
        name = function.name.value
        uses = [
            n
            for n in self.tree.of_type(self.tree.root, cst.Name)
            if n.value == name and n is not function.name
        ]
        if not uses:
            return False
        for use in uses:
            parent = self.tree.parent(use)
            if not (isinstance(parent, cst.Call) and parent.func is use):
                return False  # handed on or bound elsewhere: its other callers are not shown
            assign = next(
                (a for a in self.tree.ancestors(parent) if isinstance(a, cst.BaseSmallStatement)), None
            )
            if not (isinstance(assign, cst.Assign) and self._named_for_host_state(assign)):
                return False
        return True

    def _named_for_host_state(self, statement: cst.CSTNode) -> bool:
        """``actions = ...`` whose names a call in the same loop or function hands an environment or a
        replay memory (``envs.step(actions)``)."""
        if not isinstance(statement, cst.Assign):
            return False
        names = {n for t in statement.targets for n in flatten_names(t.target)}
        scope = next(
            (
                a
                for a in self.tree.ancestors(statement)
                if isinstance(a, (cst.For, cst.While, cst.FunctionDef))
            ),
            None,
        )
        if not names or scope is None:
            return False
        return any(
            _takes_host_state(outer)
            and any(
                isinstance(n, cst.Name) and n.value in names
                for a in outer.args
                for n in self.tree.descendants(a)
            )
            for outer in self.tree.of_type(scope, cst.Call)
        )

    def _given_to_host_state(self, name: str | None, statement: cst.CSTNode) -> bool:
        """``taken.append(action.cpu().numpy())`` where the loop also does ``env.step(action...)``: the
        action an environment takes is a host value the algorithm needs, wherever it is copied."""
        if name is None or "." in name:
            return False
        scope = next(
            (
                a
                for a in self.tree.ancestors(statement)
                if isinstance(a, (cst.For, cst.While, cst.FunctionDef))
            ),
            None,
        )
        return scope is not None and any(
            _takes_host_state(call)
            and any(
                isinstance(n, cst.Name) and n.value == name
                for a in call.args
                for n in self.tree.descendants(a)
            )
            for call in self.tree.of_type(scope, cst.Call)
        )

    def _copies_of_the_line_before(self, node: cst.CSTNode) -> set[str]:
        """Tensors the line just before ``node``'s copied to the host and did not rebind."""
        line, copied = self._copied
        if not copied:
            return set()  # (most lines copy nothing: no need to find the line before, nor what it binds)
        here = self.tree.parent(node)
        block = self.tree.parent(here) if here is not None else None
        if line is None or here is line or not isinstance(block, (cst.IndentedBlock, cst.Module)):
            return set()
        body = list(block.body)
        index = next((i for i, s in enumerate(body) if s is here), 0)
        if index == 0 or body[index - 1] is not line:
            return set()
        return copied - assigned_names(self.tree, line)


def _elementwise_of_a_name(node: cst.BaseExpression) -> bool:
    """``torch.abs(diff)``: an elementwise function of one name, a number where that name is one (a loss, a
    full reduction the step binds it to: which Scalars, seeing no steps, cannot tell)."""
    if not isinstance(node, cst.Call):
        return False
    func = node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else dotted_name(func) or ""
    if name.rsplit(".", 1)[-1] not in _ELEMENTWISE:
        return False
    return len(node.args) == 1 and isinstance(node.args[0].value, cst.Name)


def short(node: cst.CSTNode) -> str:
    text = code_of(node)
    return text if len(text) <= 40 else text[:37] + "..."


def _elements(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """``(a, b)`` as its elements, anything else as itself (the right side of ``"%s %s" % (a, b)``)."""
    if isinstance(value, cst.Tuple):
        return [e.value for e in value.elements if not isinstance(e, cst.StarredElement)]
    return [value]


def _takes_host_state(call: cst.Call) -> bool:
    """``env.step(a)`` (not an optimizer's), ``memory.push(...)``: a receiver that keeps host values;
    ``save_image(x, path)``, ``plt.imshow(img)``, ``writer.add_image(tag, img)``: a writer of files or
    figures, which needs the values on the host (the copy is the output, not a stall to remove)."""
    name = dotted_name(call.func) or ""
    if _WRITES_OUTPUT.search(name.rsplit(".", 1)[-1]):
        return True
    if not isinstance(call.func, cst.Attribute):
        return False
    method = call.func
    return (
        (
            method.attr.value == "step"
            and not is_optimizer_step(call)
            and not _SCHEDULER.search(dotted_name(method.value) or "")
        )
        or method.attr.value == "update_priorities"
        or _HOST_STATE.search(dotted_name(method.value) or "") is not None
    )

"""## What it does
Finds tensors created without a `device=` in code that runs on a module's device: `forward` of an
`nn.Module`, the methods and module-level functions it calls (`reparameterize`, `sequence_mask`),
and the methods that build its recurrent state (`init_hidden`). It creates them where the input
lives: `torch.zeros(n)` becomes `torch.zeros(n, device=x.device)`, `x` being the tensor the function
receives (`forward`'s input, `mu` in `reparameterize(mu, logvar)`); a method with no tensor argument
uses the module's own device, `next(self.parameters()).device` (also when the module's only layer is
handed to its constructor and used as one, `self.rnn = decoder_rnn; self.rnn.forward_step(...)`: an
unsafe fix, as nothing in the file shows that layer has parameters). Where neither is known, a factory
whose size is a tensor's is created on that tensor's device: `torch.zeros(hs[0].size())` becomes
`torch.zeros(hs[0].size(), device=hs[0].device)` (still the default dtype, unlike `zeros_like`), also
through a name bound once to the size just before (`state_size = hs[0][0].size()`). Also: `device=device`
naming the
script's global device inside `forward` becomes the input's device; `torch.randn(std.size())`
becomes `torch.randn_like(std)`, and so does the legacy `torch.cuda.FloatTensor(std.size()).normal_()`
(`.uniform_()`: `torch.rand_like(std)`; unsafe, it takes `std`'s dtype); legacy constructors become
the modern factory (`torch.LongTensor(range(n))` ->
`torch.tensor(range(n), dtype=torch.int64, device=x.device)`; a `Variable(...)` around a factory is
DEV009's to remove); `torch.from_numpy(np.triu(np.ones((n, n)), k=1))` becomes
`torch.triu(torch.ones((n, n), dtype=torch.float64, device=x.device), diagonal=1)`, also when the
NumPy array is built into a name on an earlier line of the same block and read nowhere else, nothing in
between touching it or what it is built from (that line goes). The factory keeps its dtype: the input's
may be an integer (token ids) or another precision.

## Why is this bad?
A factory without `device=` allocates on the CPU. Once the module is moved to a GPU, the first
operation that combines the new tensor with the input fails with `Expected all tensors to be on the
same device`. Creating the tensor where the input lives works on every device and copies nothing.

Left alone: tensors moved right after they are made (`torch.zeros(n).to(device)`, `if use_cuda: h =
h.cuda()`), which do reach the device (DEV010's host-then-move question), a 0-d
`torch.tensor(0.5)`, which combines with a tensor on any device, and a tensor made only to give the
host a Python value (`coin = torch.bernoulli(torch.tensor(self.p))`, then `if torch.equal(coin, one)`:
made on the device, reading it back would wait for the GPU).

## Example
```python
class Decoder(nn.Module):
    def forward(self, x):
        h = torch.zeros(x.size(0), self.hidden)
        return self.cell(x, h)
```

Use instead:
```python
class Decoder(nn.Module):
    def forward(self, x):
        h = torch.zeros(x.size(0), self.hidden, device=x.device)
        return self.cell(x, h)
```

## Fix safety
Safe: the values are the same; only where they live changes. Unsafe where the device is the module's
and its parameters come only through a layer its caller hands in (the message says so), and where the
numbers are random (`torch.randn(n)`, `torch.empty(n).normal_()`, odds handed to `torch.bernoulli`):
the device's generator draws other numbers than the host's. Reported, not fixed:
a legacy
constructor whose argument may be data or a size (`torch.LongTensor(ids)`, `ids` a parameter:
`torch.empty(ids)` would be a silent uninitialised tensor), and code whose device cannot be named:
a size read from `arr.shape` (maybe a NumPy array's), from a name bound more than once or whose tensor
may have changed since, or from two different tensors; a factory given a `generator=` or `pin_memory=`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import libcst as cst
import libcst.matchers as m

from codemods.analysis.device_sites import DEVICE_NAME, bound_in
from codemods.analysis.evident_data import legacy_rewrite, legacy_rewritten
from codemods.analysis.forward_reach import Reached, reached_functions
from codemods.analysis.legacy_constructors import is_legacy_constructor
from codemods.analysis.nn_modules import inferred_module_classes, module_classes
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.dataflow import assigned_names, linear_statements, names_in
from codemods.core.names import dotted_name
from codemods.core.syntax import code_of, func_attribute, kwarg, positional, with_arg_value, with_kwarg
from codemods.core.torch_names import (
    FACTORIES,
    HOST_ONLY_KEYWORDS,
    RANDOM_FACTORIES,
    RANDOM_FILLS,
)
from codemods.core.tree import Tree
from codemods.rules.dev003_factory_without_device._host_values import only_host_values
from codemods.rules.dev003_factory_without_device._moved_values import MovedValues
from codemods.rules.dev003_factory_without_device._numpy_masks import triangular_mask_rewrite
from codemods.rules.dev003_factory_without_device._size_sources import pure_chain, size_source

_LIKE = {"torch.randn": "torch.randn_like", "torch.rand": "torch.rand_like"}
_RANDOM_LIKE = {"normal_": "torch.randn_like", "uniform_": "torch.rand_like"}
# Legacy constructors of the default float type: `randn_like(std)` of a float32 `std` has their dtype.
_FLOAT_CONSTRUCTORS = frozenset({"torch.Tensor", "torch.FloatTensor", "torch.cuda.FloatTensor"})
# `torch.tensor(0.5)`, `torch.tensor(float(n))`: a 0-d tensor, which meets tensors on any device.
_RANDOM_ON_DEVICE = "the device's random generator draws other numbers than the host's"
_SCALAR = (
    m.Integer()
    | m.Float()
    | m.UnaryOperation(expression=m.Integer() | m.Float())
    | m.Call(func=m.Name("float") | m.Name("int") | m.Name("len"))
)
_LEAVES = (cst.Return, cst.Continue, cst.Break, cst.Raise, cst.Yield)
_SIZE_OF = m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("size")), args=[])


def _allocates(qualified: str) -> bool:
    """A call of ``qualified`` allocates: a factory, ``torch.from_numpy`` or a legacy constructor."""
    return qualified in FACTORIES or qualified == "torch.from_numpy" or is_legacy_constructor(qualified)


# Random draws from a tensor of odds or rates, on the tensor's device (with its generator).
_RANDOM_DRAWS = frozenset({"torch.bernoulli", "torch.multinomial", "torch.poisson", "torch.normal"})
_RANDOM_METHODS = frozenset({"bernoulli", "multinomial"})

# Builtins given a number or a sequence, never a tensor whose device a fix could read.
_NUMBER_TAKERS = frozenset({"len", "range", "int", "float", "enumerate", "zip"})


class FactoryWithoutDevice(Rule):
    code = "DEV003"
    name = "factory-without-device"
    summary = "tensor created inside forward without device=; create it on the input's device"
    fix_safety = FixSafety.SAFE
    triggers = ("forward",)
    # its fix can drop the last `Variable(...)`: DEV009 then reports the unused import
    feeds = ("DEV009",)

    def check(self) -> None:
        classes = module_classes(self.tree, self.aliases) | inferred_module_classes(self.tree, self.aliases)
        if not classes:
            return
        # What runs on a class's device is found only for a class whose code, or a module-level function's,
        # allocates: the functions reached are its methods and the module's functions (most files of a model
        # library allocate nowhere, and following each forward's calls cost most of the rule).
        module = self.context.module
        allocating = {
            id(c)
            for c in self.tree.of_type(module, cst.Call)
            if _allocates(self.aliases.qualify(c.func) or "")
        }
        if not allocating:
            return
        in_functions = any(
            id(c) in allocating
            for f in module.body
            if isinstance(f, cst.FunctionDef)
            for c in self.tree.of_type(f, cst.Call)
        )
        self.moved = MovedValues(self.tree, self.aliases)
        seen: set[int] = set()
        for cls in (c for c in self.tree.of_type(module, cst.ClassDef) if c.name.value in classes):
            if not in_functions and not any(id(c) in allocating for c in self.tree.of_type(cls, cst.Call)):
                continue
            for reached in reached_functions(self.tree, self.aliases, cls, buffer_writers=True):
                body = reached.function.body
                statements: Sequence[cst.BaseSmallStatement] | None = None  # read at the first allocation
                for call in (c for c in self.tree.of_type(body, cst.Call) if id(c) not in seen):
                    seen.add(id(call))  # a helper two modules call is checked once
                    qualified = self.aliases.qualify(call.func) or ""
                    if _allocates(qualified):
                        if statements is None:
                            statements = (
                                linear_statements(body.body) if isinstance(body, cst.IndentedBlock) else []
                            )
                        self._check_call(call, qualified, reached, statements)

    def _check_call(
        self, call: cst.Call, qualified: str, reached: Reached, statements: Sequence[cst.BaseSmallStatement]
    ) -> None:
        """``call`` allocates (``qualified`` is a factory, a legacy constructor or ``torch.from_numpy``)."""
        if self.moved.is_moved(call) or self.moved.in_device_branch(call) or kwarg(call, "out") is not None:
            return
        if only_host_values(self.tree, self.aliases, call):
            return  # a coin drawn for an `if`: made on the device, reading it would wait for the GPU
        where = f"inside `{reached.function.name.value}`"
        device = kwarg(call, "device")
        if device is not None:
            self._global_device(call, device, reached, where)
        elif qualified in FACTORIES:
            self._factory(call, qualified, reached, where, statements)
        elif qualified == "torch.from_numpy":
            message = f"a NumPy mask built on the host {where}; build it with torch on {reached.names}"
            built, removed = self._mask_built_before(call, reached.function)
            self._fix(
                call,
                message,
                reached,
                lambda d: self._spells("torch.ones") and triangular_mask_rewrite(built, self.aliases, d),
                removed,
            )
        elif (like := self._random_like(call, qualified)) is not None:
            outer, fixed = like
            self.report(
                call,
                f"legacy `{qualified}` {where} allocates where the input may not be; draw it with"
                f" `{code_of(fixed)}` (unsafe: {_RANDOM_ON_DEVICE}; it takes"
                f" `{code_of(fixed.args[0].value)}`'s dtype)",
                edits={self._outermost(outer): fixed},
                safety=FixSafety.UNSAFE,
            )
        else:
            message = f"legacy `{qualified}` {where} allocates on the CPU; use a factory on {reached.names}"
            if (
                reached.device is not None
                and legacy_rewrite(self.tree, call, self.aliases, reached.device) is None
            ):
                self.report(call, message + ": cannot tell data from a size here, so not fixed")
                return
            self._fix(
                call,
                message,
                reached,
                lambda d: self._spells("torch.empty") and legacy_rewritten(self.tree, call, self.aliases, d),
            )

    def _factory(
        self,
        call: cst.Call,
        qualified: str,
        reached: Reached,
        where: str,
        statements: Sequence[cst.BaseSmallStatement],
    ) -> None:
        short = qualified.split(".")[-1]
        if (
            short in ("tensor", "as_tensor")
            and len(call.args) >= 1
            and m.matches(call.args[0].value, _SCALAR)
        ):
            return
        message = f"`torch.{short}` {where} allocates on the CPU; create it on {reached.names}"
        host_only = [name for name in sorted(HOST_ONLY_KEYWORDS) if kwarg(call, name) is not None]
        if host_only:  # device= would fail: a CPU generator cannot draw on a GPU, pinned memory is the host's
            self.report(call, f"{message}; not fixed: `{host_only[0]}=` ties it to the host")
            return
        args = positional(call)
        if (
            qualified in _LIKE
            and len(args) == 1
            and m.matches(args[0].value, _SIZE_OF)
            and self._spells(_LIKE[qualified])
        ):
            like = func_attribute(
                cst.ensure_type(args[0].value, cst.Call)
            ).value  # `x` of `x.size()`, as matched
            fixed = cst.Call(
                func=self.aliases.expr_for(_LIKE[qualified]), args=[cst.Arg(like), *call.args[1:]]
            )
            self._report_fix(call, message, fixed)
            return
        if short not in ("tensor", "as_tensor"):
            tensor = size_source(self.tree, reached.function, call)
            # The size's tensor names the device where there is no input to read it from, and where it
            # is an item or attribute of the input (`hs[0][0].size()`): the input itself may be a list.
            root = pure_chain(tensor) if tensor is not None else None
            within_input = root is not None and root is not tensor and reached.tensor == root.value
            if tensor is not None and (reached.device is None or reached.assumes or within_input):
                device = cst.Attribute(value=tensor.deep_clone(), attr=cst.Name("device"))
                message = (
                    f"`torch.{short}` {where} allocates on the CPU; create it where `{code_of(tensor)}` is,"
                    " whose size it takes"
                )
                self._report_fix(call, message, with_kwarg(call, "device", device))
                return

        def on_device(device: cst.BaseExpression) -> cst.Call:
            # The device only: the factory keeps the default dtype it had. Taking the input's dtype too
            # turned `torch.full((1,), 0.5)` beside integer ids into zeros (a probe helper's program).
            return with_kwarg(call, "device", device)

        self._fix(call, message, reached, on_device)

    def _random_like(self, call: cst.Call, qualified: str) -> tuple[cst.Call, cst.Call] | None:
        """``torch.cuda.FloatTensor(std.size()).normal_()`` (``.uniform_()``): the standard normal
        (uniform) numbers of ``std``'s shape, which ``torch.randn_like(std)`` (``rand_like``) draws on
        ``std``'s device: (the fill call, its replacement)."""
        args = positional(call)
        method = self.tree.parent(call)
        outer = self.tree.parent(method) if isinstance(method, cst.Attribute) else None
        if not (
            qualified in _FLOAT_CONSTRUCTORS
            and len(call.args) == 1
            and len(args) == 1
            and m.matches(args[0].value, _SIZE_OF)
            and isinstance(method, cst.Attribute)
            and method.attr.value in _RANDOM_LIKE
            and isinstance(outer, cst.Call)
            and outer.func is method
            and not outer.args
            and self._spells(_RANDOM_LIKE[method.attr.value])
        ):
            return None
        like = func_attribute(cst.ensure_type(args[0].value, cst.Call)).value  # `std` of `std.size()`
        fixed = cst.Call(func=self.aliases.expr_for(_RANDOM_LIKE[method.attr.value]), args=[cst.Arg(like)])
        return outer, fixed

    def _global_device(self, call: cst.Call, device: cst.Arg, reached: Reached, where: str) -> None:
        """``device=device`` naming a global: the script's choice, not necessarily the input's."""
        name = device.value
        # (the device is the input's: named whenever the tensor is)
        if (
            not (isinstance(name, cst.Name) and DEVICE_NAME.search(name.value))
            or reached.tensor is None
            or reached.device is None
        ):
            return
        if name.value in bound_in(self.tree, reached.function):
            return
        message = f"`device={name.value}` {where} is the script's global device; use the input's"
        self.report(call, message, edits={call: with_arg_value(call, device, reached.device)})

    def _mask_built_before(
        self, call: cst.Call, function: cst.FunctionDef
    ) -> tuple[cst.Call, dict[cst.CSTNode, Replacement]]:
        """``mask = np.triu(...)`` on an earlier line of the block that runs ``torch.from_numpy(mask)``,
        the name read nowhere else in the function and nothing in between rebinding what the array is
        built from (``n``): the call as if written with the array inline, and the edit removing that
        line (the call itself and no edit otherwise). The array is made of NumPy constructors of those
        names, so building it later, where it is used, builds the same values."""
        arg = call.args[0].value if len(call.args) == 1 else None
        here = next((a for a in self.tree.ancestors(call) if isinstance(a, cst.SimpleStatementLine)), None)
        block = self.tree.parent(here) if here is not None else None
        if not isinstance(arg, cst.Name) or here is None or not isinstance(block, cst.IndentedBlock):
            return call, {}
        name = arg.value
        body = list(block.body)
        index = body.index(here)
        start = next((i for i in range(index - 1, -1, -1) if name in names_in(self.tree, body[i])), None)
        if start is None:
            return call, {}
        previous_line = body[start]
        before = previous_line.body[0] if isinstance(previous_line, cst.SimpleStatementLine) else None
        if not (
            isinstance(previous_line, cst.SimpleStatementLine)
            and len(previous_line.body) == 1
            and isinstance(before, cst.Assign)
            and len(before.targets) == 1
            and m.matches(before.targets[0].target, m.Name(name))
            and not previous_line.trailing_whitespace.comment
            and not any(e.comment for e in previous_line.leading_lines)
        ):
            return call, {}
        # Nothing in between may change what the array is built from, nor read or touch it.
        read = names_in(self.tree, before.value) - set(self.aliases.names)
        if any(read & names_in(self.tree, s) for s in body[start + 1 : index]):
            return call, {}
        reads_here = [n for n in self.tree.of_type(here, cst.Name) if n.value == name]
        rebinds = name in assigned_names(self.tree, here)
        if len(reads_here) != 1 + rebinds:
            return call, {}
        if rebinds:
            # `mask = torch.from_numpy(mask) == 0`: the array is read here only, unless the code in
            # between can leave the block before this line.
            if any(self.tree.of_type(s, _LEAVES) for s in body[start + 1 : index]):
                return call, {}
        elif sum(n.value == name for n in self.tree.of_type(function.body, cst.Name)) != 2:
            return call, {}  # read somewhere else too (or bound again)
        return call.with_changes(args=[cst.Arg(before.value)]), {previous_line: cst.RemovalSentinel.REMOVE}

    def _fix(
        self,
        call: cst.Call,
        message: str,
        reached: Reached,
        build: Callable[[cst.BaseExpression], cst.Call | Literal[False] | None],
        also: Mapping[cst.CSTNode, Replacement] | None = None,
    ) -> None:
        """Report ``call`` with the fix ``build(device)`` (and the edits ``also``); report only where
        the device is unknown or the rewrite cannot be spelled in this file."""
        if reached.device is None:
            self.report(call, message + "; the device is not known here, so not fixed")
            return
        if reached.tensor is not None and self._shown_not_a_tensor(reached.function, reached.tensor):
            self.report(
                call,
                message + f"; not fixed: `{reached.tensor}` is used as a number or a sequence here (a size,"
                " `len(...)`, a loop or an unpacking), so it may have no `.device`",
            )
            return
        fixed = build(reached.device)
        if not fixed:
            self.report(call, message)
            return
        unsafe = reached.assumes or (_RANDOM_ON_DEVICE if self._draws_random(call) else "")
        if unsafe:
            self.report(
                call,
                f"{message} (unsafe: {unsafe})",
                edits={self._outermost(call): fixed, **(also or {})},
                safety=FixSafety.UNSAFE,
            )
            return
        self.report(call, message, edits={self._outermost(call): fixed, **(also or {})})

    def _shown_not_a_tensor(self, function: cst.FunctionDef, name: str) -> bool:
        """Does ``function`` use its parameter ``name`` as no tensor is used: the size or data of a torch
        factory (``torch.arange(seq_len)``, ``torch.tensor(words)``), given to ``len``/``range``/``int``,
        walked by a ``for``, unpacked (``a, b = pair``), or indexed by one number for a tensor
        (``hs[0].size()``: a list of tensors, most likely)? Its ``.device`` may then not exist."""

        def key() -> bool:
            for node in self.tree.of_type(function.body, cst.Name):
                if node.value != name:
                    continue
                parent = self.tree.parent(node)
                if isinstance(parent, cst.Arg) and parent.value is node:
                    call = self.tree.parent(parent)
                    if isinstance(call, cst.Call):
                        qualified = self.aliases.qualify(call.func) or ""
                        builtin = dotted_name(call.func) in _NUMBER_TAKERS and not qualified
                        if qualified in FACTORIES or builtin:
                            return True
                if isinstance(parent, cst.For) and parent.iter is node:
                    return True
                if (
                    isinstance(parent, cst.Assign)
                    and parent.value is node
                    and any(isinstance(t.target, (cst.Tuple, cst.List)) for t in parent.targets)
                ):
                    return True
                if _item_used_as_a_tensor(self.tree, node, parent):
                    return True
            return False

        return self.tree.memo(("dev003.not_a_tensor", id(function), name), key)

    def _report_fix(self, call: cst.Call, message: str, fixed: cst.Call) -> None:
        if self._draws_random(call):
            self.report(
                call,
                f"{message} (unsafe: {_RANDOM_ON_DEVICE})",
                edits={self._outermost(call): fixed},
                safety=FixSafety.UNSAFE,
            )
        else:
            self.report(call, message, edits={self._outermost(call): fixed})

    def _draws_random(self, call: cst.Call) -> bool:
        """``torch.randn(n)`` or ``torch.empty(n).normal_()``: the numbers come from the device's generator
        once the tensor is made there."""
        if self.aliases.qualify(call.func) in RANDOM_FACTORIES:
            return True
        method = self.tree.parent(call)
        if isinstance(method, cst.Arg):  # `torch.bernoulli(torch.full(n, p))`: drawn where the odds are
            draw = self.tree.parent(method)
            return isinstance(draw, cst.Call) and self.aliases.qualify(draw.func) in _RANDOM_DRAWS
        return (
            isinstance(method, cst.Attribute)
            and method.attr.value in RANDOM_FILLS | _RANDOM_METHODS
            and isinstance(self.tree.parent(method), cst.Call)
        )

    def _spells(self, qualified: str) -> bool:
        """Can this file name ``qualified`` (``torch.empty`` needs ``torch`` or ``T`` imported)?"""
        return self.aliases.local_name_for(qualified) is not None

    def _outermost(self, call: cst.Call) -> cst.CSTNode:
        """What the fix replaces: the call. A ``Variable(...)`` around it (a no-op since 0.4) is DEV009's
        to remove, in the same ``apply``: the two fixes nest, so one waits a pass for the other."""
        return call


def _item_used_as_a_tensor(tree: Tree, name: cst.Name, parent: cst.CSTNode | None) -> bool:
    """``hs[0].shape``, ``hs[i].size()``: ``name`` indexed by one number or name, the item then asked
    for a tensor's shape, size or device. A tensor's row is that too, but a list of tensors (the
    hidden states of the layers, a batch of several inputs) is the likelier reading, and a list has no
    ``.device``."""
    if not (isinstance(parent, cst.Subscript) and parent.value is name and len(parent.slice) == 1):
        return False
    index = parent.slice[0].slice
    if not (
        isinstance(index, cst.Index) and isinstance(index.value, (cst.Integer, cst.Name, cst.UnaryOperation))
    ):
        return False
    above = tree.parent(parent)
    return isinstance(above, cst.Attribute) and above.attr.value in (
        "shape",
        "size",
        "device",
        "dim",
        "dtype",
    )

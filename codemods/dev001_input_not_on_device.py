"""## What it does
Finds data fed to a model that was moved to a device (`model.to(device)`, `model.cuda()`,
`model = Net().to(device)`) while the data itself never was, and moves the data once, at its
boundary: right after the loop header that unpacks a batch (`x, y = x.to(device), y.to(device)`),
or at the creation site of a tensor built outside the loop (`torch.randint(..., device=device)`).
It uses the same device expression the model was moved with (`.cuda()` for `.cuda()`).

## Why is this bad?
On a GPU the forward pass stops with `RuntimeError: Expected all tensors to be on the same device,
but found at least two devices, cuda:0 and cpu!`. The code ran on a laptop only because there
everything was on the CPU. Moving the batch at the loop boundary, and creating tensors on the
device in the first place, keeps host-to-device copies out of the inner loop.

The rule stays silent when the data is moved anywhere on its path (`x = x.to(device)`,
`model(x.cuda())`), when the loop variable never reaches the model (an index that is only logged),
and when the model is never moved. When the model is moved only under a condition
(`if use_cuda: model.cuda()`), it reports without fixing: an unconditional move of the data would
be wrong when the condition is false.

## Example
```python
model = Net().to(device)
for x, y in loader:
    loss = criterion(model(x), y)
```

Use instead:
```python
model = Net().to(device)
for x, y in loader:
    x, y = x.to(device), y.to(device)
    loss = criterion(model(x), y)
```

## Fix safety
Safe: `.to(device)` of a tensor already on that device returns it unchanged, and values are the
same on every device.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import libcst as cst

from codemods.base import FixSafety, Invalid, Rule, valid
from codemods.names import dotted_name
from codemods.walk import of_type
from codemods.patterns import (
    FACTORIES,
    Move,
    Step,
    as_move,
    assigned_chain,
    assigned_names,
    calls_in,
    function_blocks,
    is_simple_device,
    kwarg,
    model_move,
    model_names,
    move_call,
    names_in,
    walk_block,
    with_kwarg,
)

# Calls that wrap a model and run it on the model's device.
_WRAPPERS = frozenset(
    {"torch.nn.parallel.DistributedDataParallel", "torch.nn.DataParallel", "torch.nn.parallel.DataParallel",
     "torch.compile"}
)
# Calls that only look at a value (logging, formatting): using a name there does not make it model data.
_INSPECTING_CALLS = frozenset({"print", "len", "str", "repr", "format", "isinstance", "type", "id"})


@dataclass
class _MovedModel:
    name: str
    move: Move
    index: int  # the step at which the model is moved
    conditional: bool


class InputNotOnDevice(Rule):
    code = "DEV001"
    name = "input-not-on-device"
    summary = "data fed to a model moved to a device was never moved itself; move it at the boundary"
    fix_safety = FixSafety.SAFE
    triggers = (".to(", ".cuda(")

    VALID = [
        # The batch is moved in the loop already.
        valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                loss = torch.nn.functional.mse_loss(model(x), y)
            """
        ),
        # Moved inline at the call.
        valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).cuda()
            for x in loader:
                out = model(x.cuda())
            """
        ),
        # The model is never moved: everything is on the CPU, consistently.
        valid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            for x, y in loader:
                loss = torch.nn.functional.mse_loss(model(x), y)
            """
        ),
        # The loop variable is only logged; only the tensor built on the device reaches the model.
        valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for step in range(3):
                print(step)
                out = model(torch.randn(2, 4, device=device))
            """
        ),
        # The factory already says where.
        valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            model = torch.nn.Embedding(10, 4).to(device)
            ids = torch.randint(0, 10, (3,), device=device)
            out = model(ids)
            """
        ),
        # The data loader was built from tensors already on the device.
        valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            data = torch.randn(16, 4).to(device)
            loader = torch.utils.data.DataLoader(data, batch_size=4)
            for x in loader:
                out = model(x)
            """
        ),
        # Re-bound before use: the new value is someone else's business.
        valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x in loader:
                x = prepare(x)
                out = model(x)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x, y in loader:
                # forward
                loss = torch.nn.functional.mse_loss(model(x), y)
            """,
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                # forward
                loss = torch.nn.functional.mse_loss(model(x), y)
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                pass

            def train(loader):
                model = Net()
                model.cuda()
                for i, (inputs, labels) in enumerate(loader):
                    logits = model(inputs)
                    loss = nn.functional.cross_entropy(logits, labels)
                    print(i, loss.item())
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                pass

            def train(loader):
                model = Net()
                model.cuda()
                for i, (inputs, labels) in enumerate(loader):
                    inputs, labels = inputs.cuda(), labels.cuda()
                    logits = model(inputs)
                    loss = nn.functional.cross_entropy(logits, labels)
                    print(i, loss.item())
            """,
        ),
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(dev)
            for batch in loader:
                x, y = batch
                out = model(x)
                loss = (out - y).pow(2).mean()
            """,
            """
            import torch
            model = torch.nn.Linear(4, 2).to(dev)
            for batch in loader:
                x, y = batch
                x, y = x.to(dev), y.to(dev)
                out = model(x)
                loss = (out - y).pow(2).mean()
            """,
        ),
        Invalid(
            """
            import torch as T
            device = T.device("cuda" if T.cuda.is_available() else "cpu")
            model = T.nn.Embedding(1000, 16).to(device)
            src = T.randint(0, 1000, (10, 20))
            out = model(src)
            """,
            """
            import torch as T
            device = T.device("cuda" if T.cuda.is_available() else "cpu")
            model = T.nn.Embedding(1000, 16).to(device)
            src = T.randint(0, 1000, (10, 20), device=device)
            out = model(src)
            """,
        ),
        Invalid(
            """
            from torch import nn, randn
            net = nn.Sequential(nn.Linear(3, 3))
            x = randn(5, 3)
            net = net.to("cuda:0")
            y = net(x)
            """,
            """
            from torch import nn, randn
            net = nn.Sequential(nn.Linear(3, 3))
            x = randn(5, 3, device="cuda:0")
            net = net.to("cuda:0")
            y = net(x)
            """,
        ),
        Invalid(
            """
            import torch
            policy = Policy().to(device)
            for obs in rollout:
                action = policy(obs)
            """,
            """
            import torch
            policy = Policy().to(device)
            for obs in rollout:
                obs = obs.to(device)
                action = policy(obs)
            """,
        ),
        # A compiled (or DistributedDataParallel) wrapper runs where its model is.
        Invalid(
            """
            import torch
            model = Net().to(device)
            fast = torch.compile(model)
            for x in loader:
                out = fast(x)
            """,
            """
            import torch
            model = Net().to(device)
            fast = torch.compile(model)
            for x in loader:
                x = x.to(device)
                out = fast(x)
            """,
        ),
        # Moved only under a condition: report, do not guess.
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            if use_cuda:
                model.cuda()
            for x in loader:
                out = model(x)
            """
        ),
    ]

    def check(self) -> None:
        module = self.context.module
        known_models = model_names(module, self.aliases)
        for block in function_blocks(module):
            self._check_block(block, known_models)

    def _check_block(self, block: Sequence[cst.BaseStatement], known_models: set[str]) -> None:
        steps = walk_block(block)
        called = {dotted_name(c.func) for step in steps for c in calls_in(step.node)}
        moves: list[_MovedModel] = []
        for index, step in enumerate(steps):
            if isinstance(step.node, cst.For):
                continue
            found = model_move(step.node, self.aliases)
            if found:
                moves.append(_MovedModel(found[0], found[1], index, step.conditional))
        moves += self._wrappers_of(moves, steps)
        # A moved thing that is called is a model (tensors are not callable).
        moved = [mm for mm in moves if mm.name in known_models or mm.name in called]
        if not moved:
            return
        for index, step in enumerate(steps):
            if isinstance(step.node, cst.For) and isinstance(step.node.body, cst.IndentedBlock):
                model = self._model_used_in(step.node, moved, index)
                if model is not None:
                    self._check_loop(step.node, model, steps)
        self._check_created_tensors(steps, moved)

    def _wrappers_of(self, moved: list[_MovedModel], steps: list[Step]) -> list[_MovedModel]:
        """``ddp = DistributedDataParallel(model)``, ``fast = torch.compile(model)``, ``alias = model``:
        names that call a moved model are moved models too."""
        wrappers: list[_MovedModel] = []
        for index, step in enumerate(steps):
            node = step.node
            if not (isinstance(node, cst.Assign) and len(node.targets) == 1):
                continue
            target = dotted_name(node.targets[0].target)
            values = [node.value.body, node.value.orelse] if isinstance(node.value, cst.IfExp) else [node.value]
            for value in values:
                if isinstance(value, cst.Call) and self.aliases.qualify(value.func) in _WRAPPERS and value.args:
                    value = value.args[0].value
                source = next((mm for mm in moved + wrappers if dotted_name(value) == mm.name and mm.index < index), None)
                if target is not None and source is not None:
                    wrappers.append(_MovedModel(target, source.move, index, step.conditional or source.conditional))
                    break
        return wrappers

    @staticmethod
    def _model_used_in(node: cst.CSTNode, moved: list[_MovedModel], index: int) -> _MovedModel | None:
        calls = {dotted_name(c.func) for c in calls_in(node)}
        for model in moved:
            if model.index < index and model.name in calls:
                return model
        return None

    # -- loops: move the unpacked batch right after the header

    def _check_loop(self, loop: cst.For, model: _MovedModel, steps: list[Step]) -> None:
        if self._iterable_is_on_device(loop.iter, steps):
            return
        body = loop.body.body  # type: ignore[union-attr]
        data_names = _target_names(loop.target, loop.iter)
        anchor: cst.BaseStatement | None = None  # the unpacking statement, if the batch is unpacked
        if len(data_names) == 1 and body and _unpacks(body[0], data_names[0]):
            anchor = body[0]
            data_names = _target_names(body[0].body[0].targets[0].target, None)  # type: ignore[attr-defined]
        rest = body[1:] if anchor is not None else body
        reaching = [n for n in data_names if self._reaches_model(n, rest, model.name)]
        if not reaching:
            return
        listed = ", ".join(f"`{n}`" for n in reaching)
        message = (
            f"{listed} {'reaches' if len(reaching) == 1 else 'reach'} `{model.name}`, which was moved"
            f" to a device, but {'is' if len(reaching) == 1 else 'are'} never moved; move at the top of"
            " the loop"
        )
        if model.conditional or not is_simple_device(model.move.device, self.aliases):
            self.report(loop, message)
            return
        targets = [cst.Element(cst.Name(n)) for n in reaching]
        values = [cst.Element(move_call(cst.Name(n), model.move)) for n in reaching]
        if len(reaching) == 1:
            assign = cst.Assign([cst.AssignTarget(cst.Name(reaching[0]))], values[0].value)
        else:
            assign = cst.Assign(
                [cst.AssignTarget(cst.Tuple(targets, lpar=[], rpar=[]))], cst.Tuple(values, lpar=[], rpar=[])
            )
        new_line = cst.SimpleStatementLine([assign])
        if anchor is not None:
            edit = {anchor: cst.FlattenSentinel([anchor, new_line])}
        else:
            edit = {body[0]: cst.FlattenSentinel([new_line, body[0]])}
        self.report(loop, message, edits=edit)

    def _iterable_is_on_device(self, iterable: cst.BaseExpression, steps: list[Step]) -> bool:
        """Data made from tensors that were moved or created on a device is on the device already."""
        sources = names_in(iterable)
        for step in reversed(steps):  # later assignments read earlier ones: walk back up the chain
            node = step.node
            if isinstance(node, cst.Assign) and sources & assigned_names(node):
                sources |= names_in(node.value)
                if _mentions_device(node.value):
                    return True
        return _mentions_device(iterable)

    def _reaches_model(self, name: str, body: Sequence[cst.BaseStatement], model: str) -> bool:
        """Does ``name`` (unmoved, not rebound) go into the model or meet its output?"""
        outputs: set[str] = set()
        for stmt in body:
            if name in assigned_names(stmt):
                return False  # re-bound (often `x = x.to(device)`): not ours to move
            for call in calls_in(stmt):
                func = dotted_name(call.func)
                if func in _INSPECTING_CALLS:
                    continue
                args = [a.value for a in call.args]
                direct = {dotted_name(a) for a in args}
                meets_output = func == model or any(
                    dotted_name(a) in outputs or _is_call_of(a, model) for a in args
                )
                if meets_output and name in direct:
                    return True
            for operation in _binary_operations(stmt):
                sides = {dotted_name(operation.left), dotted_name(operation.right)}
                if name in sides and (sides & outputs or any(
                    _is_call_of(s, model) for s in (operation.left, operation.right)
                )):
                    return True
            if _uses_model(stmt, model) or names_in(stmt) & outputs:
                outputs |= assigned_names(stmt)
        return False

    # -- tensors created before the model call: create them on the device

    def _check_created_tensors(self, steps: list[Step], moved: list[_MovedModel]) -> None:
        bound: set[str] = set(self.aliases.names)
        for index, step in enumerate(steps):
            node = step.node
            if isinstance(node, cst.For):
                bound |= assigned_names(node.target)
                continue
            created = _created_tensor(node, self.aliases)
            if created is not None:
                name, factory = created
                model = self._model_fed_with(name, steps, index, moved)
                if model is not None:
                    self._fix_factory(name, factory, model, bound)
            bound |= assigned_names(node)

    @staticmethod
    def _model_fed_with(
        name: str, steps: list[Step], created_at: int, moved: list[_MovedModel]
    ) -> _MovedModel | None:
        """The moved model that ``name`` is passed to (after the move), before ``name`` is re-bound."""
        for index in range(created_at + 1, len(steps)):
            node = steps[index].node
            if isinstance(node, cst.For):
                continue
            for call in calls_in(node):
                callee = dotted_name(call.func)
                for model in moved:
                    if (
                        callee == model.name
                        and model.index < index
                        and any(dotted_name(a.value) == name for a in call.args)
                    ):
                        return model
            if name in assigned_names(node):
                return None
        return None

    def _fix_factory(self, name: str, factory: cst.Call, model: _MovedModel, bound: set[str]) -> None:
        message = (
            f"`{name}` is created on the CPU and fed to `{model.name}`, which was moved to a device;"
            " create it on the device"
        )
        device = model.move.device
        if model.move.method == "cuda":
            # `.cuda()` means the current CUDA device; `.cuda(i)` has no factory spelling we trust.
            device = cst.SimpleString('"cuda"') if device is None else None
        fixable = (
            device is not None
            and not model.conditional
            and is_simple_device(device, self.aliases)
            and names_in(device) <= bound
        )
        if not fixable:
            self.report(factory, message)
            return
        self.report(factory, message, edits={factory: with_kwarg(factory, "device", device.deep_clone())})


def _target_names(target: cst.BaseExpression, iterable: cst.BaseExpression | None) -> list[str]:
    """Names a for-target binds, minus the counter of ``enumerate(...)``."""
    if (
        iterable is not None
        and isinstance(iterable, cst.Call)
        and dotted_name(iterable.func) == "enumerate"
        and isinstance(target, cst.Tuple)
        and len(target.elements) == 2
    ):
        target = target.elements[1].value
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        names = []
        for element in target.elements:
            if isinstance(element.value, cst.Name):
                names.append(element.value.value)
        return names
    return []


def _unpacks(stmt: cst.BaseStatement, name: str) -> bool:
    """``x, y = batch``."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    return (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, (cst.Tuple, cst.List))
        and dotted_name(small.value) == name
    )


def _mentions_device(node: cst.CSTNode) -> bool:
    for call in calls_in(node):
        if as_move(call) is not None or kwarg(call, "device") is not None:
            return True
    return False


def _is_call_of(node: cst.BaseExpression, model: str) -> bool:
    return isinstance(node, cst.Call) and dotted_name(node.func) == model


def _uses_model(node: cst.CSTNode, model: str) -> bool:
    return any(dotted_name(c.func) == model for c in calls_in(node))


def _binary_operations(node: cst.CSTNode) -> list[cst.BinaryOperation]:
    return of_type(node, cst.BinaryOperation)


def _created_tensor(node: cst.BaseSmallStatement, aliases) -> tuple[str, cst.Call] | None:  # type: ignore[no-untyped-def]
    """``name = torch.<factory>(...)`` (possibly followed by methods) without ``device=``."""
    assigned = assigned_chain(node, aliases)
    if assigned is None:
        return None
    name, chain = assigned
    root = chain[0]
    if not (isinstance(root, cst.Call) and aliases.qualify(root.func) in FACTORIES):
        return None
    if kwarg(root, "device") is not None or any(as_move(link) for link in chain[1:]):
        return None
    return name, root

"""## What it does
Finds data fed to a model that was moved to a device (`model.to(device)`, `model.cuda()`,
`model = Net().to(device)`) while the data itself never was, and moves the data once, at its
boundary: right after the loop header that unpacks a batch (`x, y = x.to(device), y.to(device)`),
or at the creation site of a tensor built outside the loop (`torch.randint(..., device=device)`).
It uses the same device expression the model was moved with (`.cuda()` for `.cuda()`).

The model may be moved in the same function, in the constructor of a class whose other method
trains it (`self.model = model.to(self.device)`), or by every caller of a function it is passed to
(`train(model, loader, device)`); a function that asks `next(model.parameters()).device` names the
model's device itself. The device is written as the loop's function can spell it (`self.device`,
the parameter the callers pass it in, a module-level name); when it cannot, the rule only reports.

Batches arrive as `for x, y in loader`, `for i, (x, y) in enumerate(loader)`, `zip(...)` of
loaders, `x, y = batch`, or `x, y = next(it)` in a `while` loop (also inside a `try` that restarts
the iterator). A dict or tuple batch used by key (`batch["input_ids"]`, `batch[0]`) is moved where
each value is used; a batch passed as `**batch` gets its tensor values moved. `Variable(x)` and
`x = x.float()` are not moves; targets that meet the model's output in a loss are moved too.

## Why is this bad?
On a GPU the forward pass stops with `RuntimeError: Expected all tensors to be on the same device,
but found at least two devices, cuda:0 and cpu!`. The code ran on a laptop only because there
everything was on the CPU. Moving the batch at the loop boundary, and creating tensors on the
device in the first place, keeps host-to-device copies out of the inner loop.

The rule stays silent when the data is moved anywhere on its path (`x = x.to(device)`,
`model(x.cuda())`), when the loop variable never reaches the model (an index that is only logged),
when the model is never moved, and when the loader's `collate_fn` or dataset (defined in the file)
moves the data already. When the model is moved only under a condition
(`if use_cuda: model.cuda()`), it reports without fixing: an unconditional move of the data would
be wrong when the condition is false. It also only reports when the batch is used where data must
stay in host memory (`x.numpy()`, `plt.imshow(x)`), or a list or dict batch is passed whole.

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

from typing import Sequence

import libcst as cst

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.batches import (
    DeviceCode,
    data_root,
    device_outputs,
    item_in,
    loop_data,
    needs_cpu,
    passed_to,
    rebinding,
    starred_into,
    used_as_container,
)
from codemods.dataflow import Step, assigned_names, names_in
from codemods.moved_models import LOOPS, Block, MovedModel, MovedModels
from codemods.names import dotted_name
from codemods.nn_modules import model_names
from codemods.syntax import assigned_chain, kwarg, with_kwarg
from codemods.torch_names import FACTORIES, as_move, is_simple_device, move_call
from codemods.tree import Tree

# Calls that only look at a value (logging, formatting): using a name there does not make it model data.
_INSPECTING_CALLS = frozenset({"print", "len", "str", "repr", "format", "isinstance", "type", "id"})


class InputNotOnDevice(Rule):
    code = "DEV001"
    name = "input-not-on-device"
    summary = "data fed to a model moved to a device was never moved itself; move it at the boundary"
    fix_safety = FixSafety.SAFE
    triggers = (".to(", ".cuda(", "parameters()).device")

    VALID = [
        # The batch is moved in the loop already.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x, y in loader:
                x, y = x.to(device), y.to(device)
                loss = torch.nn.functional.mse_loss(model(x), y)
            """
        ),
        # Moved inline at the call.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).cuda()
            for x in loader:
                out = model(x.cuda())
            """
        ),
        # The model is never moved: everything is on the CPU, consistently.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2)
            for x, y in loader:
                loss = torch.nn.functional.mse_loss(model(x), y)
            """
        ),
        # The loop variable is only logged; only the tensor built on the device reaches the model.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for step in range(3):
                print(step)
                out = model(torch.randn(2, 4, device=device))
            """
        ),
        # The factory already says where.
        Valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            model = torch.nn.Embedding(10, 4).to(device)
            ids = torch.randint(0, 10, (3,), device=device)
            out = model(ids)
            """
        ),
        # The data loader was built from tensors already on the device.
        Valid(
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
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x in loader:
                x = prepare(x)
                out = model(x)
            """
        ),
        # The trainer moves each batch itself in the other method.
        Valid(
            """
            import torch
            class Trainer:
                def __init__(self, model, device):
                    self.device = device
                    self.model = model.to(device)
                def fit(self, loader):
                    for x, y in loader:
                        x, y = x.to(self.device), y.to(self.device)
                        loss = torch.nn.functional.mse_loss(self.model(x), y)
            """
        ),
        # The collate function moves the batch already.
        Valid(
            """
            import torch
            from torch.utils.data import DataLoader
            def collate(samples):
                return torch.stack(samples).to(device)
            model = torch.nn.Linear(4, 2).to(device)
            for x in DataLoader(data, collate_fn=collate):
                out = model(x)
            """
        ),
        # Labels kept on the CPU for NumPy metrics; the inputs are moved inline.
        Valid(
            """
            import numpy as np
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x, y in loader:
                pred = model(x.to(device)).argmax(1).cpu()
                correct += np.sum(pred.numpy() == y.numpy())
            """
        ),
        # A model moved only inside some other method: the order of calls is unknown.
        Valid(
            """
            import torch
            class Runner:
                def __init__(self, model):
                    self.model = model
                def to_gpu(self):
                    self.model.cuda()
                def predict(self, loader):
                    for x in loader:
                        out = self.model(x)
            """
        ),
        # A function whose callers never moved the model.
        Valid(
            """
            import torch
            def evaluate(model, loader):
                for x in loader:
                    out = model(x)
            def main():
                model = torch.nn.Linear(4, 2)
                evaluate(model, loader)
            """
        ),
        # While loop that moves what next() hands out.
        Valid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            it = iter(loader)
            while True:
                x, y = next(it)
                x, y = x.to(device), y.to(device)
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
        # the model held as an attribute, the device in self.device, a dict batch
        Invalid(
            """
            import torch
            class Trainer:
                def __init__(self, model, device):
                    self.device = device
                    self.model = model.to(self.device)
                def fit(self, loader):
                    for batch in loader:
                        out = self.model(batch["x"])
                        loss = torch.nn.functional.mse_loss(out, batch["y"])
            """,
            """
            import torch
            class Trainer:
                def __init__(self, model, device):
                    self.device = device
                    self.model = model.to(self.device)
                def fit(self, loader):
                    for batch in loader:
                        out = self.model(batch["x"].to(self.device))
                        loss = torch.nn.functional.mse_loss(out, batch["y"].to(self.device))
            """,
        ),
        # the batch passed whole with ** : move its tensor values
        Invalid(
            """
            import torch
            model = Net().to(device)
            for batch in loader:
                out = model(**batch)
            """,
            """
            import torch
            model = Net().to(device)
            for batch in loader:
                batch = {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}
                out = model(**batch)
            """,
        ),
        # x, y = next(it) inside a while loop, Variable and .float() are not moves
        Invalid(
            """
            import torch
            from torch.autograd import Variable
            model = torch.nn.Linear(4, 2).to(args.device)
            it = iter(loader)
            while step < n:
                x, y = next(it)
                x = Variable(x).float()
                loss = criterion(model(x), y)
            """,
            """
            import torch
            from torch.autograd import Variable
            model = torch.nn.Linear(4, 2).to(args.device)
            it = iter(loader)
            while step < n:
                x, y = next(it)
                x, y = x.to(args.device), y.to(args.device)
                x = Variable(x).float()
                loss = criterion(model(x), y)
            """,
        ),
        # zip of loaders, nested targets
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for (xa, _), (xb, _) in zip(loader_a, loader_b):
                loss = (model(xa) - model(xb)).pow(2).mean()
            """,
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for (xa, _), (xb, _) in zip(loader_a, loader_b):
                xa, xb = xa.to(device), xb.to(device)
                loss = (model(xa) - model(xb)).pow(2).mean()
            """,
        ),
        # a model passed into a function whose caller moved it, with the device
        Invalid(
            """
            import torch
            def train(model, loader, dev):
                for x in loader:
                    out = model(x)
            def main():
                model = torch.nn.Linear(4, 2).to(device)
                train(model, loader, device)
            """,
            """
            import torch
            def train(model, loader, dev):
                for x in loader:
                    x = x.to(dev)
                    out = model(x)
            def main():
                model = torch.nn.Linear(4, 2).to(device)
                train(model, loader, device)
            """,
        ),
        # the device taken from the model's parameters
        Invalid(
            """
            import torch
            def predict(model, loader):
                device = next(model.parameters()).device
                for x in loader:
                    out = model(x)
            """,
            """
            import torch
            def predict(model, loader):
                device = next(model.parameters()).device
                for x in loader:
                    x = x.to(device)
                    out = model(x)
            """,
        ),
        # the batch used for NumPy work too: moving it would break that: report only
        Invalid(
            """
            import torch
            model = torch.nn.Linear(4, 2).to(device)
            for x in loader:
                out = model(x)
                stats.append(x.numpy().mean())
            """
        ),
    ]

    def check(self) -> None:
        index = MovedModels(self.tree, self.aliases)
        if not any(block.moves for block in index.blocks):
            return  # every model on a device is moved (or asked for its device) in some block
        known_models = model_names(self.tree, self.aliases)
        self._device_code = DeviceCode(self.tree)
        for block in index.blocks:
            # Only loops and the block's own moves can give findings: skip the rest unasked.
            if block.moves or any(isinstance(step.node, LOOPS) for step in block.steps):
                self._check_block(block, index.moved_in(block), known_models)

    def _check_block(self, block: Block, moves: list[MovedModel], known_models: set[str]) -> None:
        steps = block.steps
        called = {dotted_name(c.func) for step in steps for c in self.tree.of_type(step.node, cst.Call)}
        # A moved thing that is called is a model (tensors are not callable).
        moved = [mm for mm in moves if mm.name in known_models or mm.name in called]
        if not moved:
            return
        for index, step in enumerate(steps):
            if isinstance(step.node, LOOPS) and isinstance(step.node.body, cst.IndentedBlock):
                model = self._model_used_in(step.node, moved, index)
                if model is not None:
                    self._check_loop(step.node, model, steps, block)
        self._check_created_tensors(steps, [mm for mm in moved if mm.index >= 0])

    def _model_used_in(self, node: cst.CSTNode, moved: list[MovedModel], index: int) -> MovedModel | None:
        calls = {dotted_name(c.func) for c in self.tree.of_type(node, cst.Call)}
        for model in sorted(moved, key=lambda mm: mm.conditional):  # one that can be fixed first
            if model.index < index and model.name in calls:
                return model
        return None

    # -- loops: move the batch right after the header (or after the statement that fetches it)

    def _check_loop(self, loop: cst.For | cst.While, model: MovedModel, steps: list[Step], block: Block) -> None:
        body = list(loop.body.body)  # type: ignore[union-attr]
        found = loop_data(self.tree, loop, body)
        if found is None:
            return
        data_names, anchor, sources = found
        if self._iterable_is_on_device(sources, steps, block):
            return
        rest = body[body.index(anchor) + 1:] if anchor is not None else body
        # A batch indexed by keys or positions is a dict, tuple or list: its values are moved where
        # they are used; a plain name is a tensor, moved after the header.
        containers = [n for n in data_names if used_as_container(self.tree, n, rest)]
        whole = [n for n in data_names if n not in containers and self._reaches_model(n, rest, model.name)]
        starred = [n for n in data_names if starred_into(self.tree, n, rest, model.name)]
        passed_whole = [n for n in containers if n not in starred and passed_to(self.tree, n, rest, model.name)]
        items = self._items_reaching([n for n in containers if n not in starred], rest, model.name)
        if not (whole or starred or items or passed_whole):
            return
        named = whole + starred + passed_whole + [_code(i) for i in items]
        listed = ", ".join(f"`{n}`" for n in dict.fromkeys(named))
        several = len(dict.fromkeys(named)) > 1
        message = (
            f"{listed} {'reach' if several else 'reaches'} `{model.name}`, which was moved to a device, but"
            f" {'are' if several else 'is'} never moved; move at the top of the loop"
        )
        lines = [self._move_names(whole, model)] if whole else []
        if starred and self.aliases.local_name_for("torch") is not None:
            lines += [self._move_values(n, model, rest) for n in starred]
        place = anchor if anchor is not None else body[0]
        unsure = (
            model.conditional
            or not is_simple_device(model.move.device, self.aliases)
            or passed_whole  # a list or dict passed whole: which of its values are tensors is unknown
            or any(needs_cpu(self.tree, n, rest, self.aliases) for n in whole + starred)
            or len(lines) < len(starred) + bool(whole)
            or (lines and any(i in self.tree.of_type(place, cst.Subscript) for i in items))  # edits would nest
        )
        if unsure:
            self.report(loop, message)
            return
        edits: dict[cst.CSTNode, cst.CSTNode | cst.FlattenSentinel] = {
            item: move_call(item, model.move) for item in items
        }
        if lines:
            edits[place] = cst.FlattenSentinel([place, *lines] if anchor is not None else [*lines, place])
        self.report(loop, message, edits=edits)

    @staticmethod
    def _move_names(names: list[str], model: MovedModel) -> cst.SimpleStatementLine:
        """``x, y = x.to(device), y.to(device)``."""
        values = [move_call(cst.Name(n), model.move) for n in names]
        if len(names) == 1:
            return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[0]))], values[0])])
        targets = cst.Tuple([cst.Element(cst.Name(n)) for n in names], lpar=[], rpar=[])
        return cst.SimpleStatementLine(
            [cst.Assign([cst.AssignTarget(targets)], cst.Tuple([cst.Element(v) for v in values], lpar=[], rpar=[]))]
        )

    def _move_values(self, name: str, model: MovedModel, rest: Sequence[cst.BaseStatement]) -> cst.BaseStatement:
        """``batch = {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}``: a batch
        passed as ``**batch`` is a mapping; its non-tensor values (strings, lengths) stay as they are."""
        torch = self.aliases.local_name_for("torch")
        taken = names_in(self.tree, model.move.device) if model.move.device is not None else set()
        k, v = ("k", "v") if not taken & {"k", "v"} else ("key", "value")
        moved = _code(move_call(cst.Name(v), model.move))
        if starred_into(self.tree, name, rest, model.name) == "**":
            text = f"{name} = {{{k}: {moved} if {torch}.is_tensor({v}) else {v} for {k}, {v} in {name}.items()}}\n"
        else:
            text = f"{name} = [{moved} if {torch}.is_tensor({v}) else {v} for {v} in {name}]\n"
        return cst.parse_statement(text)

    def _items_reaching(
        self, names: list[str], rest: Sequence[cst.BaseStatement], model: str
    ) -> list[cst.Subscript]:
        """``batch["input_ids"]``, ``batch[0]`` passed to the model (or with its output to a loss):
        moved where they are used, since the other values of the batch may be meant for the CPU."""
        found: list[cst.Subscript] = []
        for name in names:
            if any(name in assigned_names(self.tree, stmt) for stmt in rest):
                continue
            outputs: set[str] = set()
            for stmt in rest:
                for call in self.tree.of_type(stmt, cst.Call):
                    func = dotted_name(call.func)
                    meets_output = func == model or any(
                        data_root(a.value, self.aliases) in outputs or _is_call_of(a.value, model) for a in call.args
                    )
                    if meets_output and func not in _INSPECTING_CALLS:
                        items = (item_in(a.value, name, self.aliases) for a in call.args if not a.star)
                        found += [item for item in items if item is not None]
                if _uses_model(self.tree, stmt, model) or names_in(self.tree, stmt) & outputs:
                    outputs |= device_outputs(self.tree, stmt, self.aliases)
        return found

    def _iterable_is_on_device(self, sources: set[str], steps: list[Step], block: Block) -> bool:
        """Data made from tensors that were moved or created on a device (or by a loader whose
        ``collate_fn`` or dataset moves them) is on the device already."""
        sources = set(sources)
        assigned: set[str] = set()
        for step in reversed(steps):  # later assignments read earlier ones: walk back up the chain
            node = step.node
            if isinstance(node, cst.Assign) and sources & assigned_names(self.tree, node):
                assigned |= sources & assigned_names(self.tree, node)
                sources |= names_in(self.tree, node.value)
                if self._mentions_device(node.value):
                    return True
        # Data from outside the block (a parameter): a file whose loaders move data may have moved it.
        return bool(sources - assigned) and self._device_code.loaders_move_data()

    def _mentions_device(self, node: cst.CSTNode) -> bool:
        for call in self.tree.of_type(node, cst.Call):
            if as_move(call) is not None or kwarg(call, "device") is not None:
                return True
            if self._device_code.moves_data(dotted_name(call.func)):
                return True
            collate = kwarg(call, "collate_fn")
            if collate is not None and (
                self._device_code.moves_data(dotted_name(collate.value)) or self._mentions_device(collate.value)
            ):
                return True
        return False

    def _reaches_model(self, name: str, body: Sequence[cst.BaseStatement], model: str) -> bool:
        """Does ``name`` (unmoved, not re-bound to something else) go into the model or meet its output?"""
        outputs: set[str] = set()
        for stmt in body:
            kind = rebinding(self.tree, stmt, name, self.aliases)
            if kind in ("move", "other"):
                return False  # moved by the code itself, or re-bound to a value that is not ours
            for call in self.tree.of_type(stmt, cst.Call):
                func = dotted_name(call.func)
                if func in _INSPECTING_CALLS:
                    continue
                args = [a.value for a in call.args if not a.star]
                roots = {data_root(a, self.aliases) for a in args}
                meets_output = func == model or any(
                    data_root(a, self.aliases) in outputs or _is_call_of(a, model) for a in args
                )
                if meets_output and name in roots:
                    return True
            for operation in self.tree.of_type(stmt, cst.BinaryOperation):
                sides = {data_root(operation.left, self.aliases), data_root(operation.right, self.aliases)}
                if name in sides and (sides & outputs or any(
                    _is_call_of(s, model) for s in (operation.left, operation.right)
                )):
                    return True
            if _uses_model(self.tree, stmt, model) or names_in(self.tree, stmt) & outputs:
                outputs |= device_outputs(self.tree, stmt, self.aliases)
        return False

    # -- tensors created before the model call: create them on the device

    def _check_created_tensors(self, steps: list[Step], moved: list[MovedModel]) -> None:
        bound: set[str] = set(self.aliases.names)
        for index, step in enumerate(steps):
            node = step.node
            if isinstance(node, LOOPS):
                bound |= assigned_names(self.tree, node.target) if isinstance(node, cst.For) else set()
                continue
            created = _created_tensor(node, self.aliases)
            if created is not None:
                name, factory = created
                model = self._model_fed_with(name, steps, index, moved)
                if model is not None:
                    self._fix_factory(name, factory, model, bound)
            bound |= assigned_names(self.tree, node)

    def _model_fed_with(
        self, name: str, steps: list[Step], created_at: int, moved: list[MovedModel]
    ) -> MovedModel | None:
        """The moved model that ``name`` is passed to (after the move), before ``name`` is re-bound."""
        for index in range(created_at + 1, len(steps)):
            node = steps[index].node
            if isinstance(node, LOOPS):
                continue
            for call in self.tree.of_type(node, cst.Call):
                callee = dotted_name(call.func)
                for model in moved:
                    if (
                        callee == model.name
                        and model.index < index
                        and any(dotted_name(a.value) == name for a in call.args)
                    ):
                        return model
            if name in assigned_names(self.tree, node):
                return None
        return None

    def _fix_factory(self, name: str, factory: cst.Call, model: MovedModel, bound: set[str]) -> None:
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
            and names_in(self.tree, device) <= bound
        )
        if not fixable:
            self.report(factory, message)
            return
        self.report(factory, message, edits={factory: with_kwarg(factory, "device", device.deep_clone())})


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _is_call_of(node: cst.BaseExpression, model: str) -> bool:
    return isinstance(node, cst.Call) and dotted_name(node.func) == model


def _uses_model(tree: Tree, node: cst.CSTNode, model: str) -> bool:
    return any(dotted_name(c.func) == model for c in tree.of_type(node, cst.Call))


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

"""## What it does
Finds host syncs on device tensors inside the body of a training loop (a loop that calls
`.backward()` or an optimizer's `.step()`): `.item()`, `.tolist()`, `.cpu()`, `.numpy()`,
`float(t)`/`int(t)`/`bool(t)`, printing or formatting a tensor, and `if t > 0:` on a tensor. Only
values the rule can tell are tensors count: the loss (the receiver of `.backward()`, a criterion's
result), model outputs, results of `torch` functions and tensor methods, and what is computed from
them. Work done every N steps (`if step % 100 == 0:`) is left alone, and so are files that never
mention a device (`cuda`, `device`, `mps`): on the CPU a sync costs nothing.

The usual accumulator, `total += loss.item()` with `total = 0.0` just before the loop, is fixed
(unsafe): the sum stays on the device (`total += loss.detach()`) and is converted once after the loop
(`total = float(total)`). Every other sync is reported with its line.

## Why is this bad?
CUDA runs asynchronously: Python queues kernels and moves on, so the next step's work is queued while
the GPU still computes this one. Reading a value on the host (`.item()`, printing, branching on a
tensor) makes Python wait until the GPU has finished everything queued so far, then copy the value
back. Once per step, the queue drains every step and the GPU idles while Python prepares the next
batch: the PyTorch performance guide lists it as a first thing to remove.

## Example
```python
running = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    running += loss.item()
print(running / len(loader))
```

Use instead:
```python
running = 0.0
for x, y in loader:
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    running += loss.detach()
running = float(running)
print(running / len(loader))
```

## Fix safety
Unsafe: the sum is accumulated in the loss's dtype (float32) on the device instead of in Python's
float64, so after many steps its last digits can differ; and the value is a tensor until the loop ends.
Applied only with `--unsafe-fixes`, and only when nothing in the loop reads the accumulator.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.legacy_constructors import is_size
from codemods.names import dotted_name
from codemods.syntax import code_of, flatten_names
from codemods.training_loops import TrainingLoops, scope_of
from codemods.tree import Tree

# Tensor methods whose result is no device tensor (a Python value, a host copy, a size).
_SYNC_METHODS = {
    "item": "copies the value to the host",
    "tolist": "copies the values to the host",
    "cpu": "copies the tensor to the host",
    "numpy": "needs the tensor on the host",
}
_CONVERSIONS = frozenset({"float", "int", "bool"})
_USES_A_DEVICE = re.compile(r"cuda|device|\bmps\b")
_ADVICE = "; keep it on the device and read it once after the loop (or every N steps)"


class HostSyncInLoop(Rule):
    code = "DEV008"
    name = "host-sync-in-loop"
    summary = "host sync (.item(), print, if on a tensor) every training step stalls the GPU"
    fix_safety = FixSafety.UNSAFE
    triggers = ("backward", ".step(")

    VALID = [
        # Logging every N steps is the recommended practice.
        Valid(
            """
            import torch
            device = torch.device("cuda")
            for step, (x, y) in enumerate(loader):
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                if step % 100 == 0:
                    print(f"step {step}: {loss.item():.4f}")
            """
        ),
        # Read once, after the loop.
        Valid(
            """
            import torch
            device = torch.device("cuda")
            for x, y in loader:
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
            print(loss.item())
            """
        ),
        # No backward, no optimizer step: an evaluation loop (a sync per batch is its result).
        Valid(
            """
            import torch
            device = torch.device("cuda")
            correct = 0
            with torch.no_grad():
                for x, y in loader:
                    correct += (model(x).argmax(1) == y).sum().item()
            """
        ),
        # NumPy and Python values: no device involved.
        Valid(
            """
            import torch
            device = torch.device("cuda")
            import numpy as np
            for x, y in loader:
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                lr = scheduler.get_last_lr()[0]
                noise = np.random.rand()
                print(lr, noise.item())
            """
        ),
        # Kept on the device.
        Valid(
            """
            import torch
            device = torch.device("cuda")
            losses = []
            for x, y in loader:
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                losses.append(loss.detach())
            """
        ),
        # A reinforcement-learning rollout loop: it steps an environment, not an optimizer.
        Valid(
            """
            import torch
            device = torch.device("cuda")
            for t in range(100):
                action = policy(obs)
                obs, reward, done, info = env.step(action.item())
            """
        ),
        # A script that never names a device trains on the CPU, where a sync costs nothing.
        Valid(
            """
            import torch
            for x, y in loader:
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                print(loss.item())
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            running = 0.0  # summed over the epoch
            for x, y in loader:
                optimizer.zero_grad()
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                running += loss.item()
            print(running / len(loader))
            """,
            """
            import torch
            device = torch.device("cuda")
            running = 0.0  # summed over the epoch
            for x, y in loader:
                optimizer.zero_grad()
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                running += loss.detach()
            running = float(running)
            print(running / len(loader))
            """,
        ),
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            def train(model, loader, opt, loss_fn, epochs):
                for epoch in range(epochs):
                    total = 0.0
                    for x, y in loader:
                        opt.zero_grad()
                        loss = loss_fn(model(x), y)
                        loss.backward()
                        opt.step()
                        total += loss.item() * x.size(0)
                    print(epoch, total)
            """,
            """
            import torch
            device = torch.device("cuda")
            def train(model, loader, opt, loss_fn, epochs):
                for epoch in range(epochs):
                    total = 0.0
                    for x, y in loader:
                        opt.zero_grad()
                        loss = loss_fn(model(x), y)
                        loss.backward()
                        opt.step()
                        total += loss.detach() * x.size(0)
                    total = float(total)
                    print(epoch, total)
            """,
        ),
        # Printing and branching on tensors: reported, the fix is the author's.
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            best = None
            for x, y in loader:
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                print("loss", loss)
                if best is None or loss < best:
                    best = loss.detach()
            """
        ),
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            history = []
            for batch in loader:
                out = model(batch)
                loss = out.pow(2).mean()
                loss.backward()
                optimizer.step()
                history.append(loss.item())
                preds = out.argmax(-1).tolist()
                value = float(loss)
            """
        ),
        # The loop reads the accumulator (it would see a tensor): report only.
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            total = 0.0
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                total += loss.item()
                pbar.set_postfix(avg=total / (i + 1))
            """
        ),
        # An int accumulator: its type after the loop depends on the tensor's dtype; report only.
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            correct = 0
            for x, y in loader:
                out = model(x)
                criterion(out, y).backward()
                optimizer.step()
                correct += (out.argmax(1) == y).sum().item()
            """
        ),
        # Formatting a tensor in an f-string is a sync too.
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            while not done:
                loss = net(x).sum()
                loss.backward()
                optim.step()
                log.write(f"{loss:.3f}\\n")
            """
        ),
    ]

    def check(self) -> None:
        if not _USES_A_DEVICE.search(self.context.source):
            return  # a CPU-only script: its syncs cost nothing
        loops = TrainingLoops(self.tree, self.aliases)
        if loops.values is None:
            return
        self._values = loops.values
        for event in loops.events():
            if event.is_test:
                self._branch_on_tensor(event.node, event.tensors)  # type: ignore[arg-type]
            self._syncs(event.node, event.tensors, event.loop)

    # -- the syncs

    def _branch_on_tensor(self, test: cst.BaseExpression, tensors: frozenset[str]) -> None:
        """``if loss > 0:``, ``while not done and err:``: each operand's truth value is a sync."""
        operands = [test]
        while operands:
            node = operands.pop()
            if isinstance(node, cst.BooleanOperation):
                operands += [node.left, node.right]
            elif isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
                operands.append(node.expression)
            elif self._values.is_tensor(node, tensors):
                self.report(
                    node, f"`{_short(node)}` is a tensor: branching on it waits for the GPU every step" + _ADVICE
                )

    def _syncs(self, node: cst.CSTNode, tensors: frozenset[str], loop: cst.CSTNode) -> None:
        for inner in self.tree.descendants(node):
            if isinstance(inner, cst.Call):
                self._call(inner, tensors, loop, node)
            elif isinstance(inner, cst.FormattedStringExpression) and self._values.is_tensor(inner.expression, tensors):
                self.report(
                    inner.expression,
                    f"formatting the tensor `{_short(inner.expression)}` waits for the GPU every step" + _ADVICE,
                )
            elif isinstance(inner, (cst.IfExp, cst.Assert)):
                self._branch_on_tensor(inner.test, tensors)

    def _call(self, call: cst.Call, tensors: frozenset[str], loop: cst.CSTNode, statement: cst.CSTNode) -> None:
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in _SYNC_METHODS and not call.args:
            if not self._values.is_tensor(func.value, tensors):
                return
            what = f"`{_short(func.value)}.{func.attr.value}()` {_SYNC_METHODS[func.attr.value]}"
            message = what + " and waits for the GPU every step"
            fix = self._accumulator_fix(call, statement, loop) if func.attr.value == "item" else None
            if fix is None:
                self.report(call, message + _ADVICE)
            else:
                self.report(call, message + "; accumulate it on the device and convert once after the loop",
                            edits=fix)
            return
        name = dotted_name(func)
        if name in self.aliases.names:
            return  # an imported `float`/`print` is not the builtin
        if name in _CONVERSIONS and len(call.args) == 1 and self._values.is_tensor(call.args[0].value, tensors):
            self.report(call, f"`{code_of(call)[:40]}` of a tensor waits for the GPU every step" + _ADVICE)
        elif name == "print" and any(self._values.is_tensor(a.value, tensors) for a in call.args if not a.keyword):
            self.report(call, "printing a tensor waits for the GPU every step" + _ADVICE)

    # -- the fix

    def _accumulator_fix(
        self, item: cst.Call, statement: cst.CSTNode, loop: cst.CSTNode
    ) -> dict[cst.CSTNode, cst.FlattenSentinel] | None:
        """``total += loss.item()`` with ``total = 0.0`` just before the loop, nothing else using it."""
        if not (m.matches(statement, m.AugAssign(target=m.Name(), operator=m.AddAssign()))
                and _is_item_term(statement.value, item)):  # type: ignore[attr-defined]
            return None
        total = statement.target.value
        block = self.tree.ancestors(loop)[:1]
        if not block or not isinstance(block[0], (cst.IndentedBlock, cst.Module)):
            return None
        body = list(block[0].body)
        index = next(i for i, s in enumerate(body) if s is loop)
        if not _float_init_before(self.tree, body[:index], total):
            return None
        uses = [n for n in self.tree.descendants(loop) if isinstance(n, cst.Name) and n.value == total]
        if len(uses) != 1 or uses[0] is not statement.target:
            return None  # the loop reads it: it would see a tensor
        scope = scope_of(self.tree, loop)
        if any(
            isinstance(n, (cst.Global, cst.Nonlocal)) and any(a.name.value == total for a in n.names)
            for n in self.tree.descendants(scope)
        ):
            return None
        assert isinstance(item.func, cst.Attribute)
        detached = item.with_changes(func=item.func.with_changes(attr=cst.Name("detach")))
        converted = cst.parse_statement(f"{total} = float({total})\n")
        return {loop: cst.FlattenSentinel([loop.deep_replace(item, detached), converted])}


def _is_item_term(value: cst.BaseExpression, item: cst.Call) -> bool:
    """``loss.item()``, or ``loss.item() * x.size(0)`` / ``/ len(batch)``: scaled by a plain number."""
    if value is item:
        return True
    return (
        isinstance(value, cst.BinaryOperation)
        and isinstance(value.operator, (cst.Multiply, cst.Divide))
        and (
            (value.left is item and is_size(value.right))
            or (value.right is item and isinstance(value.operator, cst.Multiply) and is_size(value.left))
        )
    )


def _float_init_before(tree: Tree, statements: list[cst.BaseStatement], total: str) -> bool:
    """Is the last statement binding ``total`` before the loop a plain ``total = 0.0``?"""
    for statement in reversed(statements):
        if total not in {n.value for n in tree.descendants(statement) if isinstance(n, cst.Name)}:
            continue
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1):
            return False
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and dotted_name(small.targets[0].target) == total:
            return isinstance(small.value, cst.Float)
        if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and total in _targets(small):
            return False
        # a read of `total` (it is still the float): keep looking for the assignment
    return False


def _targets(small: cst.BaseSmallStatement) -> set[str]:
    if isinstance(small, cst.Assign):
        return {n for t in small.targets for n in flatten_names(t.target, keep_underscore=True)}
    if isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        return set(flatten_names(small.target, keep_underscore=True))
    return set()


def _short(node: cst.CSTNode) -> str:
    text = code_of(node)
    return text if len(text) <= 40 else text[:37] + "..."

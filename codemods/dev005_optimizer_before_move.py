"""## What it does
Finds an optimizer (`torch.optim.*`, or any call given `model.parameters()` /
`model.named_parameters()`) built before that model is moved to a device in the same function, and
moves the construction, with an LR scheduler built on it right after, to just below the move. A move
under a condition (`if use_cuda: model.cuda()`) counts: the optimizer goes below the whole `if`.

## Why is this bad?
The optimizer belongs after `.to(device)`: that is the order PyTorch documents, and the one every
reader expects. Built before, it works only as long as the move keeps the same parameter objects;
state loaded into it before the move (`optimizer.load_state_dict(...)` from a checkpoint) stays on the
CPU while the gradients are on the GPU, and the first `optimizer.step()` fails with
`Expected all tensors to be on the same device`. Code that swaps parameters when moving (XLA, some
wrappers) leaves the optimizer updating tensors the model no longer uses.

## Example
```python
model = Net()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
model.to(device)
```

Use instead:
```python
model = Net()
model.to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
```

## Fix safety
Safe when nothing between the construction and the move touches the optimizer (or the values it was
built from); otherwise the rule only reports.
"""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.dataflow import (
    assigned_names,
    function_blocks,
    linear_statements,
    names_in,
)
from codemods.names import dotted_name
from codemods.nn_modules import model_move
from codemods.syntax import method_chain, positional

# `name = call(...)` alone on its line (one target).
_ASSIGNED_CALL = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget()], value=m.Call())])
_PARAMETERS = m.Call(func=m.Attribute(attr=m.Name("parameters") | m.Name("named_parameters")))

class OptimizerBeforeMove(Rule):
    code = "DEV005"
    name = "optimizer-before-move"
    summary = "optimizer built before the model is moved; build it after .to(device)"
    fix_safety = FixSafety.SAFE
    triggers = ("parameters()",)

    VALID = [
        Valid(
            """
            import torch
            model = Net().to(device)
            optimizer = torch.optim.Adam(model.parameters())
            """
        ),
        Valid(
            """
            import torch
            model = Net()
            model.to(device)
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            """
        ),
        # Never moved.
        Valid(
            """
            import torch
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            """
        ),
        # A different model is moved.
        Valid(
            """
            import torch
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            teacher.to(device)
            """
        ),
        # A new model replaces the old one: the optimizer really is for the old one.
        Valid(
            """
            import torch
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            model = Net().to(device)
            """
        ),
        # A dtype change is not a move.
        Valid(
            """
            import torch
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            model.to(torch.float16)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            model = Net()
            # Adam with defaults
            optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
            model.to(device)
            """,
            """
            import torch
            model = Net()
            model.to(device)
            # Adam with defaults
            optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
            """,
        ),
        Invalid(
            """
            import torch.optim as optim

            def train(model, device):
                opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
                sched = optim.lr_scheduler.StepLR(opt, step_size=10)
                criterion = torch.nn.CrossEntropyLoss()
                model = model.to(device)
                return opt, sched, criterion
            """,
            """
            import torch.optim as optim

            def train(model, device):
                criterion = torch.nn.CrossEntropyLoss()
                model = model.to(device)
                opt = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
                sched = optim.lr_scheduler.StepLR(opt, step_size=10)
                return opt, sched, criterion
            """,
        ),
        Invalid(
            """
            from torch.optim import AdamW
            model = Net()
            optimizer = AdamW(model.parameters())
            if use_cuda:
                model.cuda()
            train(model, optimizer)
            """,
            """
            from torch.optim import AdamW
            model = Net()
            if use_cuda:
                model.cuda()
            optimizer = AdamW(model.parameters())
            train(model, optimizer)
            """,
        ),
        Invalid(
            """
            import torch
            net = Net()
            opt = Lion(net.named_parameters(), lr=3e-4)
            net.cuda()
            """,
            """
            import torch
            net = Net()
            net.cuda()
            opt = Lion(net.named_parameters(), lr=3e-4)
            """,
        ),
        Invalid(
            """
            import torch
            model = Seq2Seq()
            optimizer = torch.optim.Adam(
                [
                    {"params": model.encoder.parameters(), "lr": 1e-4},
                    {"params": model.decoder.parameters()},
                ],
                lr=1e-3,
            )

            model = model.to("cuda")
            """,
            """
            import torch
            model = Seq2Seq()

            model = model.to("cuda")
            optimizer = torch.optim.Adam(
                [
                    {"params": model.encoder.parameters(), "lr": 1e-4},
                    {"params": model.decoder.parameters()},
                ],
                lr=1e-3,
            )
            """,
        ),
        # The optimizer is used before the move: report only.
        Invalid(
            """
            import torch
            model = Net()
            optimizer = torch.optim.Adam(model.parameters())
            optimizer.load_state_dict(checkpoint["optimizer"])
            model.to(device)
            """
        ),
        # The learning rate changes in between: moving the line would change it.
        Invalid(
            """
            import torch
            lr = 0.1
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=lr)
            lr = 0.01
            model.cuda()
            """
        ),
    ]

    def check(self) -> None:
        for block in function_blocks(self.tree):
            self._check_block(block)

    def _check_block(self, block: Sequence[cst.BaseStatement]) -> None:
        for index, stmt in enumerate(block):
            built = self._optimizer(stmt)
            if built is None:
                continue
            optimizer, model = built
            scheduler = block[index + 1] if index + 1 < len(block) else None
            if scheduler is not None and not self._is_scheduler(scheduler, optimizer):
                scheduler = None
            moved_at = self._move_index(block, index + 1, model)
            if moved_at is None:
                continue
            self._fix(block, index, scheduler, moved_at, optimizer, model)

    def _optimizer(self, stmt: cst.BaseStatement) -> tuple[str, str] | None:
        """``opt = <optimizer>(model.parameters(), ...)``: (optimizer name, model name)."""
        if not m.matches(stmt, _ASSIGNED_CALL):
            return None
        assign = stmt.body[0]  # type: ignore[attr-defined]
        target = dotted_name(assign.targets[0].target)
        if target is None or (self.aliases.qualify(assign.value.func) or "").startswith("torch.optim.lr_scheduler"):
            return None
        for call in self.tree.of_type(assign.value, cst.Call):
            if call is not assign.value and m.matches(call, _PARAMETERS):
                owner = dotted_name(call.func.value)  # type: ignore[attr-defined]
                if owner is not None:
                    return target, owner.split(".")[0]
        return None

    def _is_scheduler(self, stmt: cst.BaseStatement, optimizer: str) -> bool:
        """``scheduler = StepLR(optimizer, ...)`` (any ``torch.optim.lr_scheduler`` or ``*LR`` /
        ``*Scheduler`` class) for this optimizer."""
        if not m.matches(stmt, _ASSIGNED_CALL):
            return False
        call = stmt.body[0].value  # type: ignore[attr-defined]
        args = positional(call)
        if not args or dotted_name(args[0].value) != optimizer:
            return False
        qualified = self.aliases.qualify(call.func) or dotted_name(call.func) or ""
        return qualified.startswith("torch.optim.lr_scheduler.") or qualified.endswith(("LR", "Scheduler", "scheduler"))

    def _move_index(self, block: Sequence[cst.BaseStatement], start: int, model: str) -> int | None:
        for index in range(start, len(block)):
            stmt = block[index]
            for small in linear_statements([stmt]):
                found = model_move(small, self.aliases)
                if found is None or found[0] != model:
                    continue
                if isinstance(small, cst.Assign) and dotted_name(method_chain(small.value, self.aliases)[0]) != model:
                    return None  # `model = Net().to(...)`: a new model, not a move of this one
                return index
            if model in assigned_names(self.tree, stmt):
                return None
        return None

    def _fix(
        self,
        block: Sequence[cst.BaseStatement],
        index: int,
        scheduler: cst.BaseStatement | None,
        moved_at: int,
        optimizer: str,
        model: str,
    ) -> None:
        construction = block[index]
        moving = [construction] + ([scheduler] if scheduler is not None else [])
        between = block[index + len(moving): moved_at]
        message = f"`{optimizer}` is built before `{model}` is moved; build it after the move"
        names_needed = set().union(*(names_in(self.tree, s) for s in moving)) - {model}
        produced = set().union(*(assigned_names(self.tree, s) for s in moving))
        touched = any(
            names_in(self.tree, s) & produced or assigned_names(self.tree, s) & names_needed for s in between
        )
        if touched:
            self.report(construction, message + " (left in place: it is used, or its inputs change, in between)")
            return
        edits = {s: cst.RemovalSentinel.REMOVE for s in moving}
        edits[block[moved_at]] = cst.FlattenSentinel([block[moved_at], *moving])
        self.report(construction, message, edits=edits)

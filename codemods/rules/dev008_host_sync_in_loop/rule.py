"""## What it does
Finds host syncs on device tensors in code that runs every training step: `.item()`, `.tolist()`,
`.cpu()`, `.numpy()`, `float(t)`/`int(t)`/`bool(t)`, printing or formatting a tensor, `if t > 0:` on
a tensor, and the pre-0.4 `loss.data[0]`. Code runs every step in the body of a training loop (a
loop that calls `.backward()` or an optimizer's `.step()`), in a function that takes one step
(`.backward()` outside any loop: `def train_step(...)`, whose callers' loops are training loops in
turn), and in the functions of the file those call (`accuracy(out, y)`).

Only values the rule can tell are device tensors count: the loss (the receiver of `.backward()`, a
criterion's result), model outputs, results of `torch` functions and tensor methods, a model's
parameters, what the file's own functions return and are given, and what is computed from them.
Tensors on the host (after `.cpu()`, from a factory without `device=`) are not. Left alone: work
done on some steps only (`if step % 100 == 0:`, `if i in checkpoints:`), the input of an
environment or a replay memory (`env.step(action.cpu().numpy())`: the algorithm keeps host values
there), a copy the line before has just made, and files that never put work on a GPU (no `cuda` or
`mps` in the code, and no device but the CPU): there a sync costs nothing.

The usual accumulator, `total += loss.item()` started as `total = 0.0` somewhere before the loop (or
`0`, also `total, n = 0, 0`, where the sum is of a torch loss, a float), is fixed (unsafe): the sum
stays on the device (`total += loss.detach()`) and is converted once after the loop
(`total = float(total)`); where the loop logs it every N steps (under an `if`) and resets it, it is
read there as `float(total)`. Every other sync is reported with its line.

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

import libcst as cst

from codemods.analysis.gpu_use import may_use_a_gpu
from codemods.analysis.scalars import Scalars
from codemods.analysis.training_loops import TrainingLoops
from codemods.core.base import FixSafety, Rule
from codemods.rules.dev008_host_sync_in_loop._host_syncs import HostSyncs
from codemods.rules.dev008_host_sync_in_loop._sync_accumulators import accumulator_fix

_ADVICE = "; keep it on the device and read it once after the loop (or every N steps)"


class HostSyncInLoop(Rule):
    code = "DEV008"
    name = "host-sync-in-loop"
    summary = "host sync (.item(), print, if on a tensor) every training step stalls the GPU"
    fix_safety = FixSafety.UNSAFE
    triggers = ("backward", ".step(")

    def check(self) -> None:
        if not may_use_a_gpu(self.tree, self.context.source):
            return  # a CPU-only script: its syncs cost nothing
        loops = TrainingLoops(self.tree, self.aliases)
        if loops.values is None:
            return
        syncs = HostSyncs(self.tree, self.aliases, loops.values)
        scalars = Scalars(self.tree, self.aliases)
        for event in loops.events():
            for sync in syncs.of(event):
                fix = None
                if sync.item and event.loop is not None and isinstance(sync.node, cst.Call):  # (an item is)
                    fix = accumulator_fix(self.tree, sync.node, event.node, event.loop, scalars)
                if fix is None:
                    self.report(sync.node, sync.what + _ADVICE)
                else:
                    self.report(
                        sync.node,
                        sync.what + "; accumulate it on the device and convert once after the loop",
                        edits=fix,
                    )

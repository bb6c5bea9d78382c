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

from codemods.base import FixSafety, Invalid, Rule, Valid
from codemods.gpu_use import may_use_a_gpu
from codemods.host_syncs import HostSyncs
from codemods.sync_accumulators import accumulator_fix
from codemods.training_loops import TrainingLoops

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
        # Pinned to the CPU (the GPU line is a comment); checkpoints picked by a step counter; the
        # action an environment takes and a replay memory's priorities are host values it needs; a
        # value the line before has just copied; tensors on the host already.
        Valid(
            """
            import torch
            device = torch.device("cpu")  # torch.device("cuda") on a GPU machine
            for i, (x, y) in enumerate(loader):
                loss = criterion(model(x), y)
                loss.backward()
                optimizer.step()
                if i in checkpoints:
                    print(loss.item())
            """
        ),
        Valid(
            """
            import torch
            device = torch.device("cuda")
            for t in range(steps):
                action = policy(obs).argmax(-1)
                obs, reward, done, _ = env.step(action.cpu().numpy())
                taken.append(action.cpu().numpy())
                loss, prios = agent_loss(obs)
                loss.backward()
                optimizer.step()
                memory.update_priorities(prios.detach().cpu().numpy())
                counts = torch.zeros(classes)
                counts[0] += reward
                frequent = counts.argmax().item()
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
        # A function that takes one training step runs once per step: so do its syncs, and those of
        # the helpers it calls.
        Invalid(
            """
            import torch
            device = torch.device("cuda")

            def accuracy(out, y):
                return (out.argmax(1) == y).float().mean().item()

            def train_step(x, y):
                optimizer.zero_grad()
                out = model(x)
                loss = criterion(out, y)
                loss.backward()
                optimizer.step()
                return loss.item(), accuracy(out, y)
            """,
            message="`(out.argmax(1) == y).float().mean().item()` copies the value",
            line=5,
        ),
        # A loop that calls a step function is a training loop; `loss.data[0]` is the pre-0.4 `.item()`.
        Invalid(
            """
            import torch
            device = torch.device("cuda")

            def compute_loss(batch):
                loss = criterion(model(batch), batch)
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
                return loss

            for frame in range(frames):
                loss = compute_loss(buffer.sample())
                losses.append(loss.data[0])
            """,
            message="pre-0.4 spelling of `.item()`",
        ),
        # The parameters of a model are tensors; so is what `self.image` was moved to.
        Invalid(
            """
            import torch
            device = torch.device("cuda")
            for x, y in loader:
                self.image = self.image.cuda()
                criterion(model(self.image), y).backward()
                norm = 0.0
                for p in model.parameters():
                    norm += p.grad.norm().item()
                optimizer.step()
                self.frames.append(self.image.cpu())
            """,
            message="`p.grad.norm().item()` copies the value",
        ),
    ]

    def check(self) -> None:
        if not may_use_a_gpu(self.tree, self.context.source):
            return  # a CPU-only script: its syncs cost nothing
        loops = TrainingLoops(self.tree, self.aliases)
        if loops.values is None:
            return
        syncs = HostSyncs(self.tree, self.aliases, loops.values)
        for event in loops.events():
            for sync in syncs.of(event):
                fix = None
                if sync.item and event.loop is not None:
                    fix = accumulator_fix(self.tree, sync.node, event.node, event.loop)  # type: ignore[arg-type]
                if fix is None:
                    self.report(sync.node, sync.what + _ADVICE)
                else:
                    self.report(sync.node, sync.what + "; accumulate it on the device and convert once after the"
                                " loop", edits=fix)

"""## What it does
Finds layers built in a loop and spread over the GPUs round-robin (`layer.to(f"cuda:{i % n}")`,
`.cuda(i % n)`, `torch.device("cuda", i % n)`, or a `device_id = i % n` the placement reads), and
replaces that placement with data parallelism: the model is built whole, and the script's entry point
(the function its `if __name__ == "__main__":` block calls) becomes DistributedDataParallel
scaffolding for `torchrun`:

* a `setup_distributed()` helper reads `RANK`, `LOCAL_RANK` and `WORLD_SIZE` from the environment
  torchrun sets, picks `cuda:<local rank>` (or the CPU), and joins the process group with `nccl` on
  GPUs or `gloo` on CPUs: no hard-coded `MASTER_ADDR`/`MASTER_PORT`, no `mp.spawn`;
* the model is moved to that device and wrapped in `DistributedDataParallel` (with
  `device_ids=[local_rank]` on a GPU), and the forward passes go through the wrapper;
* a `DataLoader` gets a `DistributedSampler` (each process takes its share of every epoch) and the
  epoch loop calls `sampler.set_epoch(epoch)`;
* printing and `torch.save` run on rank 0 only; the process group is destroyed at the end.

Every other placement computed `% n` in the same model (a head on `cuda:{(depth - 1) % n}`,
activations hopping between GPUs in `forward`) goes too, so on a machine without a GPU (`n == 0`)
nothing divides by zero. Run plainly (`python train.py`) the script is a group of one and
initialises nothing. On N GPUs:

```
torchrun --nproc-per-node=N train.py
```

Each process then keeps the batch size it had, so the global batch is N times larger: scale the
learning rate or the batch size as you would for any data-parallel run. Inputs built in the script
still need `.to(device)`; DEV001 and DEV010 add it.

The fix needs the placed layers to form one `nn.Module` (an `nn.ModuleList`, `nn.Sequential` or the
model itself: layers kept in a plain Python list would be left behind by `.to(device)`) and every
forward pass to go through the wrapper (not `model.encoder(x)`, a loop over the model's layers, or
the model handed to a helper). When that, or the script's structure (no entry point, the model built
outside it, an existing launcher or process group), is not there, the finding says what is missing
and nothing is changed. Also reported, never rewritten: layer i moved to GPU i (`.cuda(i)`, a GPU
per layer), GPUs picked `% n` for objects built elsewhere (`devices.append(torch.device(...))`), and
layers placed by hand on fixed GPUs (`self.net1.to("cuda:0")`, `self.net2.to("cuda:1")`:
pipeline-style model parallelism). GPUs taken from an explicit list (`zip(layers, device_ids)`) are
the caller's choice and are left alone.

## Why is this bad?
Round-robin placement gives no parallelism: block i+1 waits for block i on another GPU, and the
activations hop between devices at every block. It also breaks the forward pass as soon as two
consecutive blocks sit on different GPUs (`Expected all tensors to be on the same device`), unless
every hop is written by hand. DistributedDataParallel runs one full replica per GPU on its own share
of the data and averages gradients, which is what the loop was reaching for.

## Example
```python
import torch
from torch import nn

num_gpus = torch.cuda.device_count()


class Stack(nn.Module):
    def __init__(self, blocks=4, hidden=8):
        super().__init__()
        self.blocks = nn.ModuleList()
        for i in range(blocks):
            block = nn.Linear(hidden, hidden)
            self.blocks.append(block.to(f"cuda:{i % num_gpus}"))

    def forward(self, x):
        for block in self.blocks:
            x = block(x)
        return x


def train():
    model = Stack()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(10):
        batch = torch.randn(4, 8)
        loss = model(batch).sum()
        loss.backward()
        optimizer.step()
    print("done")


if __name__ == "__main__":
    train()
```

Use instead (what the fix writes):

## Fix safety
Unsafe: it restructures the program and changes how it must be launched to use several GPUs.
Applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

import itertools
import re
import textwrap

import libcst as cst

from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.syntax import code_of
from codemods.core.torch_names import as_move
from codemods.fixes.ddp_scaffolding import SETUP_DISTRIBUTED, Script, find_script, scaffolding_edits
from codemods.rules.dev006_round_robin_placement._placed_layers import unregistered
from codemods.rules.dev006_round_robin_placement._round_robin import removal_edits, round_robins

_MAY_PLACE = re.compile(r"%|cuda:|\.cuda\(\s*\w|device\(")
_USE_INSTEAD = "Use instead (what the fix writes):"
_MESSAGE = (
    "layers are placed on GPUs round-robin (`i % n`): no parallelism, and consecutive layers"
    " on different GPUs break the forward pass; use DistributedDataParallel under torchrun"
)
_BY_INDEX = (
    "layer i is placed on GPU i (`.cuda(i)`): no parallelism, consecutive layers on different GPUs"
    " break the forward pass, and it needs a GPU per layer; use DistributedDataParallel under torchrun"
)


def _example(doc: str) -> str:
    """The docstring's example script: the form `autofix explain DEV006` shows is an INVALID example."""
    return doc.split("## Example\n```python\n", 1)[1].split("```", 1)[0]


_EXAMPLE_BEFORE = _example(__doc__)
_STACK_BEFORE = _EXAMPLE_BEFORE[_EXAMPLE_BEFORE.index("class Stack") : _EXAMPLE_BEFORE.index("def train")]
_STACK_AFTER = _STACK_BEFORE.replace('block.to(f"cuda:{i % num_gpus}")', "block")
_FIXED_SCRIPT = """\
import torch
from torch import nn
import os
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

num_gpus = torch.cuda.device_count()


<model><setup_distributed>


def train():
    rank, local_rank, world_size, device = setup_distributed()
    model = Stack()
    model = model.to(device)
    ddp_model = model
    if world_size > 1:
        ddp_model = DistributedDataParallel(model, device_ids=[local_rank] if torch.cuda.is_available() else None)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for step in range(10):
        batch = torch.randn(4, 8)
        loss = ddp_model(batch).sum()
        loss.backward()
        optimizer.step()
    if rank == 0:
        print("done")
    if world_size > 1:
        dist.destroy_process_group()


if __name__ == "__main__":
    train()
"""


def _fixed(model: str, builder: str = "Stack") -> str:
    """The example fixed, its model written as ``model``: the one copy of the helper's text goes in."""
    script = _FIXED_SCRIPT.replace("<model>", textwrap.dedent(model))
    script = script.replace("<setup_distributed>\n", SETUP_DISTRIBUTED)
    return script.replace("Stack()", f"{builder}()")


def _variant(model: str, builder: str = "Stack") -> str:
    """The example with another model (built by ``builder``)."""
    return _EXAMPLE_BEFORE.replace(_STACK_BEFORE, textwrap.dedent(model)).replace("Stack()", f"{builder}()")


_EXAMPLE_AFTER = _fixed(_STACK_AFTER)
_PLACED = '            self.blocks.append(block.to(f"cuda:{i % num_gpus}"))\n'
_PLACED_IN_PLACE = "            block.cuda(i % num_gpus)\n            self.blocks.append(block)\n"
_PLACED_BY_ID = (
    "            if num_gpus > 1:\n                device_id = i % num_gpus\n"
    "            else:\n                device_id = 0\n"
    '            self.blocks.append(block.to(torch.device("cuda", device_id)))\n'
)


class RoundRobinPlacement(Rule):
    code = "DEV006"
    name = "round-robin-placement"
    summary = "layers placed on GPUs round-robin; use DistributedDataParallel under torchrun"
    fix_safety = FixSafety.UNSAFE
    triggers = ("cuda",)
    # the DDP model it builds is on a device: DEV001 then sees the batches fed to it
    feeds = ("DEV001",)

    @classmethod
    def doc(cls) -> str:
        """The module docstring, with the fixed example (built from the one copy of the helper's text)."""
        before, marker, rest = super().doc().partition(_USE_INSTEAD)
        return f"{before}{marker}\n\n```python\n{_EXAMPLE_AFTER}```\n{rest}"

    def check(self) -> None:
        if not _MAY_PLACE.search(self.context.source):
            return  # no modulo and no GPU chosen by a number: nothing to look at
        self._report_hand_split()
        found = round_robins(self.tree, self.aliases)
        if not found:
            return
        placed = found[0]
        edits: dict[cst.CSTNode, Replacement] = {}
        problems: list[str] = []
        if len(found) > 1:
            problems.append(
                f"GPUs are picked in {len(found)} places ({', '.join(r.owner.name.value for r in found)})"
            )
        if placed.by_index:
            problems.append(
                f"`{code_of(placed.by_index[0].call)}` needs as many GPUs as layers; convert it by hand"
            )
        if placed.choices:
            problems.append(
                f"the GPUs are picked for objects this code does not move (`{code_of(placed.choices[0])}`)"
            )
        if not problems:
            problems.extend(unregistered(self.tree, self.aliases, placed))
            edits, problem = removal_edits(self.tree, self.aliases, placed)
            script = find_script(self.tree, self.aliases, placed.owner.name.value)
            problems.extend(p for p in (problem, script) if isinstance(p, str) and p)
        if not problems and isinstance(script, Script):  # (a str is a problem, listed above)
            edits.update(scaffolding_edits(self.tree, self.aliases, script))
            self.report(placed.placements[0].call, _MESSAGE, edits=edits)
            return
        why = f" (not rewritten: {'; '.join(problems)})"
        for each in found:
            for node in [*(move.call for move in each.placements), *each.choices]:
                self.report(node, _MESSAGE + why)
            for move in each.by_index:
                self.report(move.call, _BY_INDEX + why)

    def _report_hand_split(self) -> None:
        for cls in self.tree.of_type(self.tree.root, cst.ClassDef):
            placed = [
                (call, index) for call in self.tree.of_type(cls, cst.Call) if (index := _fixed_gpu(call))
            ]
            indices = {index for _, index in placed}
            if len(indices) < 2:
                continue
            message = (
                f"`{cls.name.value}` splits its layers by hand over {', '.join(sorted(indices))}: that is"
                " pipeline-style model parallelism, left as is (the GPUs take turns). For data"
                " parallelism use DistributedDataParallel under torchrun; to shard a model too big for"
                " one GPU, use FSDP"
            )
            # Reported where each layer is placed (the pattern's line), not where `forward` moves the
            # activations between the GPUs; on the class when every placement is in `forward`.
            layers: list[cst.CSTNode] = [call for call, _ in placed if not self._in_forward(call, cls)]
            for node in layers or [cls.name]:
                self.report(node, message)

    def _in_forward(self, node: cst.CSTNode, cls: cst.ClassDef) -> bool:
        inside = itertools.takewhile(lambda scope: scope is not cls, self.tree.ancestors(node))
        return any(isinstance(scope, cst.FunctionDef) and scope.name.value == "forward" for scope in inside)


def _fixed_gpu(call: cst.Call) -> str | None:
    """``"cuda:1"`` for ``.to("cuda:1")`` or ``.cuda(1)``."""
    move = as_move(call)
    if move is None or move.device is None:
        return None
    if move.method == "cuda" and isinstance(move.device, cst.Integer):
        return f"cuda:{move.device.value}"
    spelled = code_of(move.device).strip("'\"")
    return spelled if spelled.startswith("cuda:") and spelled[5:].isdigit() else None

"""## What it does
Finds tensors created on the host and then copied to a device, and creates them there instead:
`torch.zeros(n).to(device)` becomes `torch.zeros(n, device=device)`. It knows the shapes legacy
code writes too:

* in one expression: `torch.arange(n).cuda()`, `torch.tensor(data).to(device)`,
  `Variable(torch.zeros(n)).cuda()`, `torch.LongTensor([1, 2]).to(device)` (a legacy constructor is
  spelled the modern way, `torch.tensor([1, 2], dtype=torch.int64, device=device)`);
* in two statements of the same block, the tensor unused in between: `x = torch.zeros(n)` then
  `x = x.to(device)`, or then `if use_cuda: x = x.cuda()`, which becomes
  `x = torch.zeros(n, device="cuda" if use_cuda else "cpu")` (the `if` goes when nothing else is
  left in it).

A dtype given to `.to(device, dtype)` moves onto the factory when the values cannot change (`zeros`,
`ones`, `empty`, `eye`); `.cuda()` becomes `device="cuda"` as written (DEV007 makes it portable) and
`.cuda(1)` becomes `device="cuda:1"`.

Reported without a fix: a factory with `requires_grad=True` (after `.to()` the result is not a leaf,
so its `.grad` stays empty), a `.to()` that also changes the dtype of values that would round
differently, a legacy constructor whose argument may be data or a size, `.cuda(gpu)` with a device
that may be None (`device=None` is the CPU), methods after the factory that may compute differently
on the device (`.scatter_()`, `.expand()`), NumPy's random numbers (`torch.from_numpy(np.random...)`),
a torch function computed on the host from a fresh tensor (`torch.sqrt(torch.tensor([d])).to(device)`),
a move that also moves other tensors (`a, b = a.cuda(), b.cuda()`), a tensor handed to a function
of the file that moves it (`to_gpu(torch.zeros(n))`), and the result of a function or method of the
file that makes it on the host, then moved (`self.causal_mask(n).to(device)` where the method returns
`torch.tril(torch.ones(n, n))`: the function should take the device). Moves with `non_blocking=`, `copy=` or
`memory_format=` are left alone.

## Why is this bad?
The host allocates and fills the tensor, then a host-to-device copy moves it: two allocations, a
transfer over PCIe and, in a loop, both again on every step. A factory given `device=` fills the
tensor on the device itself and copies nothing. (`torch.tensor(data)` must copy its Python data to
the device either way; there the fix saves the intermediate host tensor and says where the tensor
lives in one call.)

## Example
```python
mask = torch.ones(seq, seq).tril().to(device)
hidden = Variable(torch.zeros(layers, 1, size))
if use_cuda:
    hidden = hidden.cuda()
```

Use instead:
```python
mask = torch.ones(seq, seq, device=device).tril()
hidden = Variable(torch.zeros(layers, 1, size, device="cuda" if use_cuda else "cpu"))
```

## Fix safety
Safe for deterministic factories and legacy constructors: the values, dtype and shape are the same,
only where the tensor is made changes; with `if use_cuda:` the condition is read when the tensor is
made instead of just after (nothing in between may rebind what it reads). Unsafe for random
factories (`rand`, `randn`, `randint`, `randperm`, `normal`): on a GPU they draw from the device's
random generator instead of the CPU's, so the numbers change (with the same seed too); applied only
with `--unsafe-fixes`.
"""

from __future__ import annotations

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.host_creations import (
    Creation,
    computed_from_a_creation,
    host_creation,
    made_there,
    returns_host_tensors,
    with_dtype,
)
from codemods.later_moves import LaterMove, creation_pairs, drop_move, later_move, moves_first_parameter
from codemods.local_functions import LocalFunctions
from codemods.move_targets import MoveTarget, move_target
from codemods.names import dotted_name

_DEFAULT_DEVICE_SETTERS = frozenset({"torch.set_default_tensor_type", "torch.set_default_device"})
_CPU = cst.SimpleString('"cpu"')
_FIX = "; create it there with `device=`"
_HELPER = "the function decides where it goes"


class CreateOnDevice(Rule):
    code = "DEV010"
    name = "create-on-device"
    summary = "tensor created on the host, then copied to the device; create it there with device="
    fix_safety = FixSafety.SAFE
    triggers = (".to(", ".cuda(")
    # a creation given `device=device` inside `forward` is DEV003's, one given `device="cuda"` DEV007's
    feeds = ("DEV003", "DEV007")

    VALID = [
        Valid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            x = torch.zeros(4, 8, device=device)
            """
        ),
        # Data that exists on the host already (a batch, a NumPy array, an observation converted by a
        # legacy constructor, which DEV009 reports) must be copied: nothing to do.
        Valid(
            """
            import numpy as np
            import torch

            def step(batch, observation, device):
                table = torch.from_numpy(np.load("table.npy")).to(device)
                state = torch.FloatTensor(observation).to(device)
                return batch.to(device), table, state
            """
        ),
        # Not a plain move of a fresh tensor: a dtype conversion, an asynchronous copy from pinned
        # memory, an explicit CPU generator, `.to(other)` (which takes the other's dtype too), the CPU.
        Valid(
            """
            import torch

            def tensors(reference, device):
                g = torch.Generator().manual_seed(0)
                idx = torch.arange(10).to(torch.float32)
                x = torch.ones(3).to("cuda", non_blocking=True)
                noise = torch.randn(3, generator=g).to(device)
                pad = torch.zeros(3).to(reference)
                kept = torch.zeros(3).to("cpu")
                return idx, x, noise, pad, kept
            """
        ),
        # The host tensor is read before the move: it is needed where it was made.
        Valid(
            """
            import torch

            def class_counts(labels, n, use_cuda):
                counts = torch.zeros(n)
                counts.index_add_(0, labels, torch.ones(len(labels)))
                if use_cuda:
                    counts = counts.cuda()
                return counts
            """
        ),
        # Moved under another name while the host tensor is still used.
        Valid(
            """
            import torch
            table = torch.arange(10)
            table_gpu = table.to(device)
            print(table.sum())
            """
        ),
        # A helper that already makes its tensor where it is asked to, or returns data that exists.
        Valid(
            """
            import torch

            def causal_mask(n, device):
                return torch.tril(torch.ones(n, n, device=device))

            def table(values):
                return torch.from_numpy(values)

            mask = causal_mask(5, device).to(device)
            rows = table(values).to(device)
            """
        ),
        # Placed by an `if`/`else`: each branch does something else with it.
        Valid(
            """
            import torch
            b = torch.ones(3)
            if use_cuda:
                b = b.cuda()
            else:
                b = b.double()
            """
        ),
    ]
    INVALID = [
        # zeros are zero in every dtype: `.to(device, dtype)` moves onto the factory whole.
        Invalid(
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            mask = torch.ones(5, 5).tril().to(device)
            pos = torch.arange(0, 16).to(device)  # positions
            index = torch.LongTensor([0, 2, 5]).to(device)
            h = torch.zeros(1, 4, 16).to(device, torch.float16)
            """,
            """
            import torch
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            mask = torch.ones(5, 5, device=device).tril()
            pos = torch.arange(0, 16, device=device)  # positions
            index = torch.tensor([0, 2, 5], dtype=torch.int64, device=device)
            h = torch.zeros(1, 4, 16, device=device, dtype=torch.float16)
            """,
        ),
        Invalid(
            """
            import torch as T

            def make(dev):
                return T.zeros((2, 3), dtype=T.float16).cuda()
            """,
            """
            import torch as T

            def make(dev):
                return T.zeros((2, 3), dtype=T.float16, device="cuda")
            """,
        ),
        Invalid(
            """
            import torch

            def labels(values, args):
                return torch.tensor(values).to(device=args.device)
            """,
            """
            import torch

            def labels(values, args):
                return torch.tensor(values, device=args.device)
            """,
        ),
        # Created, then moved at once under the same name: one creation on the device.
        Invalid(
            """
            import torch

            def positions(n, device):
                pos = torch.arange(n).unsqueeze(0)
                pos = pos.to(device)
                return pos
            """,
            """
            import torch

            def positions(n, device):
                pos = torch.arange(n, device=device).unsqueeze(0)
                return pos
            """,
        ),
        # Random numbers come from the device's generator: an unsafe fix.
        Invalid(
            """
            import torch
            noise = torch.randn(8, 3).to(device)
            """,
            """
            import torch
            noise = torch.randn(8, 3, device=device)
            """,
        ),
        # requires_grad before the move: the moved tensor is not a leaf. 0.1 rounds differently in
        # float32 then float64 than in float64 directly. Both reported only.
        Invalid(
            """
            import torch
            w = torch.randn(3, 3, requires_grad=True).to(device)
            scale = torch.full((4,), 0.1).to(device, torch.float64)
            """,
            message="`.grad` stays empty",
        ),
        # Inside a module too: the module's own device, as the code says.
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x + torch.zeros(3).to(x.device)
            """,
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def forward(self, x):
                    return x + torch.zeros(3, device=x.device)
            """,
        ),
        # The pre-0.4 wrapper stays (DEV009 removes it); the tensor is made on the GPU inside it.
        Invalid(
            """
            import torch
            from torch.autograd import Variable
            real = Variable(torch.ones(64)).cuda()
            fake = Variable(torch.zeros(64).cuda(1))
            """,
            """
            import torch
            from torch.autograd import Variable
            real = Variable(torch.ones(64, device="cuda"))
            fake = Variable(torch.zeros(64, device="cuda:1"))
            """,
            message="created on the host, then copied to the device; create it there with `device=`",
        ),
        # Moved under a flag right after: the flag picks the device when the tensor is made.
        Invalid(
            """
            import torch

            def init_hidden(layers, size, use_cuda):
                hidden = torch.zeros(layers, 1, size)
                if use_cuda:
                    hidden = hidden.cuda()
                return hidden
            """,
            """
            import torch

            def init_hidden(layers, size, use_cuda):
                hidden = torch.zeros(layers, 1, size, device="cuda" if use_cuda else "cpu")
                return hidden
            """,
            message="copied to the device; create it there",
            line=4,
        ),
        # Two tensors moved under one flag, beside a model: each is made in place, the model's move stays.
        Invalid(
            """
            import torch
            tokens = torch.LongTensor([[1, 2]])
            context = torch.zeros(1, 8)
            state = encoder_state
            if USE_CUDA:
                decoder.cuda()
                tokens = tokens.cuda()
                context = context.cuda()
            """,
            """
            import torch
            tokens = torch.tensor([[1, 2]], dtype=torch.int64, device="cuda" if USE_CUDA else "cpu")
            context = torch.zeros(1, 8, device="cuda" if USE_CUDA else "cpu")
            state = encoder_state
            if USE_CUDA:
                decoder.cuda()
            """,
        ),
        # A device that may be None: `.cuda(None)` is the current GPU, `device=None` the CPU.
        Invalid(
            """
            import torch

            def sample(n, dim, gpu):
                z = torch.randn(n, dim)
                z = z.cuda(gpu)
                return z
            """,
            message="may be None",
        ),
        # Python data written here, repeated: a list whatever `batch` is; spelled the modern way.
        Invalid(
            """
            import torch
            start = torch.LongTensor([SOS] * batch).cuda()
            """,
            """
            import torch
            start = torch.tensor([SOS] * batch, dtype=torch.int64, device="cuda")
            """,
        ),
        # Python data written here, but joined to a name that may be a tensor or a tuple: the modern
        # spelling is left to the author.
        Invalid(
            """
            import torch
            start = torch.LongTensor([SOS] + rest).cuda()
            """,
            message="spell it `torch.tensor(...)` or `torch.empty(...)` first",
        ),
        # Computed on the host from a fresh tensor: the device may round the function differently.
        Invalid(
            """
            import torch
            scale = torch.sqrt(torch.tensor([64.0])).to(device)
            """,
            message="computed on the host by `torch.sqrt`",
        ),
        # Handed to a function of the file that moves it.
        Invalid(
            """
            import torch

            def to_gpu(t):
                return t.cuda() if torch.cuda.is_available() else t

            scores = to_gpu(torch.zeros(10))
            """,
            message="copied to the device by `to_gpu(...)`",
        ),
        # Made on the host by a method of the module, then moved by its caller: the method should take
        # the device (its other callers are not changed).
        Invalid(
            """
            import torch
            from torch import nn

            class Decoder(nn.Module):
                def causal_mask(self, n):
                    return torch.log(torch.tril(torch.ones(n, n)))

                def forward(self, x):
                    return x + self.causal_mask(x.size(0)).to(x.device)
            """,
            message="created on the host by `self.causal_mask(...)`",
        ),
        # Moved together with a batch from the loader: the move is not only this tensor's.
        Invalid(
            """
            import torch
            for x, y in loader:
                z = torch.rand(len(x), 16)
                if gpu:
                    x, z = x.cuda(), z.cuda()
            """,
            message="does more than that",
        ),
        # NumPy's random numbers made to be copied: torch would draw others on the device.
        Invalid(
            """
            import numpy as np
            import torch
            codes = torch.from_numpy(np.random.uniform(-1, 1, size=(8, 2))).float().cuda()
            """,
            message="NumPy draws these numbers",
        ),
    ]

    def check(self) -> None:
        calls = self.tree.of_type(self.context.module, cst.Call)
        if any(self.aliases.qualify(c.func) in _DEFAULT_DEVICE_SETTERS for c in calls):
            return  # factories make device tensors here already
        functions = LocalFunctions(self.tree)
        for call in self.sites(cst.Call):
            target = move_target(call, self.aliases)
            if target is not None:
                self._moved_at_once(target, functions)
            elif (helper := functions.callee(call)) and moves_first_parameter(self.tree, helper):
                creation = host_creation(call.args[0].value, self.aliases) if call.args else None
                if creation is not None:  # `to_gpu(torch.zeros(n))`
                    self._conclude(creation.value, f"{dotted_name(call.func)}(...)", creation, None, _HELPER)
        for line in self.sites(cst.SimpleStatementLine):
            for small in line.body:
                for spelled, value in creation_pairs(small):
                    creation = host_creation(value, self.aliases)
                    later = creation and later_move(self.tree, line, spelled, self.aliases, functions)
                    if later:
                        self._moved_later(creation, later)  # type: ignore[arg-type]

    def _moved_at_once(self, target: MoveTarget, functions: LocalFunctions) -> None:
        """``torch.zeros(n).to(device)``, ``Variable(torch.ones(n)).cuda()``."""
        receiver = target.call.func.value  # type: ignore[attr-defined]
        creation = host_creation(receiver, self.aliases)
        if creation is None and isinstance(receiver, cst.Call):
            helper = functions.callee(receiver)
            if helper is not None and returns_host_tensors(self.tree, helper, self.aliases):
                self.report(target.call, f"created on the host by `{dotted_name(receiver.func)}(...)`, then copied to"
                            " the device; give the function the device and create it there with `device=` (not"
                            " rewritten: the function is not changed for one of its callers)")
                return
        if creation is None:
            computed = computed_from_a_creation(receiver, self.aliases)  # `torch.sqrt(torch.tensor([d]))`
            if computed is not None:
                self.report(target.call, f"computed on the host by `{computed}` from a tensor made there, then copied"
                            " to the device; make the tensor with `device=` and compute there (not rewritten:"
                            " the device may round it differently)")
            return
        made, reason = made_there(creation, target.device, self.aliases)
        if made is not None and target.dtype is not None:
            made, reason = with_dtype(creation, made, target.dtype)
        self._conclude(target.call, None, creation, made and {target.call: made}, reason)

    def _moved_later(self, creation: Creation, later: LaterMove) -> None:
        """``x = torch.zeros(n)`` ... ``x = x.cuda()`` / ``if use_cuda: x = x.cuda()``."""
        device = later.target.device if later.target is not None else None
        if later.guard is not None and device is not None:
            device = cst.IfExp(test=later.guard.test, body=device, orelse=_CPU)
        made, reason = made_there(creation, device, self.aliases)
        reason = later.obstacle or reason
        drop = drop_move(self.tree, later, device, self.aliases) if made is not None and reason is None else None
        if drop is None and reason is None:
            reason = "a comment would go with the move, or the code in between changes what the move reads"
        self._conclude(creation.value, later.by, creation, drop and {creation.value: made, **drop}, reason)

    def _conclude(
        self, node: cst.CSTNode, by: str | None, creation: Creation,
        edits: dict[cst.CSTNode, Replacement] | None, reason: str | None,
    ) -> None:
        # The move is not named: another rule may respell it (`.cuda()` -> `.to(device)`) before this fix.
        message = "created on the host, then copied to the device" + (f" by `{by}`" if by else "")
        if creation.requires_grad:
            self.report(node, message + "; `requires_grad=True` before the move makes the result a non-leaf whose"
                        " `.grad` stays empty: create it with `device=` and `requires_grad=True` instead")
        elif reason is not None or not edits:
            self.report(node, message + _FIX + f" (not rewritten: {reason})")
        elif creation.is_random:
            self.report(node, message + _FIX + " (unsafe: the device's random generator draws different numbers)",
                        edits=edits, safety=FixSafety.UNSAFE)
        else:
            self.report(node, message + _FIX, edits=edits)


"""## What it does
Finds code that assumes a GPU (the sites of `codemods.cuda_sites`): `.cuda()`, `.to("cuda")`,
`device="cuda"`, `map_location="cuda:0"`, `torch.cuda.FloatTensor(...)` and its aliases,
`torch.cuda.set_device(i)`, a device chosen as `torch.device("cuda")` (in the module, on an object,
as a parameter default), and switches stuck on (`USE_CUDA = True`, `use_gpu=True`, `{"use_cuda":
True}`, an argparse `--cuda` with `default=True`, `args.cuda = not args.no_cuda`).

Moves take one portable device: the module's own (`device`, `DEVICE`), else `device = ...` added
after the imports, never where a local name would shadow it. A chosen device becomes CUDA only when
available, a switch asks `torch.cuda.is_available()`, a legacy type falls back to the CPU type,
`set_device` runs only with a GPU, and `.cuda(d)` of a device `d` becomes `.to(d)`.

Reported, not fixed: explicit GPU indices (`.cuda(1)`, `"cuda:1"`: a placement decision, see DEV006),
and any fix that would need `torch` where the module does not import it at its top level. Left alone:
code guarded by `torch.cuda.is_available()` or a CUDA/GPU switch, and `"cuda"` that is not a device
(`backend = "cuda"`).

## Device style
`[tool.autofix] device = "classic"` (the default) writes `torch.device("cuda" if
torch.cuda.is_available() else "cpu")`: every PyTorch version runs it. `device = "accelerator"` writes
`torch.accelerator.current_accelerator() if torch.accelerator.is_available() else
torch.device("cpu")` (CUDA, MPS, XPU alike), which needs PyTorch 2.6 or later.

## Why is this bad?
On a machine without a GPU (a laptop, CI, a CPU inference server) `.cuda()` raises
`AssertionError: Torch not compiled with CUDA enabled` or `RuntimeError: No CUDA GPUs are
available`. One device chosen once runs everywhere, and on a GPU machine it is the same device.

## Example
```python
model = Net().cuda()
x = torch.zeros(8, device="cuda")
```

Use instead:
```python
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net().to(device)
x = torch.zeros(8, device=device)
```

## Fix safety
Unsafe: on a machine without a GPU the program now runs on the CPU instead of stopping, which is
the point, but changes where (and how fast) it runs. Applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

import libcst as cst

from codemods.base import FixSafety, Invalid, Replacement, Rule, Valid
from codemods.cuda_sites import Site, cuda_sites
from codemods.device_sites import ModuleDevice
from codemods.portable_device import PortableDevice

_HEADER = "import torch\n"


class HardcodedCuda(Rule):
    code = "DEV007"
    name = "hardcoded-cuda"
    summary = "hard-coded CUDA device crashes without a GPU; use one portable device"
    fix_safety = FixSafety.UNSAFE
    triggers = ("cuda", "CUDA", "gpu", "GPU")

    VALID = [
        Valid(_HEADER + 'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
                        "model = Net().to(device)\nx = torch.zeros(3, device=\"cpu\")\n"),
        # Guarded by the availability check, or by a switch the user sets.
        Valid(_HEADER + "if torch.cuda.is_available():\n    model = model.cuda()\nx = x.cuda() if args.cuda else x\n"),
        Valid(_HEADER + "print(torch.cuda.device_count())\ntorch.cuda.manual_seed(0)\n"),
        # "cuda" where it is not a device; a legacy type only compared against.
        Valid(_HEADER + 'backend = "cuda"\ntimings = {"cuda": []}\ndef label(kind="cuda"):\n'
                        "    return isinstance(kind, torch.cuda.FloatTensor)\n"),
        # Switches that ask, and a type chosen by availability.
        Valid(_HEADER + "dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor\n"
                        "use_cuda = not args.no_cuda and torch.cuda.is_available()\n"
                        'config = {"use_cuda": torch.cuda.is_available()}\n'),
        # `torch` imported only under TYPE_CHECKING: nothing runs here to fix.
        Valid("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import torch\n"
              'def describe(device: "torch.device") -> str:\n    return str(device)\n'),
        # A `cuda()` method forwards its caller's request.
        Valid(_HEADER + "class Loss:\n    def cuda(self):\n        self.criterion.cuda()\n"),
        # A GPU index the caller chooses, in a file whose CPU path never reaches it.
        Valid(_HEADER + "def place(module, device_id):\n    return module.cuda(device_id)\n"
                        "def build(model):\n    return place(model, 0) if torch.cuda.is_available() else model\n"),
        # What follows an early exit without a GPU runs only with one.
        Valid(_HEADER + "def predict(model, x):\n    if not torch.cuda.is_available():\n        return model(x)\n"
                        "    return model.cuda()(x.cuda())\n"),
    ]
    INVALID = [
        Invalid(
            _HEADER + "\nmodel = Net().cuda()  # to the GPU\n",
            _HEADER + '\ndevice = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n\n'
                      "model = Net().to(device)  # to the GPU\n",
            message="`.cuda()` fails without a GPU", line=3,
        ),
        Invalid(
            "import torch as T\n\ndef make(n):\n"
            "    return T.zeros(n, device=\"cuda\"), T.ones(n).to('cuda', non_blocking=True).cuda(non_blocking=True)\n",
            "import torch as T\n\ndevice = T.device(\"cuda\" if T.cuda.is_available() else \"cpu\")\n\ndef make(n):\n"
            "    return T.zeros(n, device=device), T.ones(n).to(device, non_blocking=True).to(device, non_blocking=True)\n",
            message='`device="cuda"` fails without a GPU',
        ),
        # The module's device is made portable (keeping the GPU it names) and reused.
        Invalid(
            _HEADER + 'device = torch.device("cuda:0")\nx = torch.randn(3).cuda()\n',
            _HEADER + 'device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")\nx = torch.randn(3).to(device)\n',
            message="choose CUDA only when it is available",
        ),
        Invalid(
            _HEADER + 'DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
                      "def f():\n    return torch.zeros(3).cuda()\n",
            _HEADER + 'DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
                      "def f():\n    return torch.zeros(3).to(DEVICE)\n",
        ),
        # Switches stuck on ask the machine; what they guard is then left alone.
        Invalid(
            _HEADER + 'USE_CUDA = True\nopt.cuda = not opt.no_cuda\nconfig = {"use_cuda": True}\n'
                      "w = torch.randn(3, requires_grad=True)\nif USE_CUDA:\n    w = w.cuda()\n",
            _HEADER + "USE_CUDA = torch.cuda.is_available()\nopt.cuda = not opt.no_cuda and torch.cuda.is_available()\n"
                      'config = {"use_cuda": torch.cuda.is_available()}\n'
                      "w = torch.randn(3, requires_grad=True)\nif USE_CUDA:\n    w = w.cuda()\n",
            message="`opt.cuda = not opt.no_cuda` assumes a GPU",
        ),
        Invalid(
            "import argparse\n" + _HEADER + 'parser = argparse.ArgumentParser()\n'
            'parser.add_argument("--cuda", action="store_true", default=True)\n',
            "import argparse\n" + _HEADER + 'parser = argparse.ArgumentParser()\n'
            'parser.add_argument("--cuda", action="store_true", default=torch.cuda.is_available())\n',
            message='`"--cuda"` defaulting to True',
        ),
        # A trainer's own device, and a switch parameter that defaults to on.
        Invalid(
            _HEADER + 'class Trainer:\n    def __init__(self, use_cuda=True):\n        self.device = torch.device("cuda")\n',
            _HEADER + "class Trainer:\n    def __init__(self, use_cuda=torch.cuda.is_available()):\n"
                      '        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n',
            message="`use_cuda=True` assumes a GPU",
        ),
        # A device default is made portable; `map_location` only reported: the local `device` shadows.
        Invalid(
            _HEADER + 'def load(path, device="cuda"):\n    return torch.load(path, map_location="cuda:0")\n',
            _HEADER + 'def load(path, device="cuda" if torch.cuda.is_available() else "cpu"):\n'
                      '    return torch.load(path, map_location="cuda:0")\n',
            message='`device="cuda"` defaults to a GPU',
        ),
        Invalid(
            _HEADER + "def restore(path):\n    return torch.load(path, map_location=lambda storage, loc: storage.cuda())\n",
            _HEADER + '\ndevice = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
                      "def restore(path):\n    return torch.load(path, map_location=device)\n",
            message="`map_location=lambda storage, loc: storage.cuda()` fails without a GPU",
        ),
        Invalid(
            _HEADER + 'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
                      "buf = torch.cuda.FloatTensor(4, 4)\nids = torch.cuda.LongTensor([1, 2])\n",
            _HEADER + 'device = torch.device("cuda" if torch.cuda.is_available() else "cpu")\n'
                      "buf = torch.empty(4, 4, dtype=torch.float32, device=device)\n"
                      "ids = torch.tensor([1, 2], dtype=torch.int64, device=device)\n",
            message="`torch.cuda.FloatTensor` fails without a GPU",
        ),
        # Legacy types named, not called: the CPU type when there is no GPU.
        Invalid(
            _HEADER + "dtype = torch.cuda.FloatTensor\nx = torch.randn(3).type(torch.cuda.LongTensor)\n",
            _HEADER + "dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor\n"
                      "x = torch.randn(3).type(torch.cuda.LongTensor if torch.cuda.is_available() else torch.LongTensor)\n",
            message="fall back to the CPU type",
        ),
        Invalid(
            _HEADER + "# pick the GPU\ntorch.cuda.set_device(args.gpu)  # from the command line\n",
            _HEADER + "# pick the GPU\nif torch.cuda.is_available():\n    torch.cuda.set_device(args.gpu)  # from the command line\n",
            message="call it only when there is one",
        ),
        # `.cuda(d)` of a device `d` fails when `d` is the CPU: `.to(d)` goes wherever it is.
        Invalid(
            _HEADER + "def prior(self, x, current_device):\n    here = x.device\n"
                      "    return self.means.cuda(here), torch.randn(3).cuda(current_device)\n",
            _HEADER + "def prior(self, x, current_device):\n    here = x.device\n"
                      "    return self.means.to(here), torch.randn(3).to(current_device)\n",
            message="`.cuda(here)` fails when `here` is the CPU",
        ),
        # Explicit GPU indices are a placement decision: reported only.
        Invalid(
            _HEADER + 'x = torch.zeros(3).cuda(1)\ny = torch.ones(3, device="cuda:1")\n'
                      "parts = [part.cuda(i) for i, part in enumerate(parts)]\n",
            message="`.cuda(1)` pins an explicit GPU",
        ),
        # Report only: a local `device` would shadow the module's; `torch` imported only inside a
        # function; a star import that may not bring `torch` (the file never reads it).
        Invalid(_HEADER + "\ndef step(batch, device):\n    return batch.cuda()\n", message="use a portable `device`"),
        Invalid("def main():\n    import torch\n    model = Net().cuda()\n", message="`.cuda()` fails without a GPU"),
        Invalid("from model import *\nnet = Net().cuda()\n", message="`.cuda()` fails without a GPU"),
        # `torch` imported under `try:`: a definition after the opening imports would run before it.
        Invalid("import os\ntry:\n    import torch\nexcept ImportError:\n    torch = None\nnet = Net().cuda()\n",
                message="use a portable `device`", line=6),
        # `torch` read but never imported by name: it comes from the star import.
        Invalid(
            "from utils import *\nnoise = torch.randn(3).cuda()\n",
            "from utils import *\n\ndevice = torch.device(\"cuda\" if torch.cuda.is_available() else \"cpu\")\n"
            "noise = torch.randn(3).to(device)\n",
        ),
    ]

    def check(self) -> None:
        portable = PortableDevice.of(self.context)
        device = ModuleDevice(self.tree, self.aliases, portable)
        for site in cuda_sites(self.tree, self.aliases):
            edits = self._fix(site, portable, device)
            self.report(site.node, f"{site.message}; {site.advice}" if edits and site.advice else site.message,
                        edits=edits)

    @staticmethod
    def _fix(site: Site, portable: PortableDevice, device: ModuleDevice) -> dict[cst.CSTNode, Replacement] | None:
        """The site's fix, with the device definition it needs; None where it cannot be written: no
        module-level ``torch`` to spell it with, or no device the site may read."""
        if site.fix is None or portable.torch is None:
            return None
        extra = device.edits_at(site.node) if site.uses_device else {}
        if extra is None:
            return None
        return {site.target or site.node: site.fix(portable, cst.Name(device.name)), **extra}

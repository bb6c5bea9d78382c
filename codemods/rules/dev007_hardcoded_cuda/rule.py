"""## What it does
Finds code that assumes a GPU (the sites of `codemods.rules.dev007_hardcoded_cuda._cuda_sites`): `.cuda()`,
`.to("cuda")`,
`device="cuda"`, `map_location="cuda:0"`, `torch.cuda.FloatTensor(...)` and its aliases,
`torch.cuda.set_device(i)` and `torch.cuda.synchronize()`, `torch.set_default_tensor_type(torch.cuda.
FloatTensor)`, a device chosen as `torch.device("cuda")` (in the module, on an object, in an annotated
setting such as a dataclass field `device: str = "cuda"`, as a parameter default) or as a GPU whose
index the program computes (`torch.device(f"cuda:{args.gpu}")`, `"cuda:{}".format(i)`,
`torch.device("cuda", local_rank)`: it falls back to the CPU), and switches stuck on (`USE_CUDA =
True`, `use_gpu=True`, `{"use_cuda": True}`, an argparse `--cuda` with `default=True` or
`action="store_false"`, `args.cuda = not args.no_cuda`, `"cuda" if not opt.no_cuda else "cpu"`, `"cpu"
if opt.no_cuda else "cuda"`, `torch.cuda.is_available` tested without a call, which is always true:
the fix calls it); an argparse `--device` option defaulting to `"cuda"` (or any option defaulting to
an indexed GPU) in a file that never asks `torch.cuda.is_available()` (its default asks); not a
switch handed to a call that also names the GPUs it places on (`Net(use_cuda=True,
device_ids=[0, 1])`: a placement, which asking the machine would not make run without them). Code
under `if not args.no_cuda:` runs on the GPU unless the user opts out: it is not guarded, as under `if not
args.use_cpu:`, nor is code under `if args.cuda:` where `--cuda` is an option on by default
(`store_false`, `default=True`) that the file never stores to: the plain command line runs it
(reported there, not fixed: the option's own fix cures it).
Nor is the branch that a switch read plainly sends to the CPU (the `else` of `if args.cuda:` or of
`if args.gpu is not None:`, the body of `if device == "cpu":`); a test whose sense is not plain
(`if torch.cuda.device_count() > 1:`) guards both branches.

Moves take one portable device: the module's own (`device`, `DEVICE`), else `device = ...` added
after the imports, never where a local name would shadow it (a device the function itself chose
above the move is used instead). GPU 0 named (`.to("cuda:0")`, `.cuda(0)`, a `map_location`
lambda's `storage.cuda(0)`) in a file that names no
other GPU and never sets the current one is the portable device's GPU, and is fixed the same way.
A file that picks its GPUs when it runs (`os.environ["CUDA_VISIBLE_DEVICES"] = ...`, or a helper
of its own named for it, `select_device(opt.device)`) gets no import-time device: asking
`torch.cuda.is_available()` initialises CUDA, after which that choice is ignored; each move asks
where it runs instead. A tensor
that a top-level helper makes goes where the tensor it is handed is (`.to(logits.device)`), in a
file without a device of its own: a library function must not send its result to a device the
module invents. A chosen device becomes CUDA only when
available, a switch asks `torch.cuda.is_available()`, a legacy type falls back to the CPU type,
`set_device` and `synchronize` run only with a GPU, and `.cuda(d)` of a device `d` becomes `.to(d)`.

The one GPU an `int` command-line option chooses (`--gpu`, `type=int, default=0`; `.cuda(args.gpu)`, also
through a name bound once to it, `GPU = args.gpu`) is kept where there is a GPU: `.to(f"cuda:{GPU}" if
torch.cuda.is_available() else "cpu")`; not in a file that sets up a distributed or multi-GPU run,
where the index is that process's placement. Where the options are read once at the top level
(`args = parser.parse_args()`), never changed after, and the file names nothing else `device` nor has
another move to the module's device, the choice is made once, `device = torch.device(f"cuda:{args.gpu}"
if torch.cuda.is_available() else "cpu")` right below that line, and every move reads `.to(device)`.
So is that GPU spelled as a text of exactly `cuda:` and the option (`.to("cuda:{}".format(args.gpu))`,
`"cuda:%d" % args.gpu`, `device=f"cuda:{args.gpu}"` of a factory).

A GPU named by a literal text (`.to("cuda:1")`, `device="cuda:1"`), the one GPU the file names by
hand (not a model split across two), keeps that GPU where there is one and takes the CPU where
there is none (`"cuda:1" if torch.cuda.is_available() else "cpu"`, unsafe); a tensor a `torch`
function makes right there (`torch.zeros(3).to("cuda:1")`) is created there by DEV010 first.

A tensor moved to an explicit GPU right where it is fed to a layer of the file's own modules
(`model.pages[0](ids.cuda(model.page_devices[0]))`) goes where that layer is,
`.to(next(model.pages[0].parameters()).device)`: the same GPU, or the CPU without one.

A file that never mentions torch is read too where it names a GPU in code (a config module's
`--device` option defaulting to `"cuda"`, `USE_CUDA = True`, a loader wrapper's `batch.cuda()`): the
script that imports it runs on the GPU it chooses. Reported there, not fixed (asking the machine needs
a `torch` the module does not import); not in a file of another GPU framework (`from numba import
cuda`).

Reported, not fixed: other explicit GPU indices (`.cuda(1)`, `.to(f"cuda:{i}")` in a file
without a CPU path: a placement decision, see DEV006; a checkpoint's `map_location` onto one keeps it
where there is a GPU and loads onto the CPU otherwise), moves beside a module-level `device = 0` (a GPU
index, not a device to reuse),
and any fix that would need `torch` where the module does not import it at its top level (imported
in a function, under `if TYPE_CHECKING:` or `try:`). Left alone: code guarded by
`torch.cuda.is_available()` or a CUDA/GPU switch (or after an early exit without a GPU, or after
`assert torch.cuda.is_available()`; `set_device`/`synchronize` in a block that joins an NCCL process
group, which runs only on GPUs; not the `else` of `if torch.cuda.is_available():`, which runs
exactly where there is no GPU; `if device != torch.device("cpu"):`; `torch.cuda.is_available() and
model.cuda()`), a GPU default that the code corrects by asking the machine before
using it (`device = "cuda"` then `if not torch.cuda.is_available(): device = "cpu"`, `use_cuda =
use_cuda and torch.cuda.is_available()` after a `use_cuda=True` parameter, an option on by default
and `args.use_cuda = args.use_cuda and torch.cuda.is_available()`, a switch every read of which asks
the machine beside it, a `device="cuda"` parameter the function only compares until `if not
torch.cuda.is_available(): return ...`), code that runs only with a GPU (under a test against the CPU, `if
device.type != "cpu":`, or of a name bound to `torch.cuda.is_available()`; in a loop over
`range(torch.cuda.device_count())`; in a test its decorator skips without a GPU; a placement in a
`try` whose handler catches the error and lets the program go on), a top-level function the file
calls only where such a guard holds (or a method its class calls, as `self.name(...)`, only there):
under one, after an exit without a GPU (`main` leaves, then calls `train`), or in a function itself
called only there, however deep; a
switch stuck on (`use_gpu = True`) read only as `if use_gpu:` around GPU code that asks
`torch.cuda.is_available()` itself, a `cuda()` method forwarding the call, and `"cuda"` that is not a
device (`backend = "cuda"`).

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
Safe for a placement that raised without a GPU and goes where it went with one
(`codemods/rules/dev007_hardcoded_cuda/_raising_sites.py`): `.cuda()`, `.to("cuda")`,
`map_location`, `device="cuda"` of a `torch` call, on a provable tensor or module, outside `try`,
with a device that is the GPU wherever there is one (added by the fix, or the file's own written
that way). Such a fix only changes runs that stopped. Provable: a `torch` call's result, an instance
of the file's own `nn.Module` (`Net().cuda()`; not where a class of the file defines its own `cuda`
or `to`), a model name, and a batch of a `DataLoader` (no `collate_fn`) built in the function or
handed to it by every call in the file (`train(train_loader, ...)`). Unsafe for the rest (a device
chosen by a flag, the file's device where it may bind the name again (another assignment, `global`;
a file that reaches names through `globals()`, `exec` or the module object has every fix unsafe), a switch
stuck on, `set_device`, another object's `.cuda()`, a helper's tensor sent to its argument's device,
which moves it off the current GPU where the argument lives elsewhere): on a machine without a GPU
the program now runs on the CPU instead of stopping, which is the point, but changes where (and how
fast) it runs. Applied only with `--unsafe-fixes`.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from codemods.analysis.device_sites import ModuleDevice
from codemods.core.base import FixSafety, Replacement, Rule
from codemods.core.syntax import code_of
from codemods.fixes.portable_device import PortableDevice
from codemods.rules.dev007_hardcoded_cuda._cuda_sites import (
    ANNOTATED,
    SITE_KINDS,
    OptionDevice,
    Site,
    cuda_sites,
    option_definition,
)
from codemods.rules.dev007_hardcoded_cuda._raising_sites import RaisingSites
from codemods.rules.dev007_hardcoded_cuda._uncalled_questions import uncalled_questions


class HardcodedCuda(Rule):
    code = "DEV007"
    name = "hardcoded-cuda"
    summary = "hard-coded CUDA device crashes without a GPU; use one portable device"
    fix_safety = FixSafety.SAFE
    triggers = ("cuda", "CUDA", "gpu", "GPU")
    # A config module that never mentions torch still chooses its GPU (`default="cuda"`).
    reads_torch_free = True
    # `torch.tensor(x).cuda()` becomes `.to(device)`, which DEV010 folds into the creation
    feeds = ("DEV010",)

    def check(self) -> None:
        portable = PortableDevice.of(self.context)
        device = ModuleDevice(self.tree, self.aliases, portable)
        raising = RaisingSites(self.tree, self.aliases)
        nodes = [*self.sites(SITE_KINDS), *self.sites(ANNOTATED)]
        switched = self.context.project.switches_gpu is not None
        sites = list(cuda_sites(self.tree, self.aliases, nodes, self.context.source, switched))
        # An option's GPU gets its own `device` only where no other fix reads the module's device
        others_read_device = any(site.uses_device for site in sites)
        shared: dict[int, dict[cst.CSTNode, Replacement] | None] = {}  # target -> its one fix
        for site in sites:
            local = device.local_device(site.node) if site.uses_device else None
            named = site.option is not None and not others_read_device and portable.torch is not None
            if named:
                site = replace(
                    site, advice="`.to(device)`: one `device`, the GPU the option chooses or the CPU"
                )
            if site.shared:
                # The option's fix and the `.cuda()` it cures offer the same edits: applied once.
                key = id(site.target or site.node)
                if key not in shared:
                    shared[key] = self._fix(site, portable, device, local)
                edits = shared[key]
            elif named:
                assert site.option is not None and portable.torch is not None
                edits = self._option_fix(site.option, portable.torch)
            else:
                edits = self._fix(site, portable, device, local)
            # Safe only where the run raised without a GPU and goes to the same GPU with one: not with
            # a device the code is handed (a parameter, `self.device`), which a caller may set to the CPU.
            safe = site.places and local is None and device.is_portable() and raising.safe(site.node)
            message = f"{site.message}; {site.advice}" if edits and site.advice else site.message
            if edits and not safe and site.uses_device and local is None and device.rebound():
                message += (
                    f" (unsafe: the file may bind `{device.name}` again, maybe to the CPU, before this"
                    " runs: another assignment or `global`)"
                )
            self.report(
                site.node,
                message,
                edits=edits,
                safety=FixSafety.SAFE if safe else FixSafety.UNSAFE,
            )
        for question in uncalled_questions(self.tree, self.aliases, self.context.source):
            # A switch stuck on, as `USE_CUDA = True`: calling it changes where a CPU-only run goes.
            self.report(
                question,
                f"`{code_of(question)}` is never called, so it is always true and picks the GPU"
                " on every machine; call it",
                edits={question: cst.Call(func=question)},
                safety=FixSafety.UNSAFE,
            )

    @staticmethod
    def _option_fix(option: OptionDevice, torch: str) -> dict[cst.CSTNode, Replacement]:
        """The move to the option's one ``device``, with its definition below the option where the
        file has none yet."""
        edits: dict[cst.CSTNode, Replacement] = {option.call: option.move(cst.Name("device"))}
        if not option.defined:
            definition = cst.parse_statement(option_definition(torch, option.spelled) + "\n")
            edits[option.anchor] = cst.FlattenSentinel([option.anchor, definition])
        return edits

    @staticmethod
    def _fix(
        site: Site, portable: PortableDevice, device: ModuleDevice, local: cst.BaseExpression | None
    ) -> dict[cst.CSTNode, Replacement] | None:
        """The site's fix, with the device definition it needs; None where it cannot be written: no
        module-level ``torch`` to spell it with, or no device the site may read. ``local``: the device
        the code around the site already has, used instead of the module's."""
        if site.fix is None or portable.torch is None:
            return None
        if local is not None:
            return {site.target or site.node: site.fix(portable, local)}
        extra = device.edits_at(site.node) if site.uses_device else {}
        spelled: cst.BaseExpression = cst.parse_expression(device.name)
        if extra is None:
            inline = device.inline()
            if inline is None:
                return None
            spelled, extra = inline, {}
        return {site.target or site.node: site.fix(portable, spelled), **extra}

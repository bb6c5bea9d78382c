"""DEV007's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A project's own helper module with a function named `cuda` (it moves what it is given when there
    # is a GPU): a function of an imported module, handed what it moves, is not the method.
    Valid(
        """
        import torch
        import utils as ut
        from . import helpers

        netG, netD = ut.cuda([Generator(), Discriminator()])
        real = ut.cuda(real_batch)
        noise = helpers.cuda(torch.randn(8, 100))
        """
    ),
    # A call that also names the GPUs it places on: turning its switch into a question of the machine
    # would not make it run without them (a placement, DEV006).
    Valid(
        """
        import torch
        embedding = PagedEmbedding(50000, 4, use_cuda=True, device_list=[(0, 1), 4])
        """
    ),
    # Off switches that also ask the machine, and a `--cuda` flag off unless given.
    Valid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--cuda", action="store_true")
        parser.add_argument("--gpu", action="store_false", default=False)
        parser.add_argument("--no-cuda", action="store_false", dest="use_workers")
        opt = parser.parse_args()
        opt.device = "cuda" if not opt.no_cuda and torch.cuda.is_available() else "cpu"
        name = "cpu" if not opt.no_cuda else "cuda"
        """
    ),
    Valid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = torch.zeros(3, device="cpu")
        print(torch.cuda.device_count())
        torch.cuda.manual_seed(0)
        """
    ),
    # Guarded by the availability check, or by a switch the user sets.
    Valid(
        """
        import torch
        if torch.cuda.is_available():
            model = model.cuda()
        x = x.cuda() if args.cuda else x
        """
    ),
    # "cuda" where it is not a device; a legacy type only compared against.
    Valid(
        """
        import torch
        backend = "cuda"
        timings = {"cuda": []}
        def label(kind="cuda"):
            return isinstance(kind, torch.cuda.FloatTensor)
        """
    ),
    # Switches that ask, and a type chosen by availability.
    Valid(
        """
        import torch
        dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
        use_cuda = not args.no_cuda and torch.cuda.is_available()
        config = {"use_cuda": torch.cuda.is_available()}
        """
    ),
    # `torch` imported only under TYPE_CHECKING: nothing runs here to fix.
    Valid(
        """
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            import torch
        def describe(device: "torch.device") -> str:
            return str(device)
        """
    ),
    # A `cuda()` method forwards its caller's request.
    Valid(
        """
        import torch
        class Loss:
            def cuda(self):
                self.criterion.cuda()
        """
    ),
    # A GPU index the caller chooses, in a file whose CPU path never reaches it.
    Valid(
        """
        import torch
        def place(module, device_id):
            return module.cuda(device_id)
        def build(model):
            if torch.cuda.is_available():
                model = place(model, 0)
            return model
        """
    ),
    # What follows an early exit without a GPU runs only with one.
    Valid(
        """
        import torch
        def predict(model, x):
            if not torch.cuda.is_available():
                return model(x)
            return model.cuda()(x.cuda())
        """
    ),
    # A GPU default that the function uses only after leaving without a GPU, having compared it with
    # the CPU before (probe p72): no machine without a GPU acts on it.
    Valid(
        """
        import torch
        def place(model, device="cuda", parallel=False):
            has_gpu = torch.cuda.is_available()
            if device == "cpu":
                return model.to("cpu")
            if not has_gpu:
                return model.to("cpu")
            if parallel:
                model = torch.nn.DataParallel(model)
            return model.to(device)
        """
    ),
    # After `assert torch.cuda.is_available()` the block runs only with a GPU.
    Valid(
        """
        import torch
        def init_distributed(rank):
            assert torch.cuda.is_available(), "Distributed mode requires CUDA."
            torch.cuda.set_device(rank % torch.cuda.device_count())
        """
    ),
    # A block that joins an NCCL process group runs only on GPUs (NCCL has no CPU path), before the
    # join as after it: a guard around `set_device` there would never be false.
    Valid(
        """
        import torch
        import torch.distributed as dist
        from torch.distributed import init_process_group

        def setup(rank, world_size):
            dist.init_process_group("nccl", rank=rank, world_size=world_size)
            torch.cuda.set_device(rank)

        def main(args):
            if args.distributed:
                torch.cuda.set_device(args.local_rank)
                init_process_group(backend="nccl", init_method="env://")
        """
    ),
    # A switch stuck on, read only around GPU code that asks the machine itself: already portable.
    Valid(
        """
        import torch
        def build(net):
            use_gpu = True
            if use_gpu:
                if torch.cuda.is_available():
                    net = net.cuda()
            return net
        """
    ),
    # A helper the file calls only when CUDA is available.
    Valid(
        """
        import torch
        def gpu_dataset(X):
            return torch.FloatTensor(X).cuda()
        def load(X):
            use_cuda = torch.cuda.is_available()
            if use_cuda:
                return gpu_dataset(X)
            return torch.FloatTensor(X)
        """
    ),
    # GPU defaults the code corrects by asking the machine before using them (probes p17, p32, p37-p40,
    # p45, p47 in tests/data/dev007_probes): a wish, not an assumption.
    Valid(
        """
        import torch
        device = "cuda"
        if not torch.cuda.is_available():
            device = "cpu"
        USE_CUDA = True
        CUDA_ENABLED = USE_CUDA and torch.cuda.is_available()
        def get_device(use_cuda=True):
            available = torch.cuda.is_available()
            use_cuda = use_cuda and available
            return torch.device("cuda" if use_cuda else "cpu")
        class Devices:
            def __init__(self, device="cuda"):
                self.device = torch.device(device) if torch.cuda.is_available() else torch.device("cpu")
        """
    ),
    Valid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--use-cuda", action="store_true", default=True)
        args = parser.parse_args()
        args.use_cuda = args.use_cuda and torch.cuda.is_available()
        GPU = True
        if GPU:
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        """
    ),
    Valid(
        """
        import torch
        USE_GPU = True
        class Config:
            def __init__(self):
                self.device = "cuda"
                if not torch.cuda.is_available():
                    self.device = "cpu"
            def move(self, model):
                return model.to(self.device)
        def to_device(x):
            if USE_GPU and torch.cuda.is_available():
                return x.cuda()
            return x
        """
    ),
    # Code that runs only with a GPU: a test against the CPU, a name bound to the machine's answer, a
    # loop over the GPUs, tests skipped without one, a placement whose failure is caught and let go
    # (probes p48-p52).
    Valid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        available = torch.cuda.is_available()
        def warm_up(model):
            if device.type != "cpu":
                torch.cuda.synchronize()
            if available:
                model = model.cuda()
            replicas = [model.cuda(i) for i in range(torch.cuda.device_count())]
            for i in range(torch.cuda.device_count()):
                torch.cuda.set_device(i)
        """
    ),
    Valid(
        """
        import unittest
        import pytest
        import torch
        class TestOps(unittest.TestCase):
            @unittest.skipIf(not torch.cuda.is_available(), "needs a GPU")
            def test_add(self):
                self.assertEqual(torch.ones(3).cuda().sum().item(), 3)
        @pytest.mark.skipif(not torch.cuda.is_available(), reason="no GPU")
        def test_mul():
            assert torch.ones(3, device="cuda").sum().item() == 3
        model = torch.nn.Linear(2, 2)
        try:
            model = model.cuda()
        except (AssertionError, RuntimeError):
            print("CUDA does not work")
        """
    ),
    # Each branch on the side its switch says: the GPU under `if use_gpu:`, `if device.type ==
    # "cuda":` or the `else` of `if args.gpu is None:`; a count compared guards both branches.
    Valid(
        """
        import torch
        def place(model, x, use_gpu, device, args):
            if use_gpu:
                model = model.cuda()
            if device.type == "cuda":
                x = x.cuda()
            if args.gpu is None:
                model = model.cpu()
            else:
                model = model.cuda(args.gpu)
            if torch.cuda.device_count() > 1:
                model = torch.nn.DataParallel(model).cuda()
            else:
                model = model.cuda()
            return model, x
        """
    ),
    # Helpers the file calls only under a CUDA test: a method its class calls as `self._to_gpu()`
    # under `if self.use_cuda:`, a function called under `if args.cuda:` (an option off by default).
    Valid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--cuda", action="store_true")
        args = parser.parse_args()
        def to_gpu(x):
            return x.cuda()
        class Agent:
            def __init__(self, net, use_cuda):
                self.net, self.use_cuda = net, use_cuda
                if self.use_cuda:
                    self._to_gpu()
            def _to_gpu(self):
                self.net.cuda()
        if args.cuda:
            batch = to_gpu(torch.ones(2))
        """
    ),
    # Helpers reached only where a GPU is, however deep: `train` called from `main` after `main` exits
    # without a GPU, `to_cuda` called only from `setup`, which runs only under `if args.cuda:`, a method
    # called only from a method called only under a CUDA test, a helper called in `x if use_cuda else y`.
    Valid(
        """
        import sys
        import torch
        def train(model, x):
            model.cuda()
            return model(x.cuda())
        def to_cuda(x):
            return x.cuda()
        def setup(model, x):
            return model.cuda(), to_cuda(x)
        class Agent:
            def __init__(self, net, use_cuda):
                self.net = net
                if use_cuda:
                    self.place()
            def place(self):
                self._to_gpu()
            def _to_gpu(self):
                self.net.cuda()
        def main(args, model, x):
            if args.cuda:
                model, x = setup(model, x)
            y = to_cuda(x) if torch.cuda.is_available() else x
            if not torch.cuda.is_available():
                print("needs a GPU")
                sys.exit(1)
            train(model, y)
        """
    ),
    # Guards spelt otherwise: a device compared with `torch.device("cpu")`, an availability test in an
    # `and`; an option on by default that the file corrects; a `cuda` switch of another object.
    Valid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--cuda", action="store_false")
        args = parser.parse_args()
        args.cuda = args.cuda and torch.cuda.is_available()
        def run(model, device, cfg):
            if device != torch.device("cpu"):
                model.cuda()
            torch.cuda.is_available() and model.cuda()
            if args.cuda:
                model.cuda()
            if cfg.cuda:
                model.cuda()
        """
    ),
    # The question handed on as a function, not read as a truth value; and a GPU index the program
    # computes, in a file with a CPU path (it asks the machine: the index is that path's choice).
    Valid(
        """
        import threading
        import torch

        watcher = threading.Thread(target=torch.cuda.is_available)
        ask = torch.cuda.is_available
        if torch.cuda.is_available():
            print("gpu")
        state = torch.load(path, map_location="cuda:{}".format(args.gpu))
        """
    ),
    # A computed GPU index under the switch that decides on CUDA.
    Valid(
        """
        import torch
        if args.cuda:
            model = model.to(f"cuda:{args.gpu}")
        """
    ),
    # A device option defaulting to the GPU in a file that asks the machine where it reads it; an
    # option that is not a device.
    Valid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--device", default="cuda")
        parser.add_argument("--backend", default="cuda")
        args = parser.parse_args()
        device = torch.device(args.device if torch.cuda.is_available() else "cpu")
        """
    ),
    # A torch-free file that names the GPU only in prose is not read at all.
    Valid(
        """
        # Trained on one GPU; see the "cuda" notes.
        BATCH_SIZE = 64
        """
    ),
]

INVALID = [
    # The one GPU an `int` option chooses (`--gpu`, default 0), also through a name bound once to it:
    # that GPU where there is one, else the CPU (unsafe: a device chosen by a flag), chosen once in a
    # `device` defined right below the line that reads the options, and every move goes there.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("-g", "--gpu", type=int, default=0)
        args = parser.parse_args()
        GPU = args.gpu
        encoder = Encoder().cuda(GPU)
        for x, y in loader:
            out = encoder(x.cuda(device=GPU, non_blocking=True))
            y = y.cuda(args.gpu)
        """,
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("-g", "--gpu", type=int, default=0)
        args = parser.parse_args()
        device = torch.device(f"cuda:{args.gpu}" if torch.cuda.is_available() else "cpu")
        GPU = args.gpu
        encoder = Encoder().to(device)
        for x, y in loader:
            out = encoder(x.to(device=device, non_blocking=True))
            y = y.to(device)
        """,
        message="`.cuda(GPU)` fails without a GPU",
        line=7,
    ),
    # The name `device` taken elsewhere in the file (a parameter), or another move that reads the
    # module's portable device: no `device` of the option's own, each move spells the choice.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=0)
        args = parser.parse_args()
        def evaluate(model, device):
            return model.to(device)
        model = Net().cuda(args.gpu)
        """,
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=0)
        args = parser.parse_args()
        def evaluate(model, device):
            return model.to(device)
        model = Net().to(f"cuda:{args.gpu}" if torch.cuda.is_available() else "cpu")
        """,
        message="`.cuda(args.gpu)` fails without a GPU",
        line=8,
    ),
    # The option's GPU spelled as a text (`"cuda:{}".format(args.gpu)`, `"cuda:%d" % args.gpu`,
    # `f"cuda:{args.gpu}"`, `"cuda:" + str(args.gpu)`) names the same GPU as `.cuda(args.gpu)`: the
    # moves and the `device=` of a factory go to the option's one `device`.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu_id", type=int, default=0)
        args = parser.parse_args()
        model = Net().to("cuda:{}".format(args.gpu_id))
        x = x.to("cuda:%d" % args.gpu_id)
        y = y.to("cuda:" + str(args.gpu_id))
        """,
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu_id", type=int, default=0)
        args = parser.parse_args()
        device = torch.device(f"cuda:{args.gpu_id}" if torch.cuda.is_available() else "cpu")
        model = Net().to(device)
        x = x.to(device)
        y = y.to(device)
        """,
        message='`.to("cuda:{}".format(args.gpu_id))` fails without a GPU',
        line=6,
    ),
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=0)
        args = parser.parse_args()
        noise = torch.randn(4, 8, device=f"cuda:{args.gpu}")
        """,
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=0)
        args = parser.parse_args()
        device = torch.device(f"cuda:{args.gpu}" if torch.cuda.is_available() else "cpu")
        noise = torch.randn(4, 8, device=device)
        """,
        message='`device=f"cuda:{args.gpu}"` fails without a GPU',
    ),
    # Not an option's GPU: a text that adds more than the index (`f"cuda:{gpu}0"`), or an index that
    # is not an `int` option: reported only.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", default="0")
        args = parser.parse_args()
        model = Net().to("cuda:{}".format(args.gpu))
        x = x.to(f"cuda:{args.gpu!r}")
        """,
        None,
        message="an explicit GPU index",
    ),
    # Not that: an option without an `int` default (`None` is no GPU index), and in a distributed
    # run each process's GPU is a placement (DEV006): reported only.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int)
        args = parser.parse_args()
        model = Net().cuda(args.gpu)
        """,
        None,
        message="`.cuda(args.gpu)` pins an explicit GPU",
        line=6,
    ),
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=0)
        args = parser.parse_args()
        model = Net().cuda(args.gpu)
        model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
        """,
        None,
        message="`.cuda(args.gpu)` pins an explicit GPU",
        line=6,
    ),
    # A config module that never mentions torch still chooses the GPU for the script that reads it:
    # reported; not fixed, since asking the machine needs a `torch` the module does not import.
    Invalid(
        """
        import argparse
        parser = argparse.ArgumentParser()
        parser.add_argument("--device", default="cuda", help="where to train")
        parser.add_argument("--cuda", action="store_false")
        opt = parser.parse_args()
        opt.use_cuda = True
        """,
        None,
        message='`"--device"` defaulting to "cuda" fails without a GPU',
        line=3,
    ),
    Invalid(
        """
        class Config:
            device = "cuda:0"
            use_gpu = True
            batch_size = 32
        """,
        None,
        message='`device = "cuda:0"` fails without a GPU',
        line=2,
    ),
    # A module-level `device = 0` is a GPU index, not a device: `.to(device)` would still need that
    # GPU, so the moves are reported without a fix.
    Invalid(
        """
        import torch
        device = 0
        model = Net().cuda()
        """,
        None,
        message="`.cuda()` fails without a GPU",
        line=3,
    ),
    # An option whose default is the GPU: the program runs there unless told otherwise (probe p92).
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--device", type=str, default="cuda", choices=["cpu", "cuda"])
        parser.add_argument("--gpu", default="cuda:1")
        """,
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--device", type=str, default="cuda" if torch.cuda.is_available() else "cpu", choices=["cpu", "cuda"])
        parser.add_argument("--gpu", default="cuda:1" if torch.cuda.is_available() else "cpu")
        """,
        message='`"--device"` defaulting to "cuda" fails without a GPU',
        line=4,
    ),
    # `torch.cuda.is_available` tested without being called: the function object is always true, so
    # the GPU is picked on every machine; the fix calls it (probe p90).
    Invalid(
        """
        import torch
        device = torch.device("cuda:0" if torch.cuda.is_available else "cpu")
        loader = DataLoader(data, pin_memory=torch.cuda.is_available)
        """,
        """
        import torch
        device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
        loader = DataLoader(data, pin_memory=torch.cuda.is_available())
        """,
        message="is never called, so it is always true",
        line=2,
    ),
    Invalid(
        """
        from torch.cuda import is_available
        use_cuda = is_available
        """,
        """
        from torch.cuda import is_available
        use_cuda = is_available()
        """,
    ),
    # A GPU whose index the program computes, in a file that never asks the machine: fails without a
    # GPU, as a literal index does. Which GPU is the program's choice: a move is reported only, a
    # checkpoint loads onto the CPU when there is no GPU (probe p91).
    Invalid(
        """
        import torch
        def init_model(self):
            self.gen.load_state_dict(torch.load(path, map_location="cuda:{}".format(cfg.device)))
            self.dis.load_state_dict(torch.load(path, map_location="cuda:%d" % cfg.device))
            self.clf.load_state_dict(torch.load(path, map_location=f"cuda:{cfg.device}"))
            self.head.load_state_dict(torch.load(path, map_location="cuda:1"))
        """,
        """
        import torch
        def init_model(self):
            self.gen.load_state_dict(torch.load(path, map_location="cuda:{}".format(cfg.device) if torch.cuda.is_available() else "cpu"))
            self.dis.load_state_dict(torch.load(path, map_location="cuda:%d" % cfg.device if torch.cuda.is_available() else "cpu"))
            self.clf.load_state_dict(torch.load(path, map_location=f"cuda:{cfg.device}" if torch.cuda.is_available() else "cpu"))
            self.head.load_state_dict(torch.load(path, map_location="cuda:1" if torch.cuda.is_available() else "cpu"))
        """,
        message="an explicit GPU index",
        line=3,
    ),
    Invalid(
        """
        import torch
        def place(x, gpu):
            return x.to(f"cuda:{gpu}")
        """,
        None,
        message="an explicit GPU index",
    ),
    # A test of the parameter itself guards nothing: the default passes it. Nor does a use before the
    # exit without a GPU.
    Invalid(
        """
        import torch
        def place(x, device="cuda"):
            if device != "cpu":
                x = x.to(device)
            return x
        def load(path, model, device="cuda"):
            model.load_state_dict(torch.load(path, map_location=device))
            if not torch.cuda.is_available():
                return model
            return model.to(device)
        """,
        """
        import torch
        def place(x, device="cuda" if torch.cuda.is_available() else "cpu"):
            if device != "cpu":
                x = x.to(device)
            return x
        def load(path, model, device="cuda" if torch.cuda.is_available() else "cpu"):
            model.load_state_dict(torch.load(path, map_location=device))
            if not torch.cuda.is_available():
                return model
            return model.to(device)
        """,
        message='`device="cuda"` defaults to a GPU',
    ),
    # A switch handed on at a call: the callee is told there is a GPU.
    Invalid(
        """
        import torch
        trainer = Trainer(model, use_cuda=True)
        """,
        """
        import torch
        trainer = Trainer(model, use_cuda=torch.cuda.is_available())
        """,
        message="`use_cuda=True` assumes a GPU",
    ),
    # A device chosen by an off switch alone: the GPU unless the user says otherwise.
    Invalid(
        """
        import torch

        opt.device = 'cuda' if not opt.no_cuda else 'cpu'
        device = torch.device("cuda:0" if not args.disable_gpu else "cpu")
        """,
        """
        import torch

        opt.device = 'cuda' if not opt.no_cuda and torch.cuda.is_available() else 'cpu'
        device = torch.device("cuda:0" if not args.disable_gpu and torch.cuda.is_available() else "cpu")
        """,
        message="assumes a GPU",
        line=3,
    ),
    # `store_false`: the option is on unless given, on every machine.
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument('--cuda', action='store_false', help='use CUDA')
        """,
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument('--cuda', action='store_false', help='use CUDA', default=torch.cuda.is_available())
        """,
        message="with `store_false` (on unless given) assumes a GPU",
        line=5,
    ),
    # Placements that raised without a GPU, of tensors and models the file provably makes (a batch
    # of its DataLoader, a model of its class), with the portable device the fix adds: safe, since
    # only runs that stopped change (`codemods/rules/dev007_hardcoded_cuda/_raising_sites.py`).
    Invalid(
        """
        import torch
        from torch.utils.data import DataLoader

        def train(dataset):
            model = torch.nn.Linear(4, 2)
            model.cuda()
            loader = DataLoader(dataset, batch_size=8)
            for x, y in loader:
                x = x.view(-1, 4).cuda()
                model(x)
        """,
        """
        import torch
        from torch.utils.data import DataLoader

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def train(dataset):
            model = torch.nn.Linear(4, 2)
            model.to(device)
            loader = DataLoader(dataset, batch_size=8)
            for x, y in loader:
                x = x.view(-1, 4).to(device)
                model(x)
        """,
    ),
    # Unsafe: another object's `cuda()` (its own method), a placement inside `try` (a handler may
    # count on the error: here it raises again; one that lets the program go on is a look-alike), and
    # a device a flag chooses (the CPU on a GPU machine).
    Invalid(
        """
        import torch

        def move(batch, x):
            batch.cuda()
            try:
                x = x.cuda()
            except RuntimeError:
                log("no GPU")
                raise
            return x
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def move(batch, x):
            batch.to(device)
            try:
                x = x.to(device)
            except RuntimeError:
                log("no GPU")
                raise
            return x
        """,
    ),
    Invalid(
        """
        import torch

        use_gpu = args.gpu
        device = torch.device("cuda" if use_gpu else "cpu")
        x = torch.zeros(3).cuda()
        """,
        """
        import torch

        use_gpu = args.gpu
        device = torch.device("cuda" if use_gpu else "cpu")
        x = torch.zeros(3).to(device)
        """,
    ),
    Invalid(
        """
        import torch

        model = Net().cuda()  # to the GPU
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        model = Net().to(device)  # to the GPU
        """,
        message="`.cuda()` fails without a GPU",
        line=3,
    ),
    Invalid(
        """
        import torch as T

        def make(n):
            return T.zeros(n, device="cuda"), T.ones(n).to('cuda', non_blocking=True).cuda(non_blocking=True)
        """,
        """
        import torch as T

        device = T.device("cuda" if T.cuda.is_available() else "cpu")

        def make(n):
            return T.zeros(n, device=device), T.ones(n).to(device, non_blocking=True).to(device, non_blocking=True)
        """,
        message='`device="cuda"` fails',
    ),
    # The module's device is made portable (keeping the GPU it names) and reused.
    Invalid(
        """
        import torch
        device = torch.device("cuda:0")
        x = torch.randn(3).cuda()
        """,
        """
        import torch
        device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
        x = torch.randn(3).to(device)
        """,
        message="choose CUDA only when it is available",
    ),
    Invalid(
        """
        import torch
        DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def f():
            return torch.zeros(3).cuda()
        """,
        """
        import torch
        DEVICE = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def f():
            return torch.zeros(3).to(DEVICE)
        """,
    ),
    # Switches stuck on ask the machine; what they guard is then left alone.
    Invalid(
        """
        import torch
        USE_CUDA = True
        opt.cuda = not opt.no_cuda
        config = {"use_cuda": True}
        parser.add_argument("--cuda", action="store_true", default=True)
        w = torch.randn(3, requires_grad=True)
        if USE_CUDA:
            w = w.cuda()
        """,
        """
        import torch
        USE_CUDA = torch.cuda.is_available()
        opt.cuda = not opt.no_cuda and torch.cuda.is_available()
        config = {"use_cuda": torch.cuda.is_available()}
        parser.add_argument("--cuda", action="store_true", default=torch.cuda.is_available())
        w = torch.randn(3, requires_grad=True)
        if USE_CUDA:
            w = w.cuda()
        """,
        message="`opt.cuda = not opt.no_cuda` assumes a GPU",
    ),
    # A trainer's own device, and a switch parameter that defaults to on.
    Invalid(
        """
        import torch
        class Trainer:
            def __init__(self, use_cuda=True):
                self.device = torch.device("cuda")
        """,
        """
        import torch
        class Trainer:
            def __init__(self, use_cuda=torch.cuda.is_available()):
                self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        """,
        message="`use_cuda=True` assumes a GPU",
    ),
    # A device default is made portable, and the function's own device is the one it then uses.
    Invalid(
        """
        import torch
        def load(path, device="cuda"):
            return torch.load(path, map_location="cuda:0")
        """,
        """
        import torch
        def load(path, device="cuda" if torch.cuda.is_available() else "cpu"):
            return torch.load(path, map_location=device)
        """,
        message='`device="cuda"` defaults to a GPU',
    ),
    Invalid(
        """
        import torch
        def restore(path):
            return torch.load(path, map_location=lambda storage, loc: storage.cuda())
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def restore(path):
            return torch.load(path, map_location=device)
        """,
        message="`map_location=lambda storage, loc: storage.cuda()` fails without a GPU",
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        buf = torch.cuda.FloatTensor(4, 4)
        ids = torch.cuda.LongTensor([1, 2])
        """,
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        buf = torch.empty(4, 4, dtype=torch.float32, device=device)
        ids = torch.tensor([1, 2], dtype=torch.int64, device=device)
        """,
        message="`torch.cuda.FloatTensor` fails without a GPU",
    ),
    # An array by its own expression, read as DEV009 reads it (`codemods.analysis.evident_data`).
    Invalid(
        """
        import numpy as np
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def order(lengths):
            return torch.cuda.LongTensor(np.argsort(-lengths))
        """,
        """
        import numpy as np
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def order(lengths):
            return torch.as_tensor(np.argsort(-lengths), dtype=torch.int64, device=device)
        """,
        message="`torch.cuda.LongTensor` fails without a GPU; use a portable `device`",
    ),
    # A legacy type alias: the CPU type when there is no GPU.
    Invalid(
        """
        import torch
        dtype = torch.cuda.FloatTensor
        """,
        """
        import torch
        dtype = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
        """,
        message="fall back to the CPU type",
    ),
    # `.type(torch.cuda.LongTensor)` is DEV009's to rewrite (to `.to("cuda", torch.int64)`): reported.
    Invalid(
        """
        import torch
        x = torch.randn(3).type(torch.cuda.LongTensor)
        """,
        message="DEV009 turns it into",
    ),
    Invalid(
        """
        import torch
        # pick the GPU
        torch.cuda.set_device(args.gpu)  # from the command line
        torch.cuda.synchronize()
        """,
        """
        import torch
        # pick the GPU
        if torch.cuda.is_available():
            torch.cuda.set_device(args.gpu)  # from the command line
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        """,
        message="call it only when there is one",
    ),
    # A process group whose backend is chosen at run time, or Gloo (which runs on CPUs), may run
    # without a GPU: `set_device` beside it still fails there.
    Invalid(
        """
        import torch
        import torch.distributed as dist

        def setup(rank, backend):
            dist.init_process_group(backend, rank=rank)
            torch.cuda.set_device(rank)

        def setup_gloo(rank):
            dist.init_process_group("gloo", rank=rank)
            torch.cuda.set_device(rank)
        """,
        """
        import torch
        import torch.distributed as dist

        def setup(rank, backend):
            dist.init_process_group(backend, rank=rank)
            if torch.cuda.is_available():
                torch.cuda.set_device(rank)

        def setup_gloo(rank):
            dist.init_process_group("gloo", rank=rank)
            if torch.cuda.is_available():
                torch.cuda.set_device(rank)
        """,
        message="call it only when there is one",
    ),
    # `.cuda(d)` of a device `d` fails when `d` is the CPU: `.to(d)` goes wherever it is.
    Invalid(
        """
        import torch
        def prior(self, x, current_device):
            here = x.device
            return self.means.cuda(here), torch.randn(3).cuda(current_device)
        """,
        """
        import torch
        def prior(self, x, current_device):
            here = x.device
            return self.means.to(here), torch.randn(3).to(current_device)
        """,
        message="`.cuda(here)` fails when `here` is the CPU",
    ),
    # Explicit GPU indices are a placement decision: `.cuda(i)` is reported only; a `device="cuda:1"`
    # text keeps that GPU where there is one and takes the CPU where there is none (unsafe).
    Invalid(
        """
        import torch
        x = torch.zeros(3).cuda(1)
        y = torch.ones(3, device="cuda:1")
        parts = [part.cuda(i) for i, part in enumerate(parts)]
        """,
        """
        import torch
        x = torch.zeros(3).cuda(1)
        y = torch.ones(3, device="cuda:1" if torch.cuda.is_available() else "cpu")
        parts = [part.cuda(i) for i, part in enumerate(parts)]
        """,
        message="`.cuda(1)` pins an explicit GPU",
    ),
    # An imported object moved to a GPU its index names is the method, whatever the import.
    Invalid(
        """
        import torch
        from models import net
        net.cuda(args.gpu)
        """,
        message="`.cuda(args.gpu)` pins an explicit GPU",
    ),
    # Fed straight to a layer of this file's modules: the GPU it needs is that layer's own.
    Invalid(
        """
        import torch
        from torch import nn

        class Paged(nn.Module):
            def __init__(self, pages, gpus):
                super().__init__()
                self.pages = nn.ModuleList(nn.Embedding(10, 4).cuda(g) for g in gpus[:pages])
                self.gpus = gpus

            def forward(self, ids):
                return [page(ids.cuda(g)) for page, g in zip(self.pages, self.gpus)]

        if __name__ == "__main__":
            paged = Paged(2, [0, 1])
            print(paged.pages[1](torch.tensor([3]).cuda(paged.gpus[1], non_blocking=True)))
        """,
        """
        import torch
        from torch import nn

        class Paged(nn.Module):
            def __init__(self, pages, gpus):
                super().__init__()
                self.pages = nn.ModuleList(nn.Embedding(10, 4).cuda(g) for g in gpus[:pages])
                self.gpus = gpus

            def forward(self, ids):
                return [page(ids.cuda(g)) for page, g in zip(self.pages, self.gpus)]

        if __name__ == "__main__":
            paged = Paged(2, [0, 1])
            print(paged.pages[1](torch.tensor([3]).to(next(paged.pages[1].parameters()).device, non_blocking=True)))
        """,
        message="the tensor is fed to `paged.pages[1]`",
        line=7,
    ),
    # Look-alikes: fed to a function, to an attribute that is not only ever a layer, to a name bound
    # to something else too: reported only.
    Invalid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self, head=None):
                super().__init__()
                self.body = nn.Linear(4, 4)
                self.head = head or nn.Linear(4, 2)

        net = Net()
        print(torch.sigmoid(torch.ones(4).cuda(1)), net.head(torch.ones(4).cuda(1)))
        other = Net() if torch.cuda.device_count() > 1 else None
        other = lambda x: x
        print(other(torch.ones(4).cuda(1)))
        """,
        None,
        message="`.cuda(1)` pins an explicit GPU",
        line=11,
    ),
    # The file picks its GPUs with CUDA_VISIBLE_DEVICES when it runs: a device chosen at import
    # would initialise CUDA first (and the choice would be ignored), so it is chosen where used.
    Invalid(
        """
        import os
        import torch

        class Tester:
            def setup(self, gpus):
                os.environ["CUDA_VISIBLE_DEVICES"] = gpus
                self.model = build().cuda()

            def run(self, batch):
                return self.model(batch.cuda())
        """,
        """
        import os
        import torch

        class Tester:
            def setup(self, gpus):
                os.environ["CUDA_VISIBLE_DEVICES"] = gpus
                self.model = build().to(torch.device("cuda" if torch.cuda.is_available() else "cpu"))

            def run(self, batch):
                return self.model(batch.to(torch.device("cuda" if torch.cuda.is_available() else "cpu")))
        """,
    ),
    # A function handed its device uses it; a class that keeps one uses `self.device`; a device kept
    # on the parsed options is the module's (no second `device` is added beside it).
    Invalid(
        """
        import torch

        def step(batch, device):
            return batch.cuda()

        class Agent:
            def __init__(self, net, device):
                self.device = device
                self.net = net.cuda()

            def act(self, state):
                return self.net(state.cuda())

        args.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def evaluate(model, x, device=None):
            return model(x.cuda())
        """,
        """
        import torch

        def step(batch, device):
            return batch.to(device)

        class Agent:
            def __init__(self, net, device):
                self.device = device
                self.net = net.to(device)

            def act(self, state):
                return self.net(state.to(self.device))

        args.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def evaluate(model, x, device=None):
            return model(x.to(args.device))
        """,
        message="use a portable `device`",
    ),
    # Report only: a local `device` would shadow the module's (here bound in the body, not handed
    # in); `torch` imported only inside a function; a star import that may not bring `torch`.
    Invalid(
        """
        import torch

        def step(batch):
            device = pick()
            return batch.cuda()
        """,
        message="use a portable `device`",
    ),
    Invalid(
        """
        def main():
            import torch
            model = Net().cuda()
        """,
        message="`.cuda()` fails without a GPU",
    ),
    Invalid(
        """
        from model import *
        net = Net().cuda()
        """,
        message="`.cuda()` fails without a GPU",
    ),
    # `torch` imported under `try:`: a definition after the opening imports would run before it.
    Invalid(
        """
        import os
        try:
            import torch
        except ImportError:
            torch = None
        net = Net().cuda()
        """,
        message="use a portable `device`",
        line=6,
    ),
    # `torch` read but never imported by name: it comes from the star import.
    Invalid(
        """
        from utils import *
        noise = torch.randn(3).cuda()
        """,
        """
        from utils import *

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        noise = torch.randn(3).to(device)
        """,
    ),
    # Set-up lines between the imports (a path, a plotting backend, an environment variable): the
    # device is defined after the last import, which they must not hide.
    Invalid(
        """
        import os
        import sys
        sys.path.append("..")
        import matplotlib
        matplotlib.use("Agg")
        os.environ["OMP_NUM_THREADS"] = "1"
        import torch
        net = Net().cuda()
        """,
        """
        import os
        import sys
        sys.path.append("..")
        import matplotlib
        matplotlib.use("Agg")
        os.environ["OMP_NUM_THREADS"] = "1"
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        net = Net().to(device)
        """,
        line=8,
    ),
    # A call that runs the file's own code between imports ends the opening block: code there may
    # read the device, so it is defined before it.
    Invalid(
        """
        import torch
        setup()
        import os
        net = Net().cuda()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        setup()
        import os
        net = Net().to(device)
        """,
        line=4,
    ),
    # A switch stuck on that also guards GPU code asking nothing: it still sends that code to a GPU.
    Invalid(
        """
        import torch
        def build(net, x):
            use_gpu = True
            if use_gpu:
                if torch.cuda.is_available():
                    net = net.cuda()
                x = x.cuda()
            return net(x)
        """,
        """
        import torch
        def build(net, x):
            use_gpu = torch.cuda.is_available()
            if use_gpu:
                if torch.cuda.is_available():
                    net = net.cuda()
                x = x.cuda()
            return net(x)
        """,
        message="assumes a GPU",
        line=3,
    ),
    # A helper called once under a CUDA test and once without one: its GPU code can run on the CPU path.
    Invalid(
        """
        import torch
        def gpu_dataset(X):
            return torch.FloatTensor(X).cuda()
        def load(X):
            if torch.cuda.is_available():
                X = gpu_dataset(X)
            return X
        def evaluate(X):
            return gpu_dataset(X)
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def gpu_dataset(X):
            return torch.FloatTensor(X).to(device)
        def load(X):
            if torch.cuda.is_available():
                X = gpu_dataset(X)
            return X
        def evaluate(X):
            return gpu_dataset(X)
        """,
        line=3,
    ),
    # A helper reached only through a guarded helper, and also from code that runs without a GPU (the
    # `else` of an availability test): its GPU code runs on the CPU path.
    Invalid(
        """
        import torch
        def to_cuda(x):
            return x.cuda()
        def setup(x):
            return to_cuda(x)
        def main(x):
            if torch.cuda.is_available():
                x = setup(x)
            else:
                x = to_cuda(x)
            return x
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def to_cuda(x):
            return x.to(device)
        def setup(x):
            return to_cuda(x)
        def main(x):
            if torch.cuda.is_available():
                x = setup(x)
            else:
                x = to_cuda(x)
            return x
        """,
        message="fails without a GPU",
        line=3,
    ),
    # A library helper: a tensor it makes goes where the tensor it is handed is, not to a device the
    # module would add.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        def masked_loss(logits, target, length):
            length = Variable(torch.LongTensor(length)).cuda()
            flat = logits.view(-1, logits.size(-1))
            return flat, length
        """,
        """
        import torch
        from torch.autograd import Variable
        def masked_loss(logits, target, length):
            length = Variable(torch.LongTensor(length)).to(logits.device)
            flat = logits.view(-1, logits.size(-1))
            return flat, length
        """,
        line=4,
    ),
    # A helper that picks the GPUs when the program runs (`select_device` sets CUDA_VISIBLE_DEVICES):
    # no import-time device, which would initialise CUDA before that choice.
    Invalid(
        """
        import torch
        import utils
        def train(opt, X):
            utils.select_device(opt.gpus)
            return Net().cuda()
        """,
        """
        import torch
        import utils
        def train(opt, X):
            utils.select_device(opt.gpus)
            return Net().to(torch.device("cuda" if torch.cuda.is_available() else "cpu"))
        """,
        line=5,
    ),
    # The same through a helper named for the GPUs it makes visible (st-gcn's `torchlight.visible_gpu`).
    Invalid(
        """
        import torch
        import torchlight
        def start(arg):
            gpus = torchlight.visible_gpu(arg.gpus)
            return Net().cuda()
        """,
        """
        import torch
        import torchlight
        def start(arg):
            gpus = torchlight.visible_gpu(arg.gpus)
            return Net().to(torch.device("cuda" if torch.cuda.is_available() else "cpu"))
        """,
        line=5,
    ),
    # The `else` of an availability test runs exactly when there is no GPU (probe p08).
    Invalid(
        """
        import torch
        if torch.cuda.is_available():
            device = torch.device("cuda")
        else:
            device = torch.device("cuda")
        """,
        """
        import torch
        if torch.cuda.is_available():
            device = torch.device("cuda")
        else:
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        """,
        line=5,
    ),
    Invalid(
        """
        import torch
        use_cuda = torch.cuda.is_available()
        if use_cuda:
            x = torch.zeros(2).cuda()
        else:
            x = torch.zeros(2).cuda()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        use_cuda = torch.cuda.is_available()
        if use_cuda:
            x = torch.zeros(2).cuda()
        else:
            x = torch.zeros(2).to(device)
        """,
        message="fails without a GPU",
        line=6,
    ),
    # An annotated setting, such as a dataclass field (probe p42).
    Invalid(
        """
        from dataclasses import dataclass
        import torch
        @dataclass
        class TrainConfig:
            lr: float = 1e-3
            device: str = "cuda"
        """,
        """
        from dataclasses import dataclass
        import torch
        @dataclass
        class TrainConfig:
            lr: float = 1e-3
            device: str = "cuda" if torch.cuda.is_available() else "cpu"
        """,
        line=6,
    ),
    # A default used before the code corrects it, or read once without asking: still an assumption.
    Invalid(
        """
        import torch
        device = "cuda"
        model = Net().to(device)
        if not torch.cuda.is_available():
            device = "cpu"
        """,
        """
        import torch
        device = "cuda" if torch.cuda.is_available() else "cpu"
        model = Net().to(device)
        if not torch.cuda.is_available():
            device = "cpu"
        """,
        line=2,
    ),
    Invalid(
        """
        import torch
        USE_CUDA = True
        CUDA_ENABLED = USE_CUDA and torch.cuda.is_available()
        def to_device(x):
            if USE_CUDA:
                return x.cuda()
            return x
        """,
        """
        import torch
        USE_CUDA = torch.cuda.is_available()
        CUDA_ENABLED = USE_CUDA and torch.cuda.is_available()
        def to_device(x):
            if USE_CUDA:
                return x.cuda()
            return x
        """,
        line=2,
    ),
    # A handler that stops the program, or a test of something else than the CPU or the GPU: the
    # placement still stops a run without a GPU.
    Invalid(
        """
        import sys
        import torch
        try:
            model = torch.nn.Linear(2, 2).cuda()
        except RuntimeError:
            sys.exit("needs a GPU")
        """,
        """
        import sys
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        try:
            model = torch.nn.Linear(2, 2).to(device)
        except RuntimeError:
            sys.exit("needs a GPU")
        """,
        line=4,
    ),
    Invalid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        if device.type != "mps":
            x = torch.zeros(2).cuda()
        """,
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        if device.type != "mps":
            x = torch.zeros(2).to(device)
        """,
        line=4,
    ),
    # A device the function chose above is the one its later placements take (probe p04).
    Invalid(
        """
        import torch
        def restore(path):
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            model = Net()
            model.load_state_dict(torch.load(path, map_location="cuda:0"))
            return model.to(device)
        """,
        """
        import torch
        def restore(path):
            device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
            model = Net()
            model.load_state_dict(torch.load(path, map_location=device))
            return model.to(device)
        """,
        line=5,
    ),
    # GPU 0 named where it is the only GPU the file names and nothing changes the current one: the
    # portable device's GPU (probe p33).
    Invalid(
        """
        import torch
        model = net.to("cuda:0")
        y = batch.cuda(0)
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = net.to(device)
        y = batch.to(device)
        """,
        line=2,
    ),
    Invalid(
        """
        import torch
        x = torch.zeros(3, device="cuda:0")
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        x = torch.zeros(3, device=device)
        """,
        line=2,
    ),
    # ... but not beside another GPU: a model split across GPUs by hand, left as it is.
    Invalid(
        """
        import torch
        model = net.to("cuda:0")
        head = head.to("cuda:1")
        """,
        None,
        message="explicit GPU index",
        line=2,
    ),
    # GPU unless the user opts out: the device written CPU-first, and moves under `if not
    # opt.no_cuda:` (spelled like `if not args.use_cpu:`, which mentions no GPU) (probes p55, p56).
    Invalid(
        """
        import torch
        opt.device = torch.device("cpu" if opt.no_cuda else "cuda")
        """,
        """
        import torch
        opt.device = torch.device("cpu" if opt.no_cuda or not torch.cuda.is_available() else "cuda")
        """,
        message="assumes a GPU",
        line=2,
    ),
    Invalid(
        """
        import torch
        model = torch.nn.Linear(2, 2)
        if not opt.no_cuda:
            model = model.cuda()
        if args.disable_gpu:
            pass
        else:
            x = torch.zeros(2).cuda()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model = torch.nn.Linear(2, 2)
        if not opt.no_cuda:
            model = model.to(device)
        if args.disable_gpu:
            pass
        else:
            x = torch.zeros(2).to(device)
        """,
        line=4,
    ),
    # CUDA tensors made the default, and a GPU whose index the program computes (probes p61, p62).
    Invalid(
        """
        import torch
        torch.set_default_tensor_type(torch.cuda.FloatTensor)
        def setup(args, local_rank):
            device = torch.device("cuda", local_rank)
            eval_device = torch.device(f"cuda:{args.gpu}")
            return device, eval_device
        """,
        """
        import torch
        torch.set_default_tensor_type(torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor)
        def setup(args, local_rank):
            device = torch.device("cuda", local_rank) if torch.cuda.is_available() else torch.device("cpu")
            eval_device = torch.device(f"cuda:{args.gpu}") if torch.cuda.is_available() else torch.device("cpu")
            return device, eval_device
        """,
        line=2,
    ),
    # A map_location lambda that puts the storage on GPU 0, the only GPU the file names (probe p87).
    Invalid(
        """
        import torch
        def resume(path):
            return torch.load(path, map_location=lambda storage, loc: storage.cuda(0))
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        def resume(path):
            return torch.load(path, map_location=device)
        """,
        message="fails without a GPU",
    ),
    # Onto a GPU the lambda names by a variable: reported only (probe p88).
    Invalid(
        """
        import torch
        def resume(path):
            device_id = torch.cuda.current_device()
            return torch.load(path, map_location=lambda storage, loc: storage.cuda(device_id))
        """,
        None,
        message="loads onto an explicit GPU",
        line=4,
    ),
    # The index put in by `str.format`, `%` or `+` (probe p86); a name that is no device is left alone.
    Invalid(
        """
        import torch
        def pick(args):
            device = torch.device("cuda:{}".format(args.gpu))
            self_dev = torch.device("cuda:%d" % args.gpu)
            eval_device = torch.device("cuda:" + str(args.gpu))
            label = "cuda:{}".format(args.gpu)
            return device, self_dev, eval_device, label
        """,
        """
        import torch
        def pick(args):
            device = torch.device("cuda:{}".format(args.gpu)) if torch.cuda.is_available() else torch.device("cpu")
            self_dev = torch.device("cuda:%d" % args.gpu) if torch.cuda.is_available() else torch.device("cpu")
            eval_device = torch.device("cuda:" + str(args.gpu)) if torch.cuda.is_available() else torch.device("cpu")
            label = "cuda:{}".format(args.gpu)
            return device, self_dev, eval_device, label
        """,
        message="fails without a GPU",
        line=3,
    ),
    Invalid(
        """
        import torch
        torch.set_default_tensor_type("torch.cuda.FloatTensor")
        """,
        None,
        message="fails without a GPU",
        line=2,
    ),
    # The branch a switch read plainly sends to the CPU is not guarded by it: the `else` of `if
    # args.gpu is not None:` (all GPUs, wrapped) runs without a GPU too.
    Invalid(
        """
        import torch

        def build(model, args):
            if args.gpu is not None:
                model = model.cuda(args.gpu)
            else:
                model = torch.nn.DataParallel(model).cuda()
            return model
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def build(model, args):
            if args.gpu is not None:
                model = model.cuda(args.gpu)
            else:
                model = torch.nn.DataParallel(model).to(device)
            return model
        """,
        message="`.cuda()` fails without a GPU",
        line=7,
    ),
    # A GPU named by its index is a device whatever its parameter is called, even when the function
    # only hands it on.
    Invalid(
        """
        import torch

        def define_G(ngf, gpu_id="cuda:0"):
            net = Generator(ngf)
            return init_net(net, gpu_id)
        """,
        """
        import torch

        def define_G(ngf, gpu_id="cuda:0" if torch.cuda.is_available() else "cpu"):
            net = Generator(ngf)
            return init_net(net, gpu_id)
        """,
        message='`gpu_id="cuda:0"` defaults to a GPU',
        line=3,
    ),
    # A method called once under a CUDA test and once without one: its `.cuda()` may run without a GPU.
    Invalid(
        """
        import torch
        class Agent:
            def __init__(self, net, use_cuda):
                self.net, self.use_cuda = net, use_cuda
                if self.use_cuda:
                    self._to_gpu()
            def reload(self):
                self._to_gpu()
            def _to_gpu(self):
                self.net.cuda()
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        class Agent:
            def __init__(self, net, use_cuda):
                self.net, self.use_cuda = net, use_cuda
                if self.use_cuda:
                    self._to_gpu()
            def reload(self):
                self._to_gpu()
            def _to_gpu(self):
                self.net.to(device)
        """,
        message="`.cuda()` fails without a GPU",
        line=10,
    ),
    # An option on by default (`store_false`, `default=True`) guards nothing: the plain command line
    # runs what `if args.cuda:` holds on a machine without a GPU. It is reported there; the option's
    # own fix cures it (fixing both would make the result depend on the order). `not` an availability
    # test guards nothing either.
    Invalid(
        """
        import argparse
        import torch
        parser = argparse.ArgumentParser()
        parser.add_argument("--cuda", action="store_false", help="use CUDA")
        args = vars(parser.parse_args())
        model = build(args)
        if args["cuda"]:
            model = model.cuda()
        not torch.cuda.is_available() and model.cuda()
        """,
        """
        import argparse
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        parser = argparse.ArgumentParser()
        parser.add_argument("--cuda", action="store_false", help="use CUDA", default=torch.cuda.is_available())
        args = vars(parser.parse_args())
        model = build(args)
        if args["cuda"]:
            model = model.cuda()
        not torch.cuda.is_available() and model.to(device)
        """,
        message="with `store_false` (on unless given) assumes a GPU",
        line=4,
    ),
]

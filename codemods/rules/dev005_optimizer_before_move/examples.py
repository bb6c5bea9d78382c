"""DEV005's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # The method that builds the optimizer moves the model first; its caller moves another model.
    Valid(
        """
        import torch
        from torch import nn

        class Solver:
            def __init__(self, config):
                self.build_model()
                self.D.cuda()

            def build_model(self):
                self.G = nn.Linear(4, 4).cuda()
                self.g_optimizer = torch.optim.Adam(self.G.parameters(), 1e-4)
        """
    ),
    # `.to(dtype)` through a name spelled for a dtype is a cast, not a move: nothing to reorder.
    Valid(
        """
        import torch
        from torch import nn
        dtype = torch.float64
        model = nn.Linear(3, 1)
        model.load_state_dict(state)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        model = model.to(dtype)
        """
    ),
    # The instance is never moved, or the name holds another one when it is.
    Valid(
        """
        import torch
        import torch.nn as nn

        class Policy(nn.Module):
            def __init__(self, lr):
                super().__init__()
                self.fc = nn.Linear(4, 2)
                self.optimizer = torch.optim.Adam(self.parameters(), lr=lr)

        policy = Policy(0.01)
        policy.eval()
        policy = nn.Linear(4, 2)
        policy.cuda()
        """
    ),
    # Not the same object any more: the alias is bound to another model before the move, or the
    # optimizer's name is.
    Valid(
        """
        import copy
        import torch
        from torch import optim

        def main():
            net = Net()
            model = net
            opt = optim.SGD(net.parameters(), lr=0.1)
            model = Other()
            model.cuda()

        def ema():
            net = Net()
            shadow = net
            net = copy.deepcopy(net)
            opt = optim.SGD(net.parameters(), lr=0.1)
            shadow.cuda()
        """
    ),
    # The file's helper moves the model itself, or does more than build: not a construction here.
    Valid(
        """
        import torch
        from torch import optim

        def make_optimizer(net, device):
            net.to(device)
            return optim.SGD(net.parameters(), lr=0.1)

        def make_head_optimizer(net):
            net.head = torch.nn.Linear(8, 2)
            return optim.SGD(net.head.parameters(), lr=0.1)

        def main(device):
            model = Net()
            optimizer = make_optimizer(model, device)
            head_optimizer = make_head_optimizer(model)
            model.to(device)
        """
    ),
    # The model is moved in `__init__` before the optimizer is built; `fit` moves only its batches.
    Valid(
        """
        import torch

        class Learner:
            def __init__(self, model, lr, device):
                self.model = model.to(device)
                self.opt = torch.optim.SGD(self.model.parameters(), lr=lr)

            def fit(self, batch, device):
                self.model.to(device)
                self.batch = batch.to(device)
        """
    ),
    # Handed to a function that only reads the model, and to one that moves another argument.
    Valid(
        """
        import torch

        def evaluate(model, loader):
            model.eval()
            return [model(x) for x in loader]

        def to_gpu(batch, model):
            return batch.cuda()

        model = Net()
        optimizer = torch.optim.Adagrad(model.parameters())
        evaluate(model, loader)
        to_gpu(batch, model)
        """
    ),
    # Moved by the trainer before the optimizer is built from the moved model.
    Valid(
        """
        import torch

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.model.cuda()

        model = Net()
        trainer = Trainer(model)
        optimizer = torch.optim.Adagrad(model.parameters())
        """
    ),
    Valid(
        """
        import torch
        model = Net().to(device)
        optimizer = torch.optim.Adam(model.parameters())
        critic = Critic()
        critic.to(device)
        critic_opt = torch.optim.SGD(critic.parameters(), lr=0.1)
        """
    ),
    # Never moved; a different model is moved.
    Valid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        teacher.to(device)
        """
    ),
    # A dtype change is not a move; a new model replaces the old one: the optimizer really is
    # for the old one.
    Valid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        model.to(torch.float16)
        model = Net().to(device)
        """
    ),
    # Moved before the optimizer; moved again after a checkpoint is reloaded: a second move.
    Valid(
        """
        import torch
        model = Net()
        model = model.to(device)
        optimizer = torch.optim.Adam(model.parameters())
        for epoch in range(10):
            train(model, optimizer)
            if worse:
                model.load_state_dict(torch.load("best.pt"))
                model = model.to(device)
        """
    ),
    # A function called later moves a model of its own (a local name, a parameter), and a loop or a
    # `try` binds the name to another model before moving it.
    Valid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

        def evaluate(path):
            model = load(path)
            model.cuda()

        def export(model):
            model.cuda()

        evaluate("a.pt")
        export(Net())
        for name in names:
            model = build(name).cuda()
        try:
            model = Net().cuda()
        except RuntimeError:
            pass
        """
    ),
    # Moved only inside a loop, somewhere else each time: no one place to build the optimizer after.
    Valid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for shard in shards:
            model.to(shard.device)
        """
    ),
    # A parameter count is not an optimizer; attribute models moved first are fine.
    Valid(
        """
        import torch

        class Trainer:
            def __init__(self):
                self.G = Generator()
                n_params = sum(p.numel() for p in self.G.parameters())
                self.G.cuda()
                self.G_opt = torch.optim.Adam(self.G.parameters())
        """
    ),
    # A helper that moves a copy of the model, and a constructor that only changes its dtype.
    Valid(
        """
        import copy
        import torch

        def export(model, device):
            twin = copy.deepcopy(model)
            twin.to(device)

        class Halver:
            def __init__(self, model):
                self.model = model.to(torch.float16)

        model = Net()
        optimizer = torch.optim.Adagrad(model.parameters())
        export(model, "cuda")
        halver = Halver(model)
        """
    ),
    # Parameters gathered in a name, for models that are never moved.
    Valid(
        """
        import torch.optim as optim

        g_params = list(G.parameters()) + list(H.parameters())
        g_optimizer = optim.Adam(g_params, lr=1e-3)
        teacher.cuda()
        """
    ),
    # One of two optimizers, whichever the flag picks, and the models are never moved.
    Valid(
        """
        import torch
        opt = torch.optim.Adam(net.parameters()) if use_adam else torch.optim.SGD(net.parameters(), lr=0.1)
        head_opt = torch.optim.Adam(head.parameters()) if train_head else None
        """
    ),
    # Handed to a class of another file with a device, but already moved, or built by a call that was
    # handed the device (it may come back moved), or handed without its optimizer: no finding.
    Valid(
        """
        import torch
        from training import Trainer
        model = Net().to(device)
        optimizer = torch.optim.Adam(model.parameters())
        Trainer(model, optimizer, device=device).train()
        """
    ),
    Valid(
        """
        import torch
        from models import build_model
        from training import train
        model = build_model(cfg, device=device)
        optimizer = torch.optim.Adam(model.parameters())
        train(model, optimizer, device)
        """
    ),
    Valid(
        """
        import torch
        from training import evaluate
        model = Net()
        optimizer = torch.optim.Adam(model.parameters())
        evaluate(model, use_cuda=torch.cuda.is_available())
        """
    ),
    # Returned with the model, which the caller never moves, or moved before the helper built it.
    Valid(
        """
        import torch

        def build(lr, device):
            net = torch.nn.Linear(20, 2).to(device)
            opt = torch.optim.Adagrad(net.parameters(), lr=lr)
            return net, opt

        def build_cpu(lr):
            net = torch.nn.Linear(20, 2)
            opt = torch.optim.Adagrad(net.parameters(), lr=lr)
            return net, opt

        net, opt = build(0.1, "cuda")
        net.cuda()
        cpu_net, cpu_opt = build_cpu(0.1)
        print(cpu_net(torch.zeros(1, 20)))
        """
    ),
    # Another name of the model (`model = net`) is bound to something else before it is moved, or
    # never held the model: a copy, another module's parameters, a rebinding in a branch, a wrapper,
    # or a method of `self` that may rebind `self.model` in between.
    Valid(
        """
        import copy
        import torch.optim as optim

        def rebound():
            net = Net()
            model = net
            opt = optim.SGD(net.parameters(), lr=0.1)
            model = Other()
            model.cuda()

        def copied():
            net = Net()
            model = copy.deepcopy(net)
            opt = optim.SGD(net.parameters(), lr=0.1)
            model.cuda()

        def another_module(a, b):
            model = a
            opt = optim.SGD(b.parameters(), lr=0.1)
            model.cuda()
        """
    ),
    Valid(
        """
        import torch.optim as optim

        class Swapped:
            def __init__(self, model, other):
                self.model = model
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model = other
                self.model.cuda()

        class Reset:
            def __init__(self, model):
                self.model = model
                self.reset()
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model.cuda()

        class Maybe:
            def __init__(self, model, flag):
                self.model = model
                if flag:
                    self.model = Other()
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model.cuda()

        class Wrapped:
            def __init__(self, model):
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model = nn.DataParallel(model)
                self.model.cuda()
        """
    ),
    # Moved through the other name before the optimizer is built; the later move is a second one.
    Valid(
        """
        import torch.optim as optim

        class Learner:
            def __init__(self, model):
                model.cuda()
                self.model = model
                self.opt = optim.SGD(self.model.parameters(), lr=0.1)
                self.model.cuda()
        """
    ),
    # Bound in a loop: an earlier turn's `m = net` says nothing of `m` in this one.
    Valid(
        """
        import torch.optim as optim

        def each(models):
            net = Net()
            for m in models:
                opt = optim.SGD(net.parameters(), lr=0.1)
                m.cuda()
                m = net
        """
    ),
]


INVALID = [
    # Code of its own runs when it is built (an EMA copying the parameters, a helper drawing noise from
    # them): it cannot go past what changes the parameters' values in place or draws random numbers.
    Invalid(
        """
        import torch
        from torch import nn

        class EMA:
            def __init__(self, params):
                self.shadow = [p.detach().clone() for p in params]

        model = nn.Linear(3, 1)
        ema = EMA(model.parameters())
        model.load_state_dict(state)
        model.to(device)
        """,
        None,
        message="left in place: `EMA(...)` may copy the parameters' values or draw random numbers when it"
        " is built, and `model.load_state_dict(...)` in between may change either",
        line=9,
    ),
    Invalid(
        """
        import torch
        from torch import nn
        from lookahead import Lookahead

        model = nn.Linear(3, 1)
        optimizer = Lookahead(model.parameters())
        nn.init.zeros_(model.bias)
        model.to(device)
        """,
        None,
        message="`nn.init.zeros_(...)` in between",
        line=6,
    ),
    Invalid(
        """
        import torch
        from torch import nn
        from perturb import Noise

        model = nn.Linear(3, 1)
        noise = Noise(model.parameters())
        x = torch.randn(2, 3)
        model.to(device)
        """,
        # The move goes above it instead: a move keeps the values and draws nothing.
        """
        import torch
        from torch import nn
        from perturb import Noise

        model = nn.Linear(3, 1)
        model.to(device)
        noise = Noise(model.parameters())
        x = torch.randn(2, 3)
        """,
        message="`torch.randn(...)` in between",
        line=6,
    ),
    # What neither changes values nor draws numbers is jumped over: a loss, a device query, moves.
    Invalid(
        """
        import torch
        from torch import nn
        from timm.utils import ModelEmaV3

        model = nn.Linear(3, 1)
        ema = ModelEmaV3(model.parameters())
        criterion = nn.MSELoss()
        if torch.cuda.is_available():
            model.cuda()
            criterion = criterion.cuda()
        """,
        """
        import torch
        from torch import nn
        from timm.utils import ModelEmaV3

        model = nn.Linear(3, 1)
        criterion = nn.MSELoss()
        if torch.cuda.is_available():
            model.cuda()
            criterion = criterion.cuda()
        ema = ModelEmaV3(model.parameters())
        """,
        line=6,
    ),
    # A `torch.optim` optimizer keeps only the parameters, and a class of the file whose `__init__`
    # calls nothing keeps what it is handed: both go past value changes and random draws.
    Invalid(
        """
        import torch
        from torch import nn

        class Warmup:
            def __init__(self, optimizer, steps):
                self.optimizer, self.steps = optimizer, steps

        model = nn.Linear(3, 1)
        optimizer = Warmup(torch.optim.Adagrad(model.parameters()), 10)
        nn.init.zeros_(model.bias)
        x = torch.randn(2, 3)
        model.to(device)
        """,
        """
        import torch
        from torch import nn

        class Warmup:
            def __init__(self, optimizer, steps):
                self.optimizer, self.steps = optimizer, steps

        model = nn.Linear(3, 1)
        nn.init.zeros_(model.bias)
        x = torch.randn(2, 3)
        model.to(device)
        optimizer = Warmup(torch.optim.Adagrad(model.parameters()), 10)
        """,
        line=9,
    ),
    # The model and the optimizer reach one object by two names (`self.model = model`, `model = net`):
    # a move of either moves the parameters the optimizer was given.
    Invalid(
        """
        import torch
        from torch import optim

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model = self.model.cuda()

        def main():
            net = Net()
            model = net
            opt = optim.SGD(net.parameters(), lr=0.1)
            model.cuda()
        """,
        """
        import torch
        from torch import optim

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.model = self.model.cuda()
                self.opt = optim.SGD(model.parameters(), lr=0.1)

        def main():
            net = Net()
            model = net
            model.cuda()
            opt = optim.SGD(net.parameters(), lr=0.1)
        """,
        message="`self.opt` is built before `model` is moved",
        line=7,
    ),
    # A function of the file builds it from the model it is handed, and does nothing else.
    Invalid(
        """
        import torch
        from torch import optim

        def make_optimizer(net, lr):
            return optim.SGD(net.parameters(), lr=lr, momentum=0.9)

        def main(lr):
            model = Net()
            optimizer = make_optimizer(model, lr)
            model = model.cuda()
        """,
        """
        import torch
        from torch import optim

        def make_optimizer(net, lr):
            return optim.SGD(net.parameters(), lr=lr, momentum=0.9)

        def main(lr):
            model = Net()
            model = model.cuda()
            optimizer = make_optimizer(model, lr)
        """,
        message="`optimizer` is built before `model` is moved",
    ),
    # Built on one path of a conditional expression (`... if fine_tune else None`).
    Invalid(
        """
        import torch
        encoder = Encoder()
        encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-4) if fine_tune else None
        encoder = encoder.to(device)
        """,
        """
        import torch
        encoder = Encoder()
        encoder = encoder.to(device)
        encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-4) if fine_tune else None
        """,
        message="`encoder_optimizer` is built before `encoder` is moved",
        line=3,
    ),
    # A method of the same class, called after the optimizer is built, moves the model.
    Invalid(
        """
        import torch

        class Solver:
            def __init__(self, use_cuda):
                self.use_cuda = use_cuda
                self.G = Generator()
                self.g_opt = torch.optim.Adam(self.G.parameters())
                self.to_device()

            def to_device(self):
                if self.use_cuda:
                    self.G.cuda()
        """,
        None,
        message="`self.to_device(...)` moves `self.G` in its own body",
        line=7,
    ),
    # Built in a helper that returns it with the model (the DDP tutorial's `load_train_objs`); the
    # caller hands the model to a class that moves it, or moves it itself (probe p02).
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, model, optimizer, gpu_id):
                self.model = model.to(gpu_id)
                self.optimizer = optimizer

        def load_train_objs():
            model = torch.nn.Linear(20, 2)
            optimizer = torch.optim.SGD(model.parameters(), lr=1e-3)
            return model, optimizer

        def main(device):
            model, optimizer = load_train_objs()
            trainer = Trainer(model, optimizer, device)
        """,
        None,
        message="`load_train_objs()` returns it with `model`, and its caller hands it to `Trainer(...)`",
        line=10,
    ),
    Invalid(
        """
        import torch

        def build(lr):
            net = torch.nn.Linear(20, 2)
            opt = torch.optim.Adagrad(net.parameters(), lr=lr)
            return net, opt

        net, opt = build(0.1)
        net.cuda()
        """,
        None,
        message="`build()` returns it with `net`, and its caller moves it",
        line=5,
    ),
    # The helper hands the model on to another helper that moves it.
    Invalid(
        """
        import torch

        def place(net):
            net.cuda()

        def train(model, optimizer):
            place(model)

        model = Net()
        optimizer = torch.optim.Adagrad(model.parameters())
        train(model, optimizer)
        """,
        None,
        message="`train(...)` moves `model`",
        line=10,
    ),
    # A trainer class that keeps the model it is handed already moved.
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, model, optimizer, device):
                self.model = model.to(device)
                self.optimizer = optimizer

        model = Net()
        optimizer = torch.optim.Adam(model.parameters())
        trainer = Trainer(model, optimizer, torch.device("cuda"))
        """,
        None,
        message="`Trainer(...)` moves `model`",
        line=9,
    ),
    # A trainer class whose constructor calls a method that moves what it kept.
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, G, D, g_opt, d_opt, use_cuda=False):
                self.G, self.D = G, D
                self.use_cuda = use_cuda
                self._to_device()

            def _to_device(self):
                if self.use_cuda:
                    self.G.cuda()
                    self.D.cuda()

        G, D = Generator(), Discriminator()
        g_opt = torch.optim.Adam(G.parameters())
        d_opt = torch.optim.Adam(D.parameters())
        trainer = Trainer(G, D, g_opt, d_opt, use_cuda=torch.cuda.is_available())
        """,
        None,
        message="`Trainer(...)` moves `G`",
        line=15,
    ),
    # The optimizer is given a name that holds the parameters of the models moved after it.
    Invalid(
        """
        import torch
        import torch.optim as optim

        g_params = list(G12.parameters()) + list(G21.parameters())
        g_optimizer = optim.Adam(g_params, lr=2e-4)

        if torch.cuda.is_available():
            G12.cuda()
            G21.cuda()
        """,
        """
        import torch
        import torch.optim as optim

        g_params = list(G12.parameters()) + list(G21.parameters())

        if torch.cuda.is_available():
            G12.cuda()
            G21.cuda()
        g_optimizer = optim.Adam(g_params, lr=2e-4)
        """,
        message="`g_optimizer` is built before `G12` and `G21` are moved",
        line=5,
    ),
    # Moved inside the file's own training function: reported, as the move is out of this block.
    Invalid(
        """
        import torch

        def train(model, optimizer, loader, device):
            model.to(device)
            for x, y in loader:
                optimizer.zero_grad()

        model = Net()
        optimizer = torch.optim.Adagrad(model.parameters())
        train(model, optimizer, loader, device)
        """,
        None,
        message="left in place: `train(...)` moves `model` in its own body",
        line=9,
    ),
    # A trainer class that keeps the models it is handed and moves them under a flag.
    Invalid(
        """
        import torch

        class Trainer:
            def __init__(self, G, D, g_opt, d_opt, use_cuda=False):
                self.G, self.D = G, D
                self.netD = D
                if use_cuda:
                    self.netD.cuda()

        D = Discriminator()
        d_opt = torch.optim.Adam(D.parameters())
        trainer = Trainer(G, D, g_opt, d_opt, use_cuda=torch.cuda.is_available())
        """,
        None,
        message="`Trainer(...)` moves `D`",
        line=11,
    ),
    # Keyword arguments are matched to the parameters they name.
    Invalid(
        """
        import torch

        def fit(epochs, net=None):
            net = net.cuda()

        net = Net()
        opt = torch.optim.Adagrad(net.parameters())
        fit(3, net=net)
        """,
        None,
        message="`fit(...)` moves `net`",
        line=7,
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
            [{"params": model.encoder.parameters(), "lr": 1e-4}, {"params": model.decoder.parameters()}],
            lr=1e-3,
        )

        model = model.to("cuda")
        """,
        """
        import torch
        model = Seq2Seq()

        model = model.to("cuda")
        optimizer = torch.optim.Adam(
            [{"params": model.encoder.parameters(), "lr": 1e-4}, {"params": model.decoder.parameters()}],
            lr=1e-3,
        )
        """,
    ),
    # State loaded before the move stays on the CPU, so the construction cannot go below the move:
    # the move goes above it, and the state is loaded where the parameters then are.
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.Adam(model.parameters())
        optimizer.load_state_dict(checkpoint["optimizer"])
        model.to(device)
        """,
        """
        import torch
        model = Net()
        model.to(device)
        optimizer = torch.optim.Adam(model.parameters())
        optimizer.load_state_dict(checkpoint["optimizer"])
        """,
        message="its state is loaded before the move and stays behind",
    ),
    # The learning rate changes in between: moving the construction would change it; the move goes
    # above it instead.
    Invalid(
        """
        import torch
        lr = 0.1
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        lr = 0.01
        model.cuda()
        """,
        """
        import torch
        lr = 0.1
        model = Net()
        model.cuda()
        optimizer = torch.optim.SGD(model.parameters(), lr=lr)
        lr = 0.01
        """,
        message="the move goes above it instead",
    ),
    # Neither goes past the other: the model is used in between (a forward pass on host data), or
    # what the move reads may change (`configure(args)` for `args.device`).
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.Adam(model.parameters())
        optimizer.load_state_dict(checkpoint["optimizer"])
        warm = model(torch.zeros(1, 3))
        model.to(device)
        """,
        message="left in place: its state is loaded before the move",
    ),
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.Adam(model.parameters())
        optimizer.load_state_dict(checkpoint["optimizer"])
        configure(args)
        model.to(args.device)
        """,
        message="left in place: its state is loaded before the move",
    ),
    # Constructions in a row move together, in their order, below the conditional move.
    Invalid(
        """
        import torch.optim as optim

        class InfoGAN:
            def __init__(self, args):
                self.G, self.D = Generator(), Discriminator()
                self.G_opt = optim.Adam(self.G.parameters(), lr=args.lr)
                self.D_opt = optim.Adam(self.D.parameters(), lr=args.lr)
                if args.gpu_mode:
                    self.G.cuda()
                    self.D.cuda()
        """,
        """
        import torch.optim as optim

        class InfoGAN:
            def __init__(self, args):
                self.G, self.D = Generator(), Discriminator()
                if args.gpu_mode:
                    self.G.cuda()
                    self.D.cuda()
                self.G_opt = optim.Adam(self.G.parameters(), lr=args.lr)
                self.D_opt = optim.Adam(self.D.parameters(), lr=args.lr)
        """,
        message="moved together with `self.G_opt`",
    ),
    Invalid(
        """
        import torch
        model = Net()
        # sparse features
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.01)
        model.cuda()
        """,
        """
        import torch
        model = Net()
        model.cuda()
        # sparse features
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.01)
        """,
        message="Adagrad creates its state when it is built",
    ),
    # A `*parameters()` method of the model, inside a wrapper.
    Invalid(
        """
        import torch.optim as optim
        model = Transformer()
        optimizer = NoamOpt(optim.Adam(model.get_trainable_parameters()), 512)
        if opt.cuda:
            model = model.cuda()
        """,
        """
        import torch.optim as optim
        model = Transformer()
        if opt.cuda:
            model = model.cuda()
        optimizer = NoamOpt(optim.Adam(model.get_trainable_parameters()), 512)
        """,
        message="`optimizer` is built before `model` is moved",
    ),
    # Wrapped before the move: `named_parameters()` would change (`module.` in front of every name);
    # left in place, as is any other wrapper.
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.named_parameters(), lr=0.1)
        model = torch.nn.DataParallel(model)
        model = model.cuda()
        """,
        message="`model` is wrapped before it is moved",
    ),
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        model = Parallelize(model)
        model.cuda()
        """,
        message="`model` is wrapped before it is moved",
    ),
    # `nn.DataParallel` yields the model's own parameters, in order: an optimizer built from
    # `model.parameters()` holds the same tensors on either side of the wrap.
    Invalid(
        """
        import torch
        from torch import nn
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        if torch.cuda.device_count() > 1:
            model = nn.DataParallel(model)
        model = model.cuda()
        """,
        """
        import torch
        from torch import nn
        model = Net()
        if torch.cuda.device_count() > 1:
            model = nn.DataParallel(model)
        model = model.cuda()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        """,
        message="`optimizer` is built before `model` is moved",
    ),
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
        model = torch.nn.DataParallel(model, device_ids=[0, 1]).cuda()
        """,
        """
        import torch
        model = Net()
        model = torch.nn.DataParallel(model, device_ids=[0, 1]).cuda()
        optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
        """,
        message="Adagrad creates its state when it is built",
    ),
    # The model changes in between.
    Invalid(
        """
        import torch
        model = resnet18()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        model.fc = torch.nn.Linear(512, 10)
        model.to(device)
        """,
        message="`model` may change in between",
    ),
    # Built in a method that the constructor calls, then moved there once it returns.
    Invalid(
        """
        import torch
        from torch import nn

        class Solver:
            def __init__(self, config):
                self.build_model()
                if torch.cuda.is_available():
                    self.G.cuda()

            def build_model(self):
                self.G = nn.Linear(4, 4)
                self.g_optimizer = torch.optim.Adam(self.G.parameters(), 1e-4)
        """,
        message="left in place: `self.G` is moved in `__init__()` once `build_model()` returns",
    ),
    # Moved later, where the construction cannot follow: in a `try`, a `with`, a loop that moves it to
    # one place every time, a function of the file called later. Reported, not fixed.
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        try:
            model = model.cuda()
        except RuntimeError:
            pass
        """,
        message="left in place: `model` is moved inside a `try`; build the optimizer after that move",
    ),
    Invalid(
        """
        import torch
        def main(device):
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            with torch.cuda.device(device):
                model.cuda()
        """,
        message="left in place: `model` is moved inside a `with`",
    ),
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for epoch in range(10):
            model.to(device)
            model.train()
        """,
        message="left in place: `model` is moved inside a loop",
    ),
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

        def train(epochs):
            model.to(device)
            for _ in range(epochs):
                optimizer.step()

        train(3)
        """,
        message="left in place: `model` is moved by `train()`, called later",
    ),
    # Its state is loaded before the move: the move goes above the construction. Counting the
    # model's parameters in between reads nothing that the move changes; printing their values does.
    Invalid(
        """
        import torch
        def main(args):
            model = Net()
            optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
            print("params:", sum(p.numel() for p in model.parameters() if p.requires_grad))
            if args.resume:
                checkpoint = torch.load(args.resume)
                model.load_state_dict(checkpoint["model"])
                optimizer.load_state_dict(checkpoint["optimizer"])
            model = model.cuda()
        """,
        """
        import torch
        def main(args):
            model = Net()
            model = model.cuda()
            optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
            print("params:", sum(p.numel() for p in model.parameters() if p.requires_grad))
            if args.resume:
                checkpoint = torch.load(args.resume)
                model.load_state_dict(checkpoint["model"])
                optimizer.load_state_dict(checkpoint["optimizer"])
        """,
        message="the move goes above it instead",
    ),
    Invalid(
        """
        import torch
        def main(args):
            model = Net()
            optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
            print("first:", [p.sum() for p in model.parameters()])
            optimizer.load_state_dict(torch.load(args.resume))
            model = model.cuda()
        """,
        message="left in place: its state is loaded before the move and stays behind",
    ),
    # A line counting the parameters that also reads a name holding a part of the model: its device
    # would show, so the move is not lifted above it.
    Invalid(
        """
        import torch
        def main(args):
            model = Net()
            w = model.fc.weight
            optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
            print("params:", sum(p.numel() for p in model.parameters()), w.device)
            optimizer.load_state_dict(torch.load(args.resume))
            model = model.cuda()
        """,
        message="left in place: its state is loaded before the move and stays behind",
    ),
    # A method of `self` in between may use `self.optimizer`.
    Invalid(
        """
        import torch

        class Runner:
            def setup(self):
                self.optimizer = torch.optim.Adam(self.model.parameters())
                self.restore_checkpoint()
                self.model.cuda()
        """,
        message="it is used in between",
    ),
    # Built in a branch, moved after it: moving it would build it on every path. The model is bound
    # before the `if`, which only builds from it and loads into it: the move goes above the `if`.
    Invalid(
        """
        import torch
        model = Net()
        if args.resume:
            state = torch.load(args.resume)
            model.load_state_dict(state["model"])
            optimizer = torch.optim.Adam(model.parameters())
            optimizer.load_state_dict(state["optimizer"])
        else:
            optimizer = torch.optim.Adam(model.parameters())
        # to the GPU
        model.cuda()
        """,
        """
        import torch
        model = Net()
        # to the GPU
        model.cuda()
        if args.resume:
            state = torch.load(args.resume)
            model.load_state_dict(state["model"])
            optimizer = torch.optim.Adam(model.parameters())
            optimizer.load_state_dict(state["optimizer"])
        else:
            optimizer = torch.optim.Adam(model.parameters())
        """,
        message="the move goes above the `if`",
    ),
    # The `if` uses the model otherwise (printing it is harmless, but counted): a copy of the move
    # goes above the construction instead; the move after the `if` stays for the other paths.
    Invalid(
        """
        import torch
        model = Net()
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
        else:
            print(model)
        model.cuda()
        """,
        """
        import torch
        model = Net()
        if args.resume:
            model.cuda()
            optimizer = torch.optim.Adam(model.parameters())
        else:
            print(model)
        model.cuda()
        """,
        message="`model` is moved right above it too",
    ),
    # A fresh start builds the model and its optimizers, a resume loads them; moved after the `if`.
    # Constructions on one path share one copy (above the first); one built in a nested `if` of the
    # resume path gets its own; state loaded into the model after the copy loads the same.
    Invalid(
        """
        import torch

        def main(checkpoint, fine_tune):
            if checkpoint is None:
                decoder = Decoder()
                decoder_optimizer = torch.optim.Adam(decoder.parameters(), lr=4e-4)
                scheduler = torch.optim.lr_scheduler.StepLR(decoder_optimizer, 10)
                encoder = Encoder()
                encoder.fine_tune(fine_tune)
                if fine_tune:
                    encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-4)
                decoder.load_state_dict(torch.load("warm.pt"))
                extra_optimizer = torch.optim.SGD(decoder.parameters(), lr=0.1)
            else:
                state = torch.load(checkpoint)
                decoder, decoder_optimizer = state["decoder"], state["decoder_optimizer"]
                encoder = state["encoder"]
                if fine_tune:
                    encoder.fine_tune(fine_tune)
                    encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-4)
            # Move to GPU, if available
            decoder = decoder.to(device)
            encoder = encoder.to(device); print("moved")
        """,
        """
        import torch

        def main(checkpoint, fine_tune):
            if checkpoint is None:
                decoder = Decoder()
                decoder = decoder.to(device)
                decoder_optimizer = torch.optim.Adam(decoder.parameters(), lr=4e-4)
                scheduler = torch.optim.lr_scheduler.StepLR(decoder_optimizer, 10)
                encoder = Encoder()
                encoder.fine_tune(fine_tune)
                if fine_tune:
                    encoder = encoder.to(device)
                    encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-4)
                decoder.load_state_dict(torch.load("warm.pt"))
                extra_optimizer = torch.optim.SGD(decoder.parameters(), lr=0.1)
            else:
                state = torch.load(checkpoint)
                decoder, decoder_optimizer = state["decoder"], state["decoder_optimizer"]
                encoder = state["encoder"]
                if fine_tune:
                    encoder.fine_tune(fine_tune)
                    encoder = encoder.to(device)
                    encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-4)
            # Move to GPU, if available
            decoder = decoder.to(device)
            encoder = encoder.to(device); print("moved")
        """,
        message="`decoder` is moved right above it too",
        line=6,
    ),
    # A conditional move is copied whole.
    Invalid(
        """
        import torch
        if args.resume:
            model = torch.load(path)
        else:
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        if args.cuda:
            model.cuda()
        """,
        """
        import torch
        if args.resume:
            model = torch.load(path)
        else:
            model = Net()
            if args.cuda:
                model.cuda()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        if args.cuda:
            model.cuda()
        """,
        message="`model` is moved right above it too",
    ),
    # Left in place: after the construction the model is changed (a new layer would stay on the
    # CPU after an earlier move), handed to a call, or wrapped by the move; or the move reads a
    # name bound after the construction.
    Invalid(
        """
        import torch
        model = Net()
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
            model.fc = nn.Linear(8, 2)
        model.cuda()
        """,
        message="the move is after the `if` it is built in",
    ),
    Invalid(
        """
        import torch
        model = Net()
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
            restore(model, optimizer)
        model.cuda()
        """,
        message="the move is after the `if` it is built in",
    ),
    # The branch returns before the move: a move made earlier would be made where none was.
    Invalid(
        """
        import torch

        def setup(args):
            model = Net()
            if args.resume:
                optimizer = torch.optim.Adam(model.parameters())
                return model, optimizer
            model.cuda()
        """,
        message="the move is after the `if` it is built in",
    ),
    # At the top level, a function of the file may read the model as a global.
    Invalid(
        """
        import torch

        def evaluate():
            return model(torch.randn(2, 3))

        model = Net()
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
            evaluate()
        model.cuda()
        """,
        message="the move is after the `if` it is built in",
    ),
    Invalid(
        """
        import torch
        model = Net()
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
        if args.cuda:
            model = wrap(model).cuda()
        """,
        message="the move is after the `if` it is built in",
    ),
    # The move wraps the model in `nn.DataParallel`, whose parameters are the model's own: a copy of
    # the model's own move goes above each construction, the wrapping stays below. Between them, the
    # checkpoint loads and a scheduler handed another option than the one the move reads (dev
    # charcnn-train).
    Invalid(
        """
        import torch
        import torch.optim as optim
        if args.optimizer == "Adam":
            optimizer = optim.Adam(model.parameters(), lr=args.lr)
        elif args.optimizer == "SGD":
            optimizer = optim.SGD(model.parameters(), lr=args.lr)
        if args.resume:
            checkpoint = torch.load(args.resume)
            model.load_state_dict(checkpoint["model"])
            optimizer.load_state_dict(checkpoint["optimizer"])
        scheduler = optim.lr_scheduler.MultiStepLR(optimizer, milestones=args.milestones)
        if args.cuda:
            model = torch.nn.DataParallel(model).cuda()
        """,
        """
        import torch
        import torch.optim as optim
        if args.optimizer == "Adam":
            if args.cuda:
                model.cuda()
            optimizer = optim.Adam(model.parameters(), lr=args.lr)
        elif args.optimizer == "SGD":
            if args.cuda:
                model.cuda()
            optimizer = optim.SGD(model.parameters(), lr=args.lr)
        if args.resume:
            checkpoint = torch.load(args.resume)
            model.load_state_dict(checkpoint["model"])
            optimizer.load_state_dict(checkpoint["optimizer"])
        scheduler = optim.lr_scheduler.MultiStepLR(optimizer, milestones=args.milestones)
        if args.cuda:
            model = torch.nn.DataParallel(model).cuda()
        """,
        message="`model` is moved right above it too",
    ),
    # ... but not when what lies between hands on the option the move reads.
    Invalid(
        """
        import torch
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
        configure(args.cuda)
        if args.cuda:
            model = torch.nn.DataParallel(model).cuda()
        """,
        message="the move is after the `if` it is built in",
    ),
    Invalid(
        """
        import torch
        model = Net()
        if args.resume:
            optimizer = torch.optim.Adam(model.parameters())
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        model.to(device)
        """,
        message="the move is after the `if` it is built in",
    ),
    Invalid(
        """
        import torch
        model = DocReader(args)
        model.init_optimizer()
        if args.cuda:
            model.cuda()
        """,
        message="what it builds is defined elsewhere",
    ),
    # Built in `__init__`, moved by another method of the class: that runs on the instance, after
    # the constructor. Reported only: the optimizer belongs in that method, after the move.
    Invalid(
        """
        import torch

        class Learner:
            def __init__(self, model, lr):
                self.model = model
                self.opt = torch.optim.SGD(self.model.parameters(), lr=lr)

            def fit(self, loader, device):
                self.model.to(device)
                for x in loader:
                    self.model(x.to(device)).sum().backward()
                    self.opt.step()
        """,
        message="`self.model` is moved in `fit()`, which runs after the constructor",
        line=6,
    ),
    # Built in `__init__` over the module's own parameters, or a member's, and the instance (or the
    # member) moved by the code that makes it: after the constructor. Reported only.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Policy(nn.Module):
            def __init__(self, lr):
                super().__init__()
                self.fc = nn.Linear(4, 2)
                self.optimizer = torch.optim.Adam(self.parameters(), lr=lr)

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        policy = Policy(0.01).to(device)
        """,
        message="`Policy(...)` is moved by `Policy(0.01).to(...)` after its constructor built the optimizer",
        line=8,
    ),
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Policy(nn.Module):
            def __init__(self, lr):
                super().__init__()
                self.fc = nn.Linear(4, 2)
                self.optimizer = torch.optim.Adam(self.parameters(), lr=lr)

        class Agent:
            def __init__(self):
                self.net = Policy(0.1)
                self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        agent = Agent()
        agent.net.to(device)
        """,
        message="`Agent(...)` is moved by `agent.net.to(...)` after its constructor built the optimizer",
        line=13,
    ),
    # Jumped over: a method of the class that only reads what it is handed (prints the model, counts
    # its parameters) and is handed no optimizer.
    Invalid(
        """
        import torch

        class Solver:
            def build_model(self):
                self.G = Generator()
                self.g_optimizer = torch.optim.Adam(self.G.parameters(), self.g_lr)
                self.print_network(self.G, "G")
                self.G.to(self.device)

            def print_network(self, model, name):
                num_params = 0
                for p in model.parameters():
                    num_params += p.numel()
                print(model)
                print("{}: {} parameters".format(name, num_params))
        """,
        """
        import torch

        class Solver:
            def build_model(self):
                self.G = Generator()
                self.print_network(self.G, "G")
                self.G.to(self.device)
                self.g_optimizer = torch.optim.Adam(self.G.parameters(), self.g_lr)

            def print_network(self, model, name):
                num_params = 0
                for p in model.parameters():
                    num_params += p.numel()
                print(model)
                print("{}: {} parameters".format(name, num_params))
        """,
        line=6,
    ),
    # Not jumped over: a helper that changes the model (initialises its weights in place), one that
    # reads the instance (`self`), and one handed the optimizer.
    Invalid(
        """
        import torch

        class Solver:
            def build_model(self):
                self.G = Generator()
                self.g_optimizer = torch.optim.Adam(self.G.parameters(), self.g_lr)
                self.init_weights(self.G)
                self.G.to(self.device)

            def init_weights(self, model):
                for p in model.parameters():
                    p.data.normal_(0, 0.02)
        """,
        message="left in place",
        line=6,
    ),
    Invalid(
        """
        import torch

        class Solver:
            def build_model(self):
                self.G = Generator()
                self.g_optimizer = torch.optim.Adam(self.G.parameters(), self.g_lr)
                self.show()
                self.G.to(self.device)

            def show(self):
                print(self.g_optimizer)
        """,
        message="left in place: it is used in between",
        line=6,
    ),
    Invalid(
        """
        import torch

        def describe(thing):
            print(thing)

        model = Net()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        describe(optimizer)
        model.cuda()
        """,
        message="left in place: it is used in between",
        line=7,
    ),
    # A builtin the construction calls (`float(...)`) does not change when another statement calls
    # it (`int(...)`); what the construction reads from (`args`) handed to another call may.
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.Adam(model.parameters(), lr=float(args["lr"]))
        loader = DataLoader(dataset, batch_size=int(args["batch_size"]))
        if args["use_cuda"]:
            model = model.cuda()
        """,
        """
        import torch
        model = Net()
        loader = DataLoader(dataset, batch_size=int(args["batch_size"]))
        if args["use_cuda"]:
            model = model.cuda()
        optimizer = torch.optim.Adam(model.parameters(), lr=float(args["lr"]))
        """,
        line=3,
    ),
    Invalid(
        """
        import torch
        model = Net()
        optimizer = torch.optim.Adam(model.parameters(), lr=float(args["lr"]))
        configure(args)
        if args["use_cuda"]:
            model = model.cuda()
        """,
        message="left in place: what it is built from may change in between",
        line=3,
    ),
    # Shape 1 of issue 27: the model is handed with its optimizer and a device choice to a class or
    # function of another file (its body is not here): it moves the model there, after the optimizer.
    Invalid(
        """
        import torch
        import torch.optim as optim
        from training import Trainer
        generator, discriminator = Generator(), Discriminator()
        G_optimizer = optim.Adam(generator.parameters(), lr=1e-4)
        D_optimizer = optim.Adam(discriminator.parameters(), lr=1e-4)
        trainer = Trainer(generator, discriminator, G_optimizer, D_optimizer,
                          use_cuda=torch.cuda.is_available())
        """,
        None,
        message="to `Trainer(...)`, defined in another file, which likely moves it there",
        line=5,
    ),
    Invalid(
        """
        import torch
        import engine
        def main(args):
            model = Net()
            optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
            engine.fit(model, optimizer, loader, args.device)
        """,
        None,
        message="`args.device` to `engine.fit(...)`",
        line=5,
    ),
    # The same model under two names: kept as `self.model = model`, or renamed (`model = net`), and
    # moved through the other name (`x = x.cuda()` of a module is the module itself).
    Invalid(
        """
        import torch.optim as optim

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model = self.model.cuda()
        """,
        """
        import torch.optim as optim

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.model = self.model.cuda()
                self.opt = optim.SGD(model.parameters(), lr=0.1)
        """,
        message="`self.opt` is built before `model` is moved (as `self.model`, which holds the same model)",
        line=6,
    ),
    # Bound to the other name after the construction, moved under an `if`: below the whole `if`.
    Invalid(
        """
        import torch.optim as optim

        class Trainer:
            def __init__(self, model, cuda):
                self.opt = optim.SGD(model.parameters(), lr=0.1)
                self.model = model
                if cuda:
                    self.model.cuda()
        """,
        """
        import torch.optim as optim

        class Trainer:
            def __init__(self, model, cuda):
                self.model = model
                if cuda:
                    self.model.cuda()
                self.opt = optim.SGD(model.parameters(), lr=0.1)
        """,
        message="(as `self.model`, which holds the same model)",
        line=5,
    ),
    Invalid(
        """
        import torch.optim as optim

        class Trainer:
            def __init__(self, model):
                self.model = model
                self.opt = optim.SGD(self.model.parameters(), lr=0.1)
                model.cuda()
        """,
        """
        import torch.optim as optim

        class Trainer:
            def __init__(self, model):
                self.model = model
                model.cuda()
                self.opt = optim.SGD(self.model.parameters(), lr=0.1)
        """,
        message="`self.model` is moved (as `model`, which holds the same model)",
        line=6,
    ),
    Invalid(
        """
        import torch.optim as optim

        def main():
            net = Net()
            model = net
            opt = optim.SGD(net.parameters(), lr=0.1)
            model.cuda()
        """,
        """
        import torch.optim as optim

        def main():
            net = Net()
            model = net
            model.cuda()
            opt = optim.SGD(net.parameters(), lr=0.1)
        """,
        message="`net` is moved (as `model`, which holds the same model)",
        line=6,
    ),
    # Bound on the way by its own move (`net = model.to(device)` moves `model`, and returns it).
    Invalid(
        """
        import torch.optim as optim

        def main(device):
            model = Net()
            opt = optim.SGD(model.parameters(), lr=0.1)
            net = model.to(device)
        """,
        """
        import torch.optim as optim

        def main(device):
            model = Net()
            net = model.to(device)
            opt = optim.SGD(model.parameters(), lr=0.1)
        """,
        message="`opt` is built before `model` is moved",
        line=5,
    ),
    # Changed through the other name in between (a new layer): reported, left in place.
    Invalid(
        """
        import torch.optim as optim

        def main():
            net = Net()
            model = net
            opt = optim.SGD(net.parameters(), lr=0.1)
            model.fc = nn.Linear(3, 3)
            model.cuda()
        """,
        None,
        message="left in place: `model` may change in between",
        line=6,
    ),
]

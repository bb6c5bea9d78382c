"""DEV009's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # The modern API; `.type()` without arguments (a name), `.type(dtype)`, someone else's `type`.
    Valid(
        """
        import torch
        x = torch.tensor([1.0, 2.0], dtype=torch.float32)
        name, y = x.type(), x.type(torch.float16)
        field = form.type("torch.float32")
        """
    ),
    # Type annotations and isinstance checks name the class; they construct nothing.
    Valid(
        """
        import torch

        def scale(x: torch.FloatTensor) -> torch.Tensor:
            assert isinstance(x, torch.Tensor)
            return x * 2
        """
    ),
    # Still used (isinstance): the import stays, and is not reported.
    Valid(
        """
        from torch.autograd import Variable

        def is_var(x):
            return isinstance(x, Variable)
        """
    ),
    # `x.data` is left alone.
    Valid(
        """
        import torch
        w = torch.ones(3)
        w.data.mul_(0.5)
        """
    ),
    # Someone else's Variable class.
    Valid(
        """
        import torch
        from sympy import Variable
        v = Variable("x")
        """
    ),
    # `Tensor` is bound twice: it is not known to be the legacy type where it is called.
    Valid(
        """
        import torch
        Tensor = torch.cuda.FloatTensor
        Tensor = SparseTensor
        x = Tensor(3)
        """
    ),
]

INVALID = [
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        hidden = Variable(torch.zeros(2, 4, 64))  # initial state
        """,
        """
        import torch

        hidden = torch.zeros(2, 4, 64)  # initial state
        """,
        message="only called here: its import goes when no call is left",
        line=2,
    ),
    # Parameters may require grad: `.detach()` is what Variable did.
    Invalid(
        """
        import torch
        from torch.autograd import Variable, grad

        def step(model, inputs, targets, noisy):
            inputs, targets = Variable(inputs), Variable(targets)
            w = Variable(torch.randn(3), requires_grad=True)
            z = Variable(model.z.data, requires_grad=noisy)
            return model(inputs), w, z
        """,
        """
        import torch
        from torch.autograd import grad

        def step(model, inputs, targets, noisy):
            inputs, targets = inputs.detach(), targets.detach()
            w = torch.randn(3).requires_grad_()
            z = model.z.data.requires_grad_(noisy)
            return model(inputs), w, z
        """,
        message="`Variable(x)` is `x.detach()` since PyTorch 0.4",
    ),
    # Batches of a DataLoader have nothing to detach: `x = Variable(x)` goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        loader = torch.utils.data.DataLoader(dataset, batch_size=32)

        def train():
            for i, (images, labels) in enumerate(loader):
                images, labels = Variable(images), Variable(labels)
                loss = criterion(model(images), labels)
                first = Variable(images[0]).cuda()
        """,
        """
        import torch
        loader = torch.utils.data.DataLoader(dataset, batch_size=32)

        def train():
            for i, (images, labels) in enumerate(loader):
                loss = criterion(model(images), labels)
                first = images[0].detach().cuda()
        """,
        message="a tensor that is a batch of `loader` has nothing to detach",
    ),
    Invalid(
        """
        import torch
        weights = torch.FloatTensor([0.2, 0.8])
        buf = torch.LongTensor(4, 3).zero_()
        scores, half = torch.Tensor(k, 1), torch.Tensor([0.5])
        """,
        """
        import torch
        weights = torch.tensor([0.2, 0.8], dtype=torch.float32)
        buf = torch.empty(4, 3, dtype=torch.int64).zero_()
        scores, half = torch.empty(k, 1), torch.tensor([0.5])
        """,
        message="legacy constructor `torch.Tensor` (the default dtype)",
    ),
    Invalid(
        """
        import torch

        def make(x, n: int):
            a = torch.cuda.FloatTensor(x.size(0))
            return a, torch.ByteTensor(n), x.type(torch.cuda.FloatTensor), x.type(torch.LongTensor)
        """,
        """
        import torch

        def make(x, n: int):
            a = torch.empty(x.size(0), dtype=torch.float32, device="cuda")
            return a, torch.empty(n, dtype=torch.uint8), x.to("cuda", torch.float32), x.to("cpu", torch.int64)
        """,
    ),
    # A type chosen by a flag: the flag becomes the device of each call.
    Invalid(
        """
        import torch
        cuda = torch.cuda.is_available()
        Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor

        def labels(imgs, noise):
            return Tensor(imgs.size(0), 1).fill_(1.0), imgs.type(Tensor), Tensor(noise)
        """,
        """
        import torch
        cuda = torch.cuda.is_available()
        Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor

        def labels(imgs, noise):
            return torch.empty(imgs.size(0), 1, dtype=torch.float32, device="cuda" if cuda else "cpu").fill_(1.0), imgs.to("cuda" if cuda else "cpu", torch.float32), Tensor(noise)
        """,
        message="is a legacy tensor type chosen by a condition",
        line=3,
    ),
    # Data or size? `features` may be a list, an array or a tensor: report only.
    Invalid(
        """
        import torch

        def load(features):
            return torch.FloatTensor(features)
        """,
        message="cannot tell data from a size here",
    ),
    # A module's `.type()` casts integer buffers too, `.to()` would not; `type(t)` is
    # `torch.Tensor` since 0.4: report only.
    Invalid(
        """
        import torch
        from torch import nn
        model = nn.Linear(3, 3)
        model.type(torch.cuda.FloatTensor)
        priors = priors.type(type(x.data))
        """,
        message="`type(t)` is always `torch.Tensor`",
    ),
    # volatile has done nothing since 0.4: it goes with the wrapper; the no_grad block is the
    # author's call, so the message asks for it.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def predict(model, x):
            return model(Variable(x, volatile=True))
        """,
        """
        import torch

        def predict(model, x):
            return model(x.detach())
        """,
        message="wrap the inference in `with torch.no_grad():`",
    ),
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def predict(model, batch, evaluating):
            return model(Variable(torch.stack(batch), volatile=not evaluating))
        """,
        """
        import torch

        def predict(model, batch, evaluating):
            return model(torch.stack(batch).detach())
        """,
        message="`volatile` has done nothing since PyTorch 0.4",
    ),
    # With requires_grad it raises today; a flag that calls something is not dropped silently.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def predict(model, x, mode):
            a = model(Variable(x, volatile=True, requires_grad=True))
            return model(Variable(x, volatile=mode.is_eval()))
        """,
        message="wrap the inference in `with torch.no_grad():`",
    ),
    # A local wrapper around Variable: its calls are reported.
    Invalid(
        """
        import torch
        import torch.autograd as autograd
        Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda()

        def loss_of(q, target):
            return (q - Variable(target.data)).pow(2).mean()
        """,
        message="is a `lambda` around the legacy `Variable`",
        line=3,
    ),
]

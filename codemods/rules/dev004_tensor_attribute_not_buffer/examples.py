"""DEV004's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A top-level function that returns a number on one path and a tensor on another: not shown a
    # tensor; one defined twice: which one runs depends on the order.
    Valid(
        """
        import torch
        from torch import nn


        def scale(n):
            if n > 4:
                return 1.0
            return torch.ones(n)


        def table(n):
            return torch.ones(n)


        def table(n):
            return [n]


        class Net(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.scale = scale(n)
                self.table = table(n)

            def forward(self, x):
                return self.fc(x) * self.scale + len(self.table)
        """
    ),
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("mask", torch.ones(4))
                self.scale = nn.Parameter(torch.ones(4))

            def forward(self, x):
                return x * self.mask * self.scale
        """
    ),
    # Reassigned to a non-tensor elsewhere: a buffer would refuse that.
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.cache = torch.zeros(4)

            def reset(self):
                self.cache = []
        """
    ),
    # Not a module.
    Valid(
        """
        import torch

        class Stats:
            def __init__(self):
                self.total = torch.zeros(4)

            def add(self, x):
                self.total += x
        """
    ),
    # Before super().__init__(), register_buffer would raise.
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                self.table = torch.arange(10)
                super().__init__()

            def forward(self, i):
                return self.table[i]
        """
    ),
    # Not a tensor; or a tensor only code outside the class reads (an id), never the module.
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.n = n
                self.shape = torch.Size([n, n])
                self.layer = nn.Linear(n, n)
                self.run_id = torch.tensor([7])

            def forward(self, x):
                return self.layer(x).view(self.shape)
        """
    ),
    # A trained tensor is a parameter: a buffer moved by .to() is a new tensor the optimizer never sees.
    Valid(
        """
        import torch
        from torch import nn, optim

        class Agent(nn.Module):
            def __init__(self):
                super().__init__()
                self.log_alpha = torch.tensor(0.0)
                self.log_alpha.requires_grad = True
                self.alpha_optim = optim.Adam([self.log_alpha], lr=1e-3)

            def alpha(self):
                return self.log_alpha.exp()
        """
    ),
    # Look-alikes of an LSTM's state kept as an attribute, all correct: a tuple of sizes (no tensors),
    # a state built in forward where the input is, and a state kept as two buffers.
    Valid(
        """
        import torch
        from torch import nn

        class Tagger(nn.Module):
            def __init__(self, n, layers=1):
                super().__init__()
                self.shape = (layers, 1, n)
                self.lstm = nn.LSTM(n, n, layers)
                self.register_buffer("h0", torch.zeros(layers, 1, n), persistent=False)
                self.register_buffer("c0", torch.zeros(layers, 1, n), persistent=False)

            def init_hidden(self, x):
                return (torch.zeros(self.shape, device=x.device), torch.zeros(self.shape, device=x.device))

            def forward(self, x, fresh=False):
                hidden = self.init_hidden(x) if fresh else (self.h0, self.c0)
                out, hidden = self.lstm(x, hidden)
                return out
        """
    ),
    # An LSTM's state moved where the LSTM reads it already (this rule's fix, or written so by hand).
    Valid(
        """
        import torch
        from torch import nn

        class Language(nn.Module):
            def __init__(self, vocab, n):
                super().__init__()
                self.encoder = nn.LSTM(n, n, batch_first=True)
                self.state = self.begin_state(n)
                self.decoder = nn.Linear(n, vocab)

            def begin_state(self, n):
                return (torch.zeros(1, 1, n), torch.zeros(1, 1, n))

            def forward(self, x):
                y, self.state = self.encoder(x, tuple(s.to(x.device) for s in self.state))
                return self.decoder(y)
        """
    ),
    # The policy moves its own tensors in a to() override, and is moved on its own with .to(device):
    # correct as written (the override runs at every move this file shows), and never removed.
    Valid(
        """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def __init__(self, n, low=None, high=None):
                super().__init__()
                self.fc = nn.Linear(n, n)
                if low is None:
                    self.action_scale = torch.tensor(1.0)
                else:
                    self.action_scale = torch.FloatTensor((high - low) / 2.0)
                self.noise = torch.Tensor(n)

            def forward(self, x):
                return torch.tanh(self.fc(x)) * self.action_scale + self.noise.normal_(0.0, 0.1)

            def to(self, device):
                self.action_scale = self.action_scale.to(device)
                self.noise = self.noise.to(device)
                return super(Policy, self).to(device)

        policy = Policy(4).to(device)
        """
    ),
    # An _apply override runs for every move, also as a part of another module; it may do more.
    Valid(
        """
        import torch
        from torch import nn

        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.anchors = torch.rand(8, 2)

            def _apply(self, fn, recurse=True):
                print("moving")
                self.anchors = fn(self.anchors)
                return super()._apply(fn, recurse)

            def forward(self, x):
                return x + self.anchors

        model = nn.Sequential(nn.Linear(2, 2), Head()).cuda()
        """
    ),
    # Both overrides, and the file moves it by both: every move runs one.
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.anchors = torch.rand(8, 2)

            def to(self, *args, **kwargs):
                if self.anchors is not None:
                    self.anchors = self.anchors.to(*args, **kwargs)
                return super().to(*args, **kwargs)

            def cuda(self, device=None):
                self.anchors = self.anchors.cuda(device)
                return super(Net, self).cuda(device)

            def forward(self, x):
                return x + self.anchors

        model = Net().cuda()
        model = model.to("cpu")
        """
    ),
    # Handed in (a NumPy series here) and updated from itself: nothing shows it is a tensor.
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Forecaster(nn.Module):
            def __init__(self, X, y, n):
                super().__init__()
                self.rnn = nn.LSTM(X.shape[1], n)
                self.y = y
                self.y = self.y - np.mean(self.y[:100])

            def forward(self, i):
                return self.rnn(torch.from_numpy(self.y[i]))
        """
    ),
    # (session 34) `.float()` of a constructor argument: a module has the method too (a buffer refuses one).
    Valid(
        """
        import torch
        from torch import nn

        class Wrapper(nn.Module):
            def __init__(self, encoder):
                super().__init__()
                self.encoder = encoder.float()

            def forward(self, x):
                return self.encoder(x)
        """
    ),
    # (session 34) `torch.max(w, 0)` gives values and indices, not one tensor: not a buffer candidate.
    Valid(
        """
        import torch
        from torch import nn

        class Peak(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.peak = torch.max(self.fc.weight.data, 0)

            def forward(self, x):
                return self.fc(x) * self.peak.values
        """
    ),
]

INVALID = [
    # The name exists already (a class attribute, of the class or of a base; an attribute a base class
    # sets): `register_buffer` would raise. Set to a number elsewhere in the file (or in a subclass): a
    # buffer would refuse it. Reported, not fixed.
    Invalid(
        """
        import torch
        from torch import nn

        class Masked(nn.Module):
            mask = None

            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3)

            def forward(self, x):
                return x * self.mask
        """,
        None,
        message="`Masked` has a class attribute `mask`, so `register_buffer` would raise",
        line=9,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Base(nn.Module):
            def __init__(self):
                super().__init__()
                self.mask = None

        class Masked(Base):
            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3)

            def forward(self, x):
                return x * self.mask
        """,
        None,
        message="its base class `Base` sets `self.mask` too",
        line=12,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Masked(nn.Module):
            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3)

            def forward(self, x):
                return x * self.mask

        class Unmasked(Masked):
            def __init__(self):
                super().__init__()
                self.mask = 1.0
        """,
        None,
        message="its subclass `Unmasked` sets `self.mask` too",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Masked(nn.Module):
            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3)

            def forward(self, x):
                return x * self.mask

        net = Masked()
        net.mask = 0.5
        """,
        None,
        message="the file also sets it to a value that may not be a tensor (`net.mask = 0.5`)",
        line=7,
    ),
    # The same set by `setattr`, which a buffer refuses alike (round 5).
    Invalid(
        """
        import torch
        from torch import nn

        class Masked(nn.Module):
            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3)

            def forward(self, x):
                return x * self.mask

        net = Masked()
        setattr(net, "mask", 0.5)
        """,
        None,
        message='(`setattr(net, "mask", 0.5)`)',
        line=7,
    ),
    # A cast through an alias or a helper's parameter may be the module's (round 5): unsafe.
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        def cast(m):
            return m.half()

        net = cast(Halved())
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        def cast(m):
            return m.half()

        net = cast(Halved())
        """,
        message="unsafe: the file casts a module (`m.half()`)",
        line=7,
    ),
    # Casts that reach the module through a container or a loop over one (round 6): a loop's variable
    # over a module's children, a comprehension over a helper's parameter handed a dict's values.
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        model = nn.Sequential(nn.Linear(3, 3), Halved())
        for child in model.children():
            child.double()
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        model = nn.Sequential(nn.Linear(3, 3), Halved())
        for child in model.children():
            child.double()
        """,
        message="unsafe: the file casts a module (`child.double()`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        def prepare(models):
            return [m.half() for m in models]

        nets = {"a": Halved()}
        prepare(nets.values())
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        def prepare(models):
            return [m.half() for m in models]

        nets = {"a": Halved()}
        prepare(nets.values())
        """,
        message="unsafe: the file casts a module (`m.half()`)",
        line=7,
    ),
    # (round 7) An attribute the class keeps on the host on purpose: read through NumPy, or combined with
    # a tensor it moves to the host. A buffer would follow the module to the GPU and break that read:
    # reported, not fixed. Moved to the host where it is read, it is fixed as any other.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def __init__(self):
                super().__init__()
                self.probs = torch.tensor([0.2, 0.3, 0.5])

            def forward(self, x):
                k = np.random.default_rng(0).choice(3, p=self.probs.numpy())
                return x[:, k]
        """,
        None,
        message="the class reads it as a host tensor (`self.probs.numpy()`)",
        line=8,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def __init__(self):
                super().__init__()
                self.probs = torch.tensor([0.2, 0.3, 0.5])

            def forward(self, x):
                return x * float(np.cumsum(self.probs)[-1])
        """,
        None,
        message="the class reads it as a host tensor (`np.cumsum(self.probs)`)",
        line=8,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def __init__(self):
                super().__init__()
                self.counts = torch.zeros(3)

            def forward(self, x):
                self.counts += torch.bincount(x.argmax(1).cpu(), minlength=3)
                return x
        """,
        None,
        message="the class reads it as a host tensor (`self.counts += torch.bincount(x.argmax(1).cpu(), minlength=3)`)",
        line=8,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def __init__(self):
                super().__init__()
                self.probs = torch.tensor([0.2, 0.3, 0.5])

            def forward(self, x):
                k = np.random.default_rng(0).choice(3, p=self.probs.cpu().numpy())
                return x[:, k] * self.probs.sum().item()
        """,
        """
        import numpy as np
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("probs", torch.tensor([0.2, 0.3, 0.5]), persistent=False)

            def forward(self, x):
                k = np.random.default_rng(0).choice(3, p=self.probs.cpu().numpy())
                return x[:, k] * self.probs.sum().item()
        """,
        message="register it as a buffer",
        line=8,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Recorder(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.seen = torch.zeros(0, 3)

            def forward(self, x):
                out = self.fc(x)
                self.seen = torch.cat([self.seen, out.detach().cpu()])
                return out
        """,
        None,
        message="the class reads it as a host tensor (`torch.cat([self.seen, out.detach().cpu()])`)",
        line=8,
    ),
    # (session 34) A reduction of a weight's data (equalized learning rate): a tensor, whatever it reduces.
    Invalid(
        """
        import torch
        from torch import nn

        class EqualizedConv(nn.Module):
            def __init__(self, c_in, c_out):
                super().__init__()
                self.conv = nn.Conv2d(c_in, c_out, 3, padding=1)
                self.scale = torch.mean(self.conv.weight.data ** 2) ** 0.5
                self.conv.weight.data.copy_(self.conv.weight.data / self.scale)

            def forward(self, x):
                return self.conv(x.mul(self.scale))
        """,
        """
        import torch
        from torch import nn

        class EqualizedConv(nn.Module):
            def __init__(self, c_in, c_out):
                super().__init__()
                self.conv = nn.Conv2d(c_in, c_out, 3, padding=1)
                self.register_buffer("scale", torch.mean(self.conv.weight.data ** 2) ** 0.5, persistent=False)
                self.conv.weight.data.copy_(self.conv.weight.data / self.scale)

            def forward(self, x):
                return self.conv(x.mul(self.scale))
        """,
        message="register it as a buffer",
        line=8,
    ),
    # (session 34) A constructor argument the code shows to be a tensor by a method only a tensor has
    # (`.unsqueeze`, `.long()`); `.float()` casts a module too, so `weights.float()` shows nothing.
    Invalid(
        """
        import torch
        from torch import nn

        class Anchored(nn.Module):
            def __init__(self, anchors, ids):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.anchors = anchors.unsqueeze(0).contiguous()
                self.ids = ids.long()

            def forward(self, x):
                return self.fc(x)[:, self.ids] + self.anchors
        """,
        """
        import torch
        from torch import nn

        class Anchored(nn.Module):
            def __init__(self, anchors, ids):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.register_buffer("anchors", anchors.unsqueeze(0).contiguous(), persistent=False)
                self.register_buffer("ids", ids.long(), persistent=False)

            def forward(self, x):
                return self.fc(x)[:, self.ids] + self.anchors
        """,
        message="register it as a buffer",
        line=8,
    ),
    # (session 34) The host read goes through a local name (`header = self.header`, then
    # `header.numpy()`), or a method returning the attribute, or a library that converts to NumPy.
    Invalid(
        """
        import torch
        from torch import nn

        class Darknet(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.header = torch.tensor([0, 0, 0, 0], dtype=torch.int32)

            def forward(self, x):
                return self.fc(x) + self.header[0]

            def save_weights(self, path):
                header = self.header
                header = header.numpy()
                header.tofile(path)
        """,
        None,
        message="the class reads it as a host tensor (`header.numpy()`)",
        line=8,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def __init__(self):
                super().__init__()
                self.probs = torch.tensor([0.2, 0.3, 0.5])

            def get_probs(self):
                return self.probs

            def forward(self, x):
                k = np.random.choice(3, p=self.get_probs().numpy())
                return x[:, k]
        """,
        None,
        message="the class reads it as a host tensor (`self.get_probs().numpy()`)",
        line=8,
    ),
    Invalid(
        """
        import matplotlib.pyplot as plt
        import torch
        from torch import nn

        class Counter(nn.Module):
            def __init__(self):
                super().__init__()
                self.hist = torch.zeros(3)

            def forward(self, x):
                return x + self.hist

            def show(self):
                h = self.hist.detach()
                plt.bar(range(3), h)
        """,
        None,
        message="the class reads it as a host tensor (`plt.bar(range(3), h)`)",
        line=8,
    ),
    # The local name is moved to the host before NumPy reads it: a buffer on the GPU is fine there.
    Invalid(
        """
        import torch
        from torch import nn

        class Saver(nn.Module):
            def __init__(self):
                super().__init__()
                self.header = torch.zeros(4)

            def forward(self, x):
                return x + self.header[0]

            def save(self, path):
                header = self.header
                header = header.cpu()
                header.numpy().tofile(path)
        """,
        """
        import torch
        from torch import nn

        class Saver(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("header", torch.zeros(4), persistent=False)

            def forward(self, x):
                return x + self.header[0]

            def save(self, path):
                header = self.header
                header = header.cpu()
                header.numpy().tofile(path)
        """,
        message="register it as a buffer",
        line=7,
    ),
    # (round 7) Casts that reach the module by ways the file shows: the module's own method over its
    # children or `super()`, a class's method handed the module, a copy of it.
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

            def to_double(self):
                for child in self.children():
                    child.double()

        outer = Halved()
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

            def to_double(self):
                for child in self.children():
                    child.double()

        outer = Halved()
        """,
        message="unsafe: the file casts a module (`child.double()`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        class Half(Halved):
            def prepare(self):
                return super().half()
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        class Half(Halved):
            def prepare(self):
                return super().half()
        """,
        message="unsafe: the file casts a module (`super().half()`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        net = Halved()
        type(net).double(net)
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        net = Halved()
        type(net).double(net)
        """,
        message="unsafe: the file casts a module (`type(net).double(net)`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        import copy

        net = Halved()
        twin = copy.deepcopy(net).double()
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        import copy

        net = Halved()
        twin = copy.deepcopy(net).double()
        """,
        message="unsafe: the file casts a module (`copy.deepcopy(net).double()`)",
        line=7,
    ),
    # Casts the code does not spell out (round 6), taken for casts of every module: `nn.Module`'s own
    # method named (an alias of it), `getattr(model, name)()`, `.to()` handed a tensor (whose dtype it
    # takes).
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        to_double = nn.Module.double
        to_double(Halved())
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        to_double = nn.Module.double
        to_double(Halved())
        """,
        message="unsafe: the file casts a module (`nn.Module.double`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        net = Halved()
        precision = "half"
        getattr(net, precision)()
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        net = Halved()
        precision = "half"
        getattr(net, precision)()
        """,
        message="unsafe: the file casts a module (`getattr(net, precision)()`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x * self.scale

        reference = torch.zeros(1, dtype=torch.float64)
        net = Halved().to(reference)
        """,
        """
        import torch
        from torch import nn

        class Halved(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.scale

        reference = torch.zeros(1, dtype=torch.float64)
        net = Halved().to(reference)
        """,
        message="unsafe: the file casts a module (`Halved().to(reference)`)",
        line=7,
    ),
    # `Module.type()` casts every tensor, an integer one too; `.to(dtype)` through a name is a cast.
    Invalid(
        """
        import torch
        from torch import nn

        class Indexed(nn.Module):
            def __init__(self):
                super().__init__()
                self.index = torch.arange(3).long()
                self.scale = torch.ones(3)

            def forward(self, x):
                return x[..., self.index] * self.scale

        def build(dtype):
            model = Indexed()
            model.to(dtype)
            return Indexed().type(torch.DoubleTensor)
        """,
        """
        import torch
        from torch import nn

        class Indexed(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("index", torch.arange(3).long(), persistent=False)
                self.register_buffer("scale", torch.ones(3), persistent=False)

            def forward(self, x):
                return x[..., self.index] * self.scale

        def build(dtype):
            model = Indexed()
            model.to(dtype)
            return Indexed().type(torch.DoubleTensor)
        """,
        message="unsafe: the file casts a module (`Indexed().type(torch.DoubleTensor)`)",
        line=7,
    ),
    # Their look-alikes: a bare annotation binds nothing, another class's `mask` is another object's,
    # a tensor set from outside is what a buffer takes, and an integer mask stays as the cast leaves it.
    Invalid(
        """
        import torch
        from torch import nn

        class Other(nn.Module):
            mask = None

            def forward(self, x):
                return x

        class Masked(nn.Module):
            mask: torch.Tensor

            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3).long()

            def forward(self, x):
                return x * self.mask

        net = Masked().half()
        net.mask = torch.zeros(3)
        """,
        """
        import torch
        from torch import nn

        class Other(nn.Module):
            mask = None

            def forward(self, x):
                return x

        class Masked(nn.Module):
            mask: torch.Tensor

            def __init__(self):
                super().__init__()
                self.register_buffer("mask", torch.ones(3).long(), persistent=False)

            def forward(self, x):
                return x * self.mask

        net = Masked().half()
        net.mask = torch.zeros(3)
        """,
        line=15,
    ),
    # A module of the file is cast to another dtype: the buffer follows the cast, where the plain
    # attribute kept its dtype. Unsafe.
    Invalid(
        """
        import torch
        from torch import nn

        class Scaled(nn.Module):
            def __init__(self):
                super().__init__()
                self.temperature = torch.tensor([0.07])

            def forward(self, x):
                return x / self.temperature

        model = Scaled().to(torch.bfloat16)
        """,
        """
        import torch
        from torch import nn

        class Scaled(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("temperature", torch.tensor([0.07]), persistent=False)

            def forward(self, x):
                return x / self.temperature

        model = Scaled().to(torch.bfloat16)
        """,
        message="unsafe: the file casts a module (`Scaled().to(torch.bfloat16)`)",
        line=7,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Calibrated(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.scale = torch.from_numpy(np.ones(3))

            def forward(self, x):
                return self.fc(x) * self.scale

        model = Calibrated()
        model.float()
        """,
        """
        import numpy as np
        import torch
        from torch import nn

        class Calibrated(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(3, 3)
                self.register_buffer("scale", torch.from_numpy(np.ones(3)), persistent=False)

            def forward(self, x):
                return self.fc(x) * self.scale

        model = Calibrated()
        model.float()
        """,
        message="unsafe: the file casts a module (`model.float()`)",
        line=9,
    ),
    Invalid(
        """
        import torch as T
        from torch.nn import Module

        class Causal(Module):
            def __init__(self, n, weights):
                Module.__init__(self)
                # class weights
                self.alpha = T.tensor(weights)  # per class
                pe = T.zeros(n, 4)
                pe[:, 0::2] = T.sin(T.arange(0, n).unsqueeze(1))
                self.pe = pe.unsqueeze(0)
                self.mask = T.tril(T.ones(n, n)) == 0
                self.mask = self.mask.contiguous()

            def forward(self, x):
                return x.masked_fill(self.mask, 0) * self.alpha + self.pe
        """,
        """
        import torch as T
        from torch.nn import Module

        class Causal(Module):
            def __init__(self, n, weights):
                Module.__init__(self)
                # class weights
                self.register_buffer("alpha", T.tensor(weights), persistent=False)  # per class
                pe = T.zeros(n, 4)
                pe[:, 0::2] = T.sin(T.arange(0, n).unsqueeze(1))
                self.register_buffer("pe", pe.unsqueeze(0), persistent=False)
                self.register_buffer("mask", T.tril(T.ones(n, n)) == 0, persistent=False)
                self.mask = self.mask.contiguous()

            def forward(self, x):
                return x.masked_fill(self.mask, 0) * self.alpha + self.pe
        """,
        message="`self.alpha` is a plain tensor attribute",
        line=8,
    ),
    # A child of another module: the parent's .to() reaches it through _apply, which skips its own
    # to()/cuda() overrides. Registered; the user's overrides are kept (assigning to a buffer updates it).
    Invalid(
        """
        import torch
        from torch import nn

        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.anchors = torch.rand(8, 2)

            def to(self, *args, **kwargs):
                self.anchors = self.anchors.to(*args, **kwargs)
                return super().to(*args, **kwargs)

            def forward(self, x):
                return x + self.anchors

        class Detector(nn.Module):
            def __init__(self):
                super().__init__()
                self.head = Head()

            def forward(self, x):
                return self.head(x)

        model = Detector().cuda()
        """,
        """
        import torch
        from torch import nn

        class Head(nn.Module):
            def __init__(self):
                super().__init__()
                self.anchors = torch.rand(8, 2)

            def to(self, *args, **kwargs):
                self.anchors = self.anchors.to(*args, **kwargs)
                return super().to(*args, **kwargs)

            def forward(self, x):
                return x + self.anchors

        class Detector(nn.Module):
            def __init__(self):
                super().__init__()
                self.head = Head()

            def forward(self, x):
                return self.head(x)

        model = Detector().cuda()
        """.replace(
            "self.anchors = torch.rand(8, 2)",
            'self.register_buffer("anchors", torch.rand(8, 2), persistent=False)',
        ),
        message="override moves it only when a `Head` itself is moved",
        line=7,
    ),
    # The file moves it with .cuda(); only to() is overridden: the override never runs.
    Invalid(
        """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.scale = torch.ones(n)

            def to(self, device):
                self.scale = self.scale.to(device)
                return super().to(device)

            def forward(self, x):
                return self.fc(x) * self.scale

        policy = Policy(4).cuda()
        """,
        """
        import torch
        from torch import nn

        class Policy(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.register_buffer("scale", torch.ones(n), persistent=False)

            def to(self, device):
                self.scale = self.scale.to(device)
                return super().to(device)

            def forward(self, x):
                return self.fc(x) * self.scale

        policy = Policy(4).cuda()
        """,
        message="moves the module with `.cuda()`, which no override of it covers",
        line=8,
    ),
    # Set to None first, then in a branch: the None is registered, so the tensor updates the buffer.
    # Set in both branches (legacy constructors too): both are registered.
    Invalid(
        """
        import torch
        from torch import nn

        class Attn(nn.Module):
            def __init__(self, n, causal, learned):
                super().__init__()
                self.mask = None
                if causal:
                    self.mask = torch.triu(torch.ones(n, n), diagonal=1).bool()
                if learned:
                    self.bias = torch.Tensor([0.5, 1.0])
                else:
                    self.bias = torch.FloatTensor(2).zero_()

            def forward(self, x):
                x = x if self.mask is None else x.masked_fill(self.mask, 0.0)
                return x * self.bias
        """,
        """
        import torch
        from torch import nn

        class Attn(nn.Module):
            def __init__(self, n, causal, learned):
                super().__init__()
                self.register_buffer("mask", None, persistent=False)
                if causal:
                    self.mask = torch.triu(torch.ones(n, n), diagonal=1).bool()
                if learned:
                    self.register_buffer("bias", torch.Tensor([0.5, 1.0]), persistent=False)
                else:
                    self.register_buffer("bias", torch.FloatTensor(2).zero_(), persistent=False)

            def forward(self, x):
                x = x if self.mask is None else x.masked_fill(self.mask, 0.0)
                return x * self.bias
        """,
        message="it starts as None",
        line=7,
    ),
    # Set in a helper __init__ calls, and reassigned (to a tensor) by forward.
    Invalid(
        """
        import torch
        from torch import nn

        class Running(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.reset(n)

            def reset(self, n):
                self.mean = torch.zeros(n)

            def forward(self, x):
                self.mean = 0.9 * self.mean + 0.1 * x.mean(0).detach()
                return x - self.mean
        """,
        """
        import torch
        from torch import nn

        class Running(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.reset(n)

            def reset(self, n):
                self.register_buffer("mean", torch.zeros(n), persistent=False)

            def forward(self, x):
                self.mean = 0.9 * self.mean + 0.1 * x.mean(0).detach()
                return x - self.mean
        """,
    ),
    # Reassigned to a value that may not be a tensor: reported, not fixed.
    Invalid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.mask = torch.ones(4)

            def set_mask(self, mask):
                self.mask = mask

            def forward(self, x):
                return x * self.mask
        """,
        message="may not be a tensor",
    ),
    # A base class from another file: taken for an nn.Module, so the fix is unsafe.
    Invalid(
        """
        import torch
        from torch import nn
        from models import BaseVAE

        class BetaVAE(BaseVAE):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.c_max = torch.Tensor([25])

            def forward(self, x):
                return self.fc(x) * self.c_max
        """,
        """
        import torch
        from torch import nn
        from models import BaseVAE

        class BetaVAE(BaseVAE):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 4)
                self.register_buffer("c_max", torch.Tensor([25]), persistent=False)

            def forward(self, x):
                return self.fc(x) * self.c_max
        """,
        message="taken for an nn.Module",
    ),
    # An LSTM's state kept in `self.hidden`: no buffer holds a tuple, so it is moved where the LSTM reads
    # it, to the device of forward's input (`x` is a tensor there: `x.view(...)` made it).
    Invalid(
        """
        import torch
        import torch.autograd as autograd
        from torch import nn

        class LRCN(nn.Module):
            def __init__(self, n, layers, batch):
                super().__init__()
                self.n, self.layers, self.batch = n, layers, batch
                self.lstm = nn.LSTM(n, n, layers)
                self.hidden = self.init_hidden()

            def init_hidden(self):
                return (autograd.Variable(torch.zeros(self.layers, self.batch, self.n)),
                        autograd.Variable(torch.zeros(self.layers, self.batch, self.n)))

            def forward(self, x):
                x = x.view(-1, self.batch, self.n)
                lstm_out, self.hidden = self.lstm(x, self.hidden)
                return lstm_out[-1]

        model = LRCN(4, 1, 2)
        model.hidden = model.init_hidden()
        """,
        """
        import torch
        import torch.autograd as autograd
        from torch import nn

        class LRCN(nn.Module):
            def __init__(self, n, layers, batch):
                super().__init__()
                self.n, self.layers, self.batch = n, layers, batch
                self.lstm = nn.LSTM(n, n, layers)
                self.hidden = self.init_hidden()

            def init_hidden(self):
                return (autograd.Variable(torch.zeros(self.layers, self.batch, self.n)),
                        autograd.Variable(torch.zeros(self.layers, self.batch, self.n)))

            def forward(self, x):
                x = x.view(-1, self.batch, self.n)
                lstm_out, self.hidden = self.lstm(x, tuple(h.to(x.device) for h in self.hidden))
                return lstm_out[-1]

        model = LRCN(4, 1, 2)
        model.hidden = model.init_hidden()
        """,
        message="move it to the LSTM's device where the LSTM reads it",
        line=10,
    ),
    # An LSTMCell's state, read as `hx=`: `tokens` is not shown to be a tensor (it may be a list the
    # embedding takes), so the state goes to the cell's own device.
    Invalid(
        """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def __init__(self, vocab, n):
                super().__init__()
                self.embed = nn.Embedding(vocab, n)
                self.cell = nn.LSTMCell(n, n)
                self.state = (torch.zeros(1, n), torch.zeros(1, n))

            def forward(self, tokens):
                self.state = self.cell(self.embed(tokens), hx=self.state)
                return self.embed.weight[0]
        """,
        """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def __init__(self, vocab, n):
                super().__init__()
                self.embed = nn.Embedding(vocab, n)
                self.cell = nn.LSTMCell(n, n)
                self.state = (torch.zeros(1, n), torch.zeros(1, n))

            def forward(self, tokens):
                self.state = self.cell(self.embed(tokens), hx=tuple(h.to(next(self.cell.parameters()).device) for h in self.state))
                return self.embed.weight[0]
        """,
    ),
    # Also set to None (the LSTM's zero state): the move would fail on it. Reported, not fixed.
    Invalid(
        """
        import torch
        from torch import nn

        class Tagger(nn.Module):
            def __init__(self, vocab, n):
                super().__init__()
                self.embed = nn.Embedding(vocab, n)
                self.lstm = nn.LSTM(n, n)
                self.hidden = self.init_hidden(n)

            def init_hidden(self, n):
                return torch.zeros(1, 1, n), torch.zeros(1, 1, n)

            def reset(self):
                self.hidden = None

            def forward(self, tokens):
                out, self.hidden = self.lstm(self.embed(tokens), self.hidden)
                return out
        """,
        message="not fixed: it is also set to None in `reset`",
    ),
    # Read other than as the state of an LSTM; set from a GRU (whose state is one tensor); set outside
    # the class to something else: reported, not fixed.
    Invalid(
        """
        import torch
        from torch import nn

        class Seq(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.hidden = (torch.zeros(1, 1, n), torch.zeros(1, 1, n))
                self.rnn = nn.LSTM(n, n)

            def forward(self, x):
                h, c = self.hidden
                y, self.hidden = self.rnn(x, (h.detach(), c.detach()))
                return y
        """,
        message="not fixed: it is read in `forward` other than as the state of an LSTM of the class",
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Encoder(nn.Module):
            def __init__(self, n):
                super(Encoder, self).__init__()
                self.gru = nn.GRU(n, n, batch_first=True)
                self.state = torch.zeros(1, 1, n), torch.zeros(1, 1, n)

            def encode(self, x):
                _, self.state = self.gru(x, self.state)
                return self.state
        """,
        message="not fixed: it is also set in `encode` to what may not be an LSTM's state",
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self, n, layers=2):
                nn.Module.__init__(self)
                self.lstm = nn.LSTM(n, n, layers)
                self.h = torch.zeros(layers, 1, n), torch.ones(layers, 1, n)

            def forward(self, x):
                return self.lstm(x, self.h)[0]

        net = Net(4)
        net.h = None
        """,
        message="not fixed: it is also set outside the class (`net.h = None`)",
    ),
    # A tensor made by a top-level function of the file: what every `return` of it gives.
    Invalid(
        """
        import torch
        from torch import nn


        def causal_mask(n):
            mask = torch.ones(n, n)
            return torch.triu(mask, diagonal=1).bool()


        class Attention(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.mask = causal_mask(n)

            def forward(self, x):
                return self.fc(x).masked_fill(self.mask, 0.0)
        """,
        """
        import torch
        from torch import nn


        def causal_mask(n):
            mask = torch.ones(n, n)
            return torch.triu(mask, diagonal=1).bool()


        class Attention(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.fc = nn.Linear(n, n)
                self.register_buffer("mask", causal_mask(n), persistent=False)

            def forward(self, x):
                return self.fc(x).masked_fill(self.mask, 0.0)
        """,
        message="`self.mask` is a plain tensor attribute",
        line=14,
    ),
    # (s32, round 7) A float32 cast reaches a value whose dtype the code does not show as float32 (a
    # dtype handed in), and code that lists the module's buffers would list the new one: unsafe.
    Invalid(
        """
        import torch
        from torch import nn

        class Tabled(nn.Module):
            def __init__(self, dt=torch.float64):
                super().__init__()
                self.table = torch.full((3,), 1 / 3, dtype=dt)

            def forward(self, x):
                return x * self.table

        net = Tabled(torch.float64)
        net.to(torch.float32)
        """,
        """
        import torch
        from torch import nn

        class Tabled(nn.Module):
            def __init__(self, dt=torch.float64):
                super().__init__()
                self.register_buffer("table", torch.full((3,), 1 / 3, dtype=dt), persistent=False)

            def forward(self, x):
                return x * self.table

        net = Tabled(torch.float64)
        net.to(torch.float32)
        """,
        message="unsafe: the file casts a module (`net.to(torch.float32)`)",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Masked(nn.Module):
            def __init__(self):
                super().__init__()
                self.mask = torch.ones(3)

            def forward(self, x):
                return x * self.mask

        net = Masked()
        for b in net.buffers():
            b.zero_()
        """,
        """
        import torch
        from torch import nn

        class Masked(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("mask", torch.ones(3), persistent=False)

            def forward(self, x):
                return x * self.mask

        net = Masked()
        for b in net.buffers():
            b.zero_()
        """,
        message="unsafe: the file reads a module's buffers or attributes (`net.buffers`)",
        line=7,
    ),
]

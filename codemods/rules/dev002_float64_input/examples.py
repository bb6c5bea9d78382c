"""DEV002's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # The model is made float64 another way: its own methods' chain, a part of it, another name, a
    # function of the file handed it, a function applied to its modules, a dtype through a name, a
    # float64 tensor it is moved to. Its input stays float64.
    # (s32) A dtype chosen by a condition, float64 one of them, given to `.to()` or to
    # `torch.set_default_dtype`: the model may be float64.
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        use_double = True
        model = nn.Linear(4, 2)
        model = model.to(torch.float64 if use_double else torch.float32)
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        double = True
        torch.set_default_dtype(torch.float64 if double else torch.float32)
        model = nn.Linear(4, 2)
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    # (round 7) Made float64 through its class (`type(model)`), a part picked by a method or by
    # `next`, a list of its children, a function handed it by keyword, a class that keeps it.
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Linear(4, 2)
        type(model).double(model)
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Sequential(nn.Linear(4, 2))
        model.get_submodule("0").double()
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Sequential(nn.Linear(4, 2), nn.ReLU())
        next(iter(model)).double()
        list(model.children())[0].double()
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        def prep(net):
            net[0].double()

        model = nn.Sequential(nn.Linear(4, 2))
        prep(net=model)
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Trainer:
            def __init__(self, net):
                self.net = net

            def to_double(self):
                self.net.double()

        model = nn.Linear(4, 2)
        Trainer(model).to_double()
        y = model(torch.from_numpy(np.random.randn(3, 4)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Linear(3, 1)
        model.requires_grad_(False).double()
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Sequential(nn.Linear(3, 1))
        model[0].double()
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Linear(3, 1)
        net = model
        net.double()
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        def prepare(m):
            m.double()

        model = nn.Linear(3, 1)
        prepare(model)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    # Float64 on purpose through a loop over the models, `nn.Module`'s own method, and options shown
    # (round 6).
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        model = nn.Linear(3, 1)
        for m in [model]:
            m.double()
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        model = nn.Linear(3, 1)
        nn.Module.double(model)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        options = dict(dtype=torch.float64)
        model = nn.Linear(3, 1)
        model.to(**options)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Sequential(nn.Linear(3, 1))
        model.apply(lambda m: m.double())
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        dtype = torch.float64
        model = nn.Linear(3, 1, dtype=dtype)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn
        reference = torch.zeros(1, dtype=torch.float64)
        model = nn.Linear(3, 1).to(reference)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """
    ),
    # A dataset's rows made float32 in its `__init__`: `torch.from_numpy(dataset.data)` and the
    # batches of a loader over it are float32 already.
    Valid(
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, Dataset

        class Rows(Dataset):
            def __init__(self, n):
                self.data = np.random.randn(n, 4).astype(np.float32)

            def __len__(self):
                return len(self.data)

            def __getitem__(self, i):
                return self.data[i]

        def run():
            model = torch.nn.Linear(4, 1)
            dataset = Rows(8)
            for x in DataLoader(dataset, batch_size=4):
                model(x)
            return model(torch.from_numpy(dataset.data))
        """
    ),
    # The model is double on purpose: dtypes agree.
    Valid(
        """
        import torch
        model = torch.nn.Linear(4, 2).double()
        x = torch.randn(8, 4).double()
        y = model(x)
        """
    ),
    Valid(
        """
        import torch
        torch.set_default_dtype(torch.float64)
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4, dtype=torch.float64)
        y = model(x)
        """
    ),
    # Float64 used for a statistic that never reaches a model.
    Valid(
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4)
        total = torch.zeros(2, dtype=torch.float64)
        total += model(x).sum(0).double()
        """
    ),
    # Already cast to float32.
    Valid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.from_numpy(np.random.randn(8, 4)).float()
        y = model(x)
        """
    ),
    # NumPy data made float32 before conversion.
    Valid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2)
        data = np.random.randn(8, 4).astype(np.float32)
        y = model(torch.from_numpy(data))
        """
    ),
    # Integer NumPy data (token ids) must stay integer.
    Valid(
        """
        import numpy as np
        import torch
        emb = torch.nn.Embedding(10, 4)
        ids = torch.from_numpy(np.random.randint(0, 10, size=(8,)))
        y = emb(ids)
        """
    ),
    # A name re-bound to something else before the model sees it.
    Valid(
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4).double()
        x = torch.randn(8, 4)
        y = model(x)
        """
    ),
    # Layers created in double precision on purpose.
    Valid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2, dtype=torch.float64)
        x = torch.from_numpy(np.loadtxt("data.csv"))
        y = model(x)
        """
    ),
    # An embedding takes indices: NumPy data of unknown dtype is left as it is.
    Valid(
        """
        import numpy as np
        import torch
        emb = torch.nn.Embedding(10, 4)
        ids = torch.from_numpy(np.load("ids.npy"))
        out = emb(ids)
        """
    ),
    # Generator data made float32 before conversion.
    Valid(
        """
        import numpy as np
        import torch
        rng = np.random.default_rng(0)
        model = torch.nn.Linear(4, 2)
        x = torch.from_numpy(rng.normal(size=(8, 4)).astype(np.float32))
        y = model(x[:4])
        """
    ),
    # Arrays made float32 where they are built (`dtype=` on a call spanning lines), then rebound to their
    # tensors under the same names: `torch.from_numpy` reads the float32 array the name held.
    Valid(
        """
        import numpy as np
        import torch
        inputs = np.array([[73, 67, 43],
                           [91, 88, 64]],
                          dtype='float32')
        targets = np.array([[56, 70], [81, 101]], dtype=np.float32)
        inputs = torch.from_numpy(inputs)
        targets = torch.from_numpy(targets)
        model = torch.nn.Linear(3, 2)
        loss = torch.nn.functional.mse_loss(model(inputs), targets)
        """
    ),
    # NumPy's float32 type called on float64 data, and a dtype given by position, through names.
    Valid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 1)
        x = np.float32(np.random.randn(8, 4))
        batch = x[:4]
        y = model(torch.from_numpy(batch))
        w = np.asarray(np.random.rand(8, 4), np.float32)
        z = model(torch.from_numpy(w))
        """
    ),
]

INVALID = [
    # A dtype the file does not show (a parameter, another tensor's): the model may be float64, and
    # the cast would break it. Reported, not fixed.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        def run(dtype):
            model = nn.Linear(3, 1, dtype=dtype)
            return model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `nn.Linear(3, 1, dtype=dtype)` may make a model float64",
        line=7,
    ),
    # (s32, round 7) A dtype read from a container or an option: any dtype, float64 among them.
    # Reported, not fixed.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        cfg = {"dtype": torch.float64}
        model = nn.Linear(4, 2, dtype=cfg["dtype"])
        out = model(torch.from_numpy(np.random.randn(3, 4)))
        """,
        None,
        message='left in place: `nn.Linear(4, 2, dtype=cfg["dtype"])` may make a model float64',
        line=7,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        def run(args):
            model = nn.Linear(4, 2, dtype=args.precision)
            return model(torch.from_numpy(np.random.randn(3, 4)))
        """,
        None,
        message="left in place: `nn.Linear(4, 2, dtype=args.precision)` may make a model float64",
        line=7,
    ),
    # Casts the holders do not follow (round 5): a loop's variable over what the file does not show,
    # options given as `**`, to `.to()` too (round 6).
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        model = nn.Linear(3, 1)
        for m in registry.values():
            m.double()
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `m.double()` may make a model float64",
        line=8,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        def run(options):
            model = nn.Linear(3, 1)
            model.to(**options)
            return model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `model.to(**options)` may make a model float64",
        line=8,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        options = {"dtype": torch.float64}
        model = nn.Linear(3, 1, **options)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `nn.Linear(3, 1, **options)` may make a model float64",
        line=7,
    ),
    # (round 7) A function run on each tensor (`_apply`), a layer built with `**options` however it
    # is imported, a cast of what may be the model (a copy): reported, not fixed.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn
        model = nn.Linear(3, 1)
        model._apply(lambda t: t.to(torch.float64))
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `model._apply(lambda t: t.to(torch.float64))` may make a model float64",
        line=6,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch.nn import Linear
        factory = {"dtype": torch.float64}
        model = Linear(3, 1, **factory)
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `Linear(3, 1, **factory)` may make a model float64",
        line=6,
    ),
    Invalid(
        """
        import copy
        import numpy as np
        import torch
        from torch import nn
        model = nn.Linear(3, 1)
        twin = copy.deepcopy(model).double()
        y = model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `copy.deepcopy(model).double()` may make a model float64",
        line=7,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        def run(x):
            model = nn.Linear(3, 1)
            model.to(x.dtype)
            return model(torch.from_numpy(np.random.randn(4, 3)))
        """,
        None,
        message="left in place: `model.to(x.dtype)` may make a model float64",
        line=8,
    ),
    # A dataset of float64 NumPy windows (a helper's `np.loadtxt` result): its batches are float64
    # and raise in the GRU; the cast goes where they enter the model (safe: that call raised).
    Invalid(
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, Dataset

        def load(path):
            data = np.loadtxt(path, delimiter=",")
            return data / data.max(0)

        class Windows(Dataset):
            def __init__(self, series):
                self.series = series

            def __len__(self):
                return len(self.series) - 4

            def __getitem__(self, i):
                return self.series[i:i + 4], self.series[i + 4, :1]

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.gru = torch.nn.GRU(2, 8, batch_first=True)

            def forward(self, x):
                return self.gru(x)[0][:, -1]

        def train(path):
            series = load(path)
            loader = DataLoader(Windows(series), batch_size=8)
            model = Net()
            for x, y in loader:
                out = model(x)
        """,
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, Dataset

        def load(path):
            data = np.loadtxt(path, delimiter=",")
            return data / data.max(0)

        class Windows(Dataset):
            def __init__(self, series):
                self.series = series

            def __len__(self):
                return len(self.series) - 4

            def __getitem__(self, i):
                return self.series[i:i + 4], self.series[i + 4, :1]

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.gru = torch.nn.GRU(2, 8, batch_first=True)

            def forward(self, x):
                return self.gru(x)[0][:, -1]

        def train(path):
            series = load(path)
            loader = DataLoader(Windows(series), batch_size=8)
            model = Net()
            for x, y in loader:
                out = model(x.float())
        """,
        message="`x` is a float64 batch",
    ),
    # A float64 target beside the model's output in a loss: torch 2.11 raises in the backward, 2.13 runs
    # the loss in float64. Cast in the loss's call only (unsafe); printing it is left alone.
    Invalid(
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, Dataset

        class Windows(Dataset):
            def __init__(self, path):
                self.series = np.loadtxt(path, delimiter=",")

            def __len__(self):
                return len(self.series) - 4

            def __getitem__(self, i):
                return self.series[i:i + 4], self.series[i + 4, :1]

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.gru = torch.nn.GRU(2, 8, batch_first=True)

            def forward(self, x):
                return self.gru(x)[0][:, -1]

        def train(path):
            loader = DataLoader(Windows(path), batch_size=8)
            model = Net()
            criterion = torch.nn.MSELoss()
            for x, y in loader:
                out = model(x.float())
                loss = criterion(out, y)
                print(out, y)
        """,
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, Dataset

        class Windows(Dataset):
            def __init__(self, path):
                self.series = np.loadtxt(path, delimiter=",")

            def __len__(self):
                return len(self.series) - 4

            def __getitem__(self, i):
                return self.series[i:i + 4], self.series[i + 4, :1]

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.gru = torch.nn.GRU(2, 8, batch_first=True)

            def forward(self, x):
                return self.gru(x)[0][:, -1]

        def train(path):
            loader = DataLoader(Windows(path), batch_size=8)
            model = Net()
            criterion = torch.nn.MSELoss()
            for x, y in loader:
                out = model(x.float())
                loss = criterion(out, y.float())
                print(out, y)
        """,
        message="beside a float32 model's output",
    ),
    # Data that reaches nothing but the model (moved, sliced on the way) or its size: the original
    # raised at the model's first call, so the cast is safe.
    Invalid(
        """
        import numpy as np
        import torch

        def run(use_cuda):
            model = torch.nn.Linear(1, 3)
            inputs = torch.from_numpy(np.random.uniform(-1, 1, (16, 1)))
            if use_cuda:
                model, inputs = model.cuda(), inputs.cuda()
            return model(inputs), model(inputs[:4]), inputs.size(0)
        """,
        """
        import numpy as np
        import torch

        def run(use_cuda):
            model = torch.nn.Linear(1, 3)
            inputs = torch.from_numpy(np.random.uniform(-1, 1, (16, 1))).float()
            if use_cuda:
                model, inputs = model.cuda(), inputs.cuda()
            return model(inputs), model(inputs[:4]), inputs.size(0)
        """,
    ),
    # Also used where float64 runs (its sum is returned): the cast would change that, so the fix is
    # unsafe, and the message says why.
    Invalid(
        """
        import numpy as np
        import torch

        def run():
            model = torch.nn.Linear(4, 1)
            x = torch.from_numpy(np.random.randn(8, 4))
            return model(x), x.sum()
        """,
        """
        import numpy as np
        import torch

        def run():
            model = torch.nn.Linear(4, 1)
            x = torch.from_numpy(np.random.randn(8, 4)).float()
            return model(x), x.sum()
        """,
        message="the cast changes those results",
    ),
    Invalid(
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4).double()
        y = model(x)
        """,
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4).float()
        y = model(x)
        """,
    ),
    Invalid(
        """
        import torch as T
        net = T.nn.Sequential(T.nn.Linear(4, 2))
        out = net(T.ones(3, 4, dtype=T.float64))
        """,
        """
        import torch as T
        net = T.nn.Sequential(T.nn.Linear(4, 2))
        out = net(T.ones(3, 4, dtype=T.float32))
        """,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                return x

        def run():
            model = Net()
            x = torch.rand(2, 3, dtype=torch.double)
            return model(x)
        """,
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                return x

        def run():
            model = Net()
            x = torch.rand(2, 3, dtype=torch.float32)
            return model(x)
        """,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.from_numpy(np.random.randn(8, 4)).to("cpu")
        y = model(x)
        """,
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.from_numpy(np.random.randn(8, 4)).float().to("cpu")
        y = model(x)
        """,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2)
        data = np.linspace(0, 1, 32).reshape(8, 4)
        y = model(torch.tensor(data))
        """,
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 2)
        data = np.linspace(0, 1, 32).reshape(8, 4)
        y = model(torch.tensor(data, dtype=torch.float32))
        """,
    ),
    Invalid(
        """
        import torch
        model = torch.nn.Linear(4, 2).to("cpu")
        x = torch.randn(8, 4)
        x = x.to(torch.float64)
        y = model(x)
        """,
        """
        import torch
        model = torch.nn.Linear(4, 2).to("cpu")
        x = torch.randn(8, 4)
        x = x.to(torch.float32)
        y = model(x)
        """,
    ),
    Invalid(
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4)
        y = model(x.to(dtype=torch.double))  # keep this comment
        """,
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.randn(8, 4)
        y = model(x.to(dtype=torch.float32))  # keep this comment
        """,
    ),
    # NumPy's Generator API draws float64.
    Invalid(
        """
        import numpy as np
        import torch
        rng = np.random.default_rng(0)
        model = torch.nn.Linear(4, 2)
        x = torch.from_numpy(rng.normal(size=(8, 4)))
        y = model(x)
        """,
        """
        import numpy as np
        import torch
        rng = np.random.default_rng(0)
        model = torch.nn.Linear(4, 2)
        x = torch.from_numpy(rng.normal(size=(8, 4))).float()
        y = model(x)
        """,
    ),
    # `np.loadtxt` data, sliced, then fed one minibatch at a time.
    Invalid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(3, 1)
        data = np.loadtxt("table.csv", delimiter=",")
        X = torch.from_numpy(data[:, :3])
        out = model(X[idx])
        """,
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(3, 1)
        data = np.loadtxt("table.csv", delimiter=",")
        X = torch.from_numpy(data[:, :3]).float()
        out = model(X[idx])
        """,
    ),
    # A DataFrame's values (dtype unknown here) into a model whose first layer takes floats.
    Invalid(
        """
        import pandas as pd
        import torch
        model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3, 1))
        frame = pd.read_csv("table.csv")
        X = torch.from_numpy(frame[["a", "b", "c"]].values)
        out = model(X)
        """,
        """
        import pandas as pd
        import torch
        model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(3, 1))
        frame = pd.read_csv("table.csv")
        X = torch.from_numpy(frame[["a", "b", "c"]].values).float()
        out = model(X)
        """,
    ),
    # Any array of unknown dtype, into a local module whose forward starts with a convolution.
    Invalid(
        """
        import torch
        from torch import nn
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(1, 4, 3)
            def forward(self, x):
                return self.conv(x).relu()
        model = Net()
        def predict(images):
            return model(torch.from_numpy(images))
        """,
        """
        import torch
        from torch import nn
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(1, 4, 3)
            def forward(self, x):
                return self.conv(x).relu()
        model = Net()
        def predict(images):
            return model(torch.from_numpy(images).float())
        """,
    ),
    # `.double()` then `.to(device)`.
    Invalid(
        """
        import torch
        model = torch.nn.Linear(3, 1).to(device)
        x = torch.tensor(values).double().to(device)
        out = model(x)
        """,
        """
        import torch
        model = torch.nn.Linear(3, 1).to(device)
        x = torch.tensor(values).float().to(device)
        out = model(x)
        """,
    ),
    # Rebound under its own name: the float64 array the name held is what `torch.from_numpy` reads.
    Invalid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 1)
        x = np.random.randn(8, 4)
        x = torch.from_numpy(x)
        y = model(x)
        """,
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(4, 1)
        x = np.random.randn(8, 4)
        x = torch.from_numpy(x).float()
        y = model(x)
        """,
        message="NumPy data is float64",
        line=5,
    ),
    # NumPy's float64 type called on data is float64.
    Invalid(
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(2, 1)
        x = np.float64([[1, 2], [3, 4]])
        y = model(torch.from_numpy(x))
        """,
        """
        import numpy as np
        import torch
        model = torch.nn.Linear(2, 1)
        x = np.float64([[1, 2], [3, 4]])
        y = model(torch.from_numpy(x).float())
        """,
        message="NumPy data is float64",
        line=5,
    ),
]

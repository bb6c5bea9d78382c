"""When `Variable(x)` is plain `x` (issue 13), and when the `.detach()` it means must stay.

Each case is a small program with one `Variable(...)` call; the table says whether DEV009 rewrites it
to the argument itself ("plain") or to `.detach()` ("detach"). The "detach" rows are the ways plain
`x` could differ: gradient history the call would cut, or an object someone else can still see.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
import torch
from torch.autograd import Variable

from autofix.engine.lint import lint_and_fix
from codemods.rules.dev009_legacy_tensor_api.rule import LegacyTensorApi

LOADER = (
    "import numpy as np\nimport torch\nfrom torch.autograd import Variable\n"
    "loader = torch.utils.data.DataLoader(np.load('batches.npy'), batch_size=4)\n"
)

CASES = {
    # plain: nothing to detach, and nothing else holds the object
    "factory": ("plain", "y = model(Variable(torch.zeros(3)))"),
    "data attribute": ("plain", "y = model(Variable(w.data))"),
    "numpy into a legacy constructor": ("plain", "y = model(Variable(torch.FloatTensor(np.ones(3))))"),
    "loader batch rebound": (
        "plain",
        """
        def train():
            for i, (x, t) in enumerate(loader):
                x = Variable(x)
                model(x).sum().backward()
        """,
    ),
    "loader batch moved first": (
        "plain",
        """
        def train():
            for x, t in loader:
                x, t = x.cuda(), t.cuda()
                out = model(Variable(x))
        """,
    ),
    "local fresh tensor, read for its size": (
        "plain",
        """
        def init_hidden(n):
            h = torch.zeros(1, n, 8)
            print(h.size(0))
            return Variable(h)
        """,
    ),
    # detach: it may have a history, or the object is seen elsewhere
    "parameter": ("detach", "def f(x):\n    return model(Variable(x))"),
    "attribute": ("detach", "y = model(Variable(self.hidden))"),
    "a dataset's data": ("detach", "y = model(Variable(train_set.data))"),
    "another call's result": ("detach", "y = model(Variable(encoder(x)))"),
    "legacy constructor of a tensor aliases it": ("detach", "y = model(Variable(torch.FloatTensor(t)))"),
    "hidden state carried by a loop": (
        "detach",
        """
        def run(xs):
            h = torch.zeros(3)
            for x in xs:
                h = Variable(h)
                h = cell(x, h)
        """,
    ),
    "fresh outside the loop, reused in it": (
        "detach",
        """
        def run(xs):
            h = torch.zeros(3)
            for x in xs:
                v = Variable(h)
                v.requires_grad_()
        """,
    ),
    "changed in place": (
        "detach",
        """
        def run(w):
            x = torch.zeros(3)
            x.add_(w)
            return Variable(x)
        """,
    ),
    "autograd state set": (
        "detach",
        """
        def run():
            x = torch.zeros(3)
            x.requires_grad = True
            return Variable(x)
        """,
    ),
    "kept by a list first": (
        "detach",
        """
        def train():
            for x, t in loader:
                seen.append(x)
                x = Variable(x)
        """,
    ),
    "also used elsewhere": (
        "detach",
        """
        def train():
            for x, t in loader:
                out = model(Variable(x))
                other(x)
        """,
    ),
    "bound by a branch to a parameter": (
        "detach",
        """
        def run(p, flag):
            if flag:
                x = torch.zeros(3)
            else:
                x = p
            return Variable(x)
        """,
    ),
    "loader with its own collate": (
        "detach",
        """
        loader2 = torch.utils.data.DataLoader(data, collate_fn=keep)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    # a loader of tensors the file makes require grad: its batches are slices with history
    "loader of a dataset that requires grad": (
        "detach",
        """
        source = torch.randn(4, 2, requires_grad=True)
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(source), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset made to require grad": (
        "detach",
        """
        source = torch.zeros(4, 2)
        source.requires_grad_()
        dataset = torch.utils.data.TensorDataset(source)
        loader2 = torch.utils.data.DataLoader(dataset, batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset whose tensor is set to require grad": (
        "detach",
        """
        source = torch.zeros(4, 2)
        source.requires_grad = True
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(source), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of a layer's weight": (
        "detach",
        """
        layer = torch.nn.Linear(2, 4)
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(layer.weight), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    # a loader of a model's output: the model's parameters require grad, so its output has history
    # (round 5); through a method, a layer made in place, a helper of the file that returns it
    "loader of a dataset of a model's output": (
        "detach",
        """
        model = torch.nn.Linear(2, 2)
        data = model(torch.randn(4, 2))
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of a helper's model output": (
        "detach",
        """
        net = Net()
        net.eval()
        def embed(rows):
            return net.features(rows) * 2
        def train(rows):
            feats = embed(rows)
            loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(feats, rows), batch_size=2)
            for x, y in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of a layer's output": (
        "detach",
        """
        scaled = torch.nn.Linear(2, 2)(torch.randn(4, 2)) + 1
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(scaled), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    # an indexed layer of a model (round 6), and a dataset class of the file whose code runs a model (by
    # name or indexed) or makes a tensor require grad
    "loader of a dataset of an indexed layer's output": (
        "detach",
        """
        enc = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
        data = enc[0](torch.randn(4, 2))
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset class running a model": (
        "detach",
        """
        model = torch.nn.Linear(2, 2)
        class Pairs(torch.utils.data.Dataset):
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return model(torch.ones(2) * i)
        loader2 = torch.utils.data.DataLoader(Pairs(), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset class keeping an indexed layer's output": (
        "detach",
        """
        enc = torch.nn.ModuleList([torch.nn.Linear(2, 2)])
        class Pairs(torch.utils.data.Dataset):
            def __init__(self):
                self.rows = enc[0](torch.randn(4, 2))
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return self.rows[i]
        pairs = Pairs()
        loader2 = torch.utils.data.DataLoader(pairs, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset class of tensors requiring grad": (
        "detach",
        """
        class Pairs(torch.utils.data.Dataset):
            def __init__(self):
                self.rows = torch.randn(4, 2)
                self.rows.requires_grad_()
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return self.rows[i] * 2
        loader2 = torch.utils.data.DataLoader(Pairs(), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset class reading a tensor that requires grad": (
        "detach",
        """
        w = torch.randn(2, requires_grad=True)
        class Pairs(torch.utils.data.Dataset):
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return w * i
        loader2 = torch.utils.data.DataLoader(Pairs(), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset class reading a tensor set to require grad": (
        "detach",
        """
        w = torch.randn(2)
        w.requires_grad = True
        class Pairs(torch.utils.data.Dataset):
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return w * i
        loader2 = torch.utils.data.DataLoader(Pairs(), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of a layer reached by getattr": (
        "detach",
        """
        enc = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
        data = getattr(enc, "0")(torch.randn(4, 2))
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset class of plain tensors": (
        "plain",
        """
        class Pairs(torch.utils.data.Dataset):
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return torch.ones(2) * i
        loader2 = torch.utils.data.DataLoader(Pairs(), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of an indexed layer's output without grad": (
        "plain",
        """
        enc = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU())
        with torch.no_grad():
            data = enc[0](torch.randn(4, 2))
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    # ... but not of one computed without gradients, or cut from the graph on the way
    "loader of a dataset of a model's output without grad": (
        "plain",
        """
        model = torch.nn.Linear(2, 2)
        with torch.no_grad():
            data = model(torch.randn(4, 2))
        cut = model(torch.randn(4, 2)).data * 2
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data, cut), batch_size=2)
        def train():
            for x, y in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of plain tensors beside a model": (
        "plain",
        """
        model = torch.nn.Linear(2, 2)
        def forward(source):
            source = model(source)
            return source
        source = torch.randn(4, 2)
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(source), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader of a dataset of plain tensors": (
        "plain",
        """
        source = torch.randn(4, 2, requires_grad=False)
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(source), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    # round 7: a batch is plain only where the dataset is shown to be data; a dataset with history
    # by a route the file does not spell as a model's call keeps the `.detach()`
    "loader over a parameter": (
        "detach",
        """
        emb = torch.nn.Embedding(6, 3)
        loader2 = torch.utils.data.DataLoader(emb.weight, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a list of a layer's rows": (
        "detach",
        """
        rows = list(torch.nn.Linear(2, 4).weight)
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over what a tensor made to require grad computes": (
        "detach",
        """
        w = torch.ones(4, 2).requires_grad_()
        loader2 = torch.utils.data.DataLoader(w * 2, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a slice of a Sequential's output": (
        "detach",
        """
        net = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU(), torch.nn.Linear(3, 1))
        trunk = net[:2]
        feats = trunk(torch.randn(4, 2))
        loader2 = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(feats), batch_size=2)
        def train():
            for (x,) in loader2:
                x = Variable(x)
        """,
    ),
    "loader over layers applied in a loop": (
        "detach",
        """
        h = torch.randn(4, 2)
        for layer in torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.ReLU()):
            h = layer(h)
        loader2 = torch.utils.data.DataLoader(h, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a functional call with a layer's weight": (
        "detach",
        """
        W = torch.nn.Linear(2, 3).weight
        data = torch.nn.functional.linear(torch.randn(4, 2), W)
        loader2 = torch.utils.data.DataLoader(data, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a dataset class given an encoder": (
        "detach",
        """
        class Features(torch.utils.data.Dataset):
            def __init__(self, enc, raw):
                self.enc, self.raw = enc, raw
            def __len__(self):
                return len(self.raw)
            def __getitem__(self, i):
                return self.enc(self.raw[i])
        loader2 = torch.utils.data.DataLoader(Features(torch.nn.Linear(4, 3), torch.randn(8, 4)), batch_size=4)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a dataset class whose base reads a layer": (
        "detach",
        """
        enc = torch.nn.Linear(2, 3)
        class Base(torch.utils.data.Dataset):
            def __getitem__(self, i):
                return enc(torch.ones(2) * i)
        class Child(Base):
            def __len__(self):
                return 2
        loader2 = torch.utils.data.DataLoader(Child(), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a local dataset class reading the function's layer": (
        "detach",
        """
        def train():
            enc = torch.nn.Linear(2, 3)
            class Rows(torch.utils.data.Dataset):
                def __getitem__(self, i):
                    return enc(torch.ones(2) * i)
                def __len__(self):
                    return 4
            loader2 = torch.utils.data.DataLoader(Rows(), batch_size=2)
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a subset of a dataset class given a parameter": (
        "detach",
        """
        class Table(torch.utils.data.Dataset):
            def __init__(self, table):
                self.table = table
            def __len__(self):
                return self.table.shape[0]
            def __getitem__(self, i):
                return self.table[i]
        emb = torch.nn.Embedding(4, 2)
        loader2 = torch.utils.data.DataLoader(torch.utils.data.Subset(Table(emb.weight), [0, 1]), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a dataset given a model's output after it is made": (
        "detach",
        """
        class Table(torch.utils.data.Dataset):
            def __init__(self):
                self.rows = torch.zeros(4, 2)
            def __len__(self):
                return 4
            def __getitem__(self, i):
                return self.rows[i]
        table = Table()
        table.rows = torch.nn.Linear(2, 2)(torch.randn(4, 2))
        loader2 = torch.utils.data.DataLoader(table, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a tensor changed through a view with one that requires grad": (
        "detach",
        """
        w = torch.ones(2, requires_grad=True)
        rows = torch.zeros(4, 2)
        rows.view(-1)[:2] += w
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over another module's dataset": (
        "detach",
        """
        from data import train_set
        loader2 = torch.utils.data.DataLoader(train_set, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over rows a library picks from a parameter": (
        "detach",
        """
        import random
        lin = torch.nn.Linear(2, 4)
        loader2 = torch.utils.data.DataLoader(random.sample(list(lin.weight), 2), batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a torchvision dataset whose transform reads a parameter": (
        "detach",
        """
        import torchvision
        emb = torch.nn.Embedding(10, 3)
        mnist = torchvision.datasets.MNIST("data", target_transform=lambda y: emb.weight[y])
        loader2 = torch.utils.data.DataLoader(mnist, batch_size=2)
        def train():
            for x, y in loader2:
                y = Variable(y)
        """,
    ),
    "loader over a tensor a helper of the file changes with a parameter": (
        "detach",
        """
        lin = torch.nn.Linear(2, 2)
        def shift(t):
            t.add_(lin.weight[0])
        rows = torch.zeros(4, 2)
        shift(rows)
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a tensor changed through a view named first": (
        "detach",
        """
        lin = torch.nn.Linear(2, 2)
        rows = torch.zeros(4, 2)
        flat = rows.view(-1)
        flat[:2] = lin.weight[0]
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a tensor whose rows a loop changes with a parameter": (
        "detach",
        """
        lin = torch.nn.Linear(2, 2)
        rows = torch.zeros(4, 2)
        for i, row in enumerate(rows):
            row.add_(lin.bias * i)
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a tensor whose rows a loop fills with data": (
        "plain",
        """
        rows = torch.zeros(4, 2)
        for i, row in enumerate(rows):
            row.fill_(i)
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a subclass of a torchvision dataset": (
        "plain",
        """
        import torchvision
        class Flipped(torchvision.datasets.MNIST):
            def __getitem__(self, i):
                image, label = super().__getitem__(i)
                return image.flip(-1), label
        loader2 = torch.utils.data.DataLoader(Flipped("data", download=True), batch_size=2)
        def train():
            for x, y in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a tensor a helper of the file fills with data": (
        "plain",
        """
        def shift(t):
            t.add_(torch.ones(2))
        rows = torch.zeros(4, 2)
        shift(rows)
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a view of a parameter taken without grad": (
        "detach",
        """
        lin = torch.nn.Linear(2, 4)
        with torch.no_grad():
            rows = lin.weight[:2].float()
        loader2 = torch.utils.data.DataLoader(rows, batch_size=2)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a torchvision dataset": (
        "plain",
        """
        import torchvision
        from torchvision import transforms
        cifar = torchvision.datasets.CIFAR10(
            "data", transform=transforms.Compose([transforms.ToTensor()]), target_transform=lambda y: y - 1
        )
        loader2 = torch.utils.data.DataLoader(cifar, batch_size=2)
        def train():
            for x, y in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a dataset class of NumPy rows": (
        "plain",
        """
        class CurvePoints(torch.utils.data.Dataset):
            def __init__(self, n, seed):
                super(CurvePoints, self).__init__()
                t = np.random.RandomState(seed).rand(n, 1) * 2 * np.pi
                self.data = np.hstack([np.cos(t), np.sin(t)])
            def __len__(self):
                return len(self.data)
            def __getitem__(self, idx):
                return self.data[idx]
        loader2 = torch.utils.data.DataLoader(CurvePoints(24, 0), batch_size=8)
        def train():
            for x in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a helper's tensors of its arguments": (
        "plain",
        """
        def toy_images(n, seed):
            g = torch.Generator()
            g.manual_seed(seed)
            labels = torch.randint(0, 3, (n,), generator=g)
            images = torch.rand(n, 1, 6, 6, generator=g)
            images.view(n, -1)[torch.arange(n), labels] += 1.0
            return torch.utils.data.TensorDataset(images, labels)
        def train(batch_size):
            loader2 = torch.utils.data.DataLoader(dataset=toy_images(32, 0), batch_size=batch_size)
            for x, y in loader2:
                x = Variable(x)
        """,
    ),
    "loader over a dataset class of the library chosen by a flag": (
        "plain",
        """
        import torchvision.datasets as datasets
        def train(args):
            if args.dataset == "cifar10":
                dataloader = datasets.CIFAR10
            else:
                dataloader = datasets.CIFAR100
            loader2 = torch.utils.data.DataLoader(dataloader(root="./data", train=True), batch_size=8)
            for x, y in loader2:
                x = Variable(x)
        """,
    ),
    "comprehension variable": (
        "detach",
        """
        def run(xs):
            x = torch.zeros(3)
            return [Variable(x) for x in xs]
        """,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_plain_or_detach(name):
    expected, body = CASES[name]
    code = LOADER + textwrap.dedent(body).lstrip("\n")
    outcome = lint_and_fix(code, [LegacyTensorApi], fix=True)
    assert outcome.new_text is not None, outcome.diagnostics
    assert ("Variable(" in outcome.new_text.split("\n", 3)[3]) is False
    assert (".detach()" in outcome.new_text) is (expected == "detach"), outcome.new_text


def test_variable_is_detach_at_runtime():
    """The premise: since 0.4 `Variable(x)` is a new object sharing storage, with no history."""
    w = torch.ones(3, requires_grad=True)
    x = w * 2
    v = Variable(x)
    assert v is not x and v.data_ptr() == x.data_ptr() and v.grad_fn is None and not v.requires_grad
    assert torch.FloatTensor(x).grad_fn is not None  # a legacy constructor of a tensor keeps its history


@pytest.mark.parametrize(
    "argument", ["np.zeros(2)", "np.asarray(rows)", "[1.0, 2.0]", "(3,)", "0.5", "np.float32(1)"]
)
def test_variable_of_what_is_no_tensor_is_reported_not_rewritten(argument):
    """`Variable` raises on a NumPy array or a Python value, and `.detach()` is no method of one: the
    call is left as it is (it raised before 0.4 too), with the way to make the tensor."""
    code = LOADER + f"y = model(Variable({argument}))\n"
    outcome = lint_and_fix(code, [LegacyTensorApi], fix=True)
    assert outcome.new_text is None
    assert any("Variable data has to be a tensor" in d.message for d in outcome.diagnostics)
    with pytest.raises(TypeError, match="Variable data has to be a tensor"):
        Variable(eval(argument, {"np": np, "rows": [[1.0]]}))

"""DEV009's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A class of the file's own named `Variable` (not torch's): its calls run its `__init__`.
    Valid(
        """
        import torch

        class Variable(object):
            def __init__(self, data, use_cuda=False):
                self.data = data.cuda() if use_cuda else data

        def wrap(x):
            return Variable(torch.as_tensor(x))
        """
    ),
    # A module chosen by a condition, used for something other than a legacy type: nothing to rewrite.
    Valid(
        """
        import torch

        def seed(use_gpu):
            tt = torch.cuda if use_gpu else torch
            tt.manual_seed(0)
        """
    ),
    # The storage of a parameter, sized (`torch.Tensor(n, m)`, the default dtype, moved with its module):
    # how `torch.nn`'s own layers made weights until 1.8; initialised after, in `reset_parameters`.
    Valid(
        """
        import torch
        import torch.nn as nn
        from torch.nn import Parameter

        class Cell(nn.Module):
            def __init__(self, n_in, n_out):
                super().__init__()
                self.weight = Parameter(torch.Tensor(n_out, n_in))
                self.bias = nn.Parameter(torch.Tensor(2 * n_out))
                self.reset_parameters()

            def reset_parameters(self):
                nn.init.uniform_(self.weight)
                nn.init.zeros_(self.bias)
        """
    ),
    # `new` of something that is not plainly a tensor (PIL's `Image.new`), and `torch.sparse.FloatTensor(n, m)`
    # (a size: an empty sparse tensor).
    Valid(
        """
        import torch
        from PIL import Image

        def make(n, m):
            canvas = Image.new("RGB", (n, m))
            return canvas, torch.sparse.FloatTensor(n, m)
        """
    ),
    # (session 34) A `new` of a name moved with `.cpu()` (a module has that too) and rebound from
    # something else: nothing shows a tensor.
    Valid(
        """
        import torch

        def record(rec, n, store):
            rec.cpu()
            page = store.open(n)
            page.new(n)
            page = page.cpu()
            return rec.new(n), page.numpy()
        """
    ),
    # A `new` given its receiver's `size` attribute (a PIL image's, no tensor's call), and a sparse
    # constructor whose last argument is a name bound to an int (a size of three: an empty tensor).
    Valid(
        """
        import torch

        def blank(page, n, m, k):
            depth = k
            return page.new(page.size), torch.sparse.FloatTensor(n, m, depth)
        """
    ),
    # Types picked by an `if`/`elif` chain, of two dtypes, or bound again later: no one alias.
    Valid(
        """
        import torch

        if torch.cuda.is_available():
            Ids = torch.cuda.LongTensor
        elif torch.backends.mps.is_available():
            Ids = torch.LongTensor
        if torch.cuda.is_available():
            Half = torch.cuda.HalfTensor
        else:
            Half = torch.FloatTensor
        if torch.cuda.is_available():
            Mask = torch.cuda.ByteTensor
        else:
            Mask = torch.ByteTensor
        Mask = torch.BoolTensor
        """
    ),
    # `self.Tensor` bound twice, and a type kept on `self` that a subclass reads (another class).
    Valid(
        """
        import torch

        class Base:
            def __init__(self, gpu):
                self.Tensor = torch.FloatTensor
                if gpu:
                    self.Tensor = torch.cuda.FloatTensor
                self.Ids = torch.LongTensor

            def blank(self, n):
                return self.Tensor(n).zero_()

        class Child(Base):
            def ids(self, n):
                return self.Ids(n).zero_()
        """
    ),
    # `volatile` of an object that is not a tensor is its own attribute; a `volatile` parameter
    # that never reaches `Variable` is someone else's flag.
    Valid(
        """
        import torch

        class Prices:
            def __init__(self, data):
                self.volatile = False
                self.data = data

        def window(prices, volatile=False):
            prices.volatile = volatile
            return prices.volatile, torch.zeros(2)
        """
    ),
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
    # `Tensor` names an alias, but is bound again in the function: not known to be it where it is read.
    Valid(
        """
        import torch
        FloatTensor = torch.FloatTensor

        def step(x, sparse):
            Tensor = FloatTensor
            if sparse:
                Tensor = SparseTensor
            return x.type(Tensor)
        """
    ),
    # What NumPy gives of another array, already made a tensor the modern way: nothing to do.
    Valid(
        """
        import numpy as np
        import torch

        def features(mat):
            mat = np.expand_dims(mat, axis=1)
            return torch.as_tensor(mat, dtype=torch.float32)
        """
    ),
    # A dictionary of legacy types read otherwise too (`.get`, a type test): its values stay.
    Valid(
        """
        import torch

        numpy_type_map = {"float64": torch.DoubleTensor, "int64": torch.LongTensor}

        def kind_of(name):
            return numpy_type_map.get(name)
        """
    ),
]

INVALID = [
    # (session 34) Kept for `isinstance(v, Variable)` (CRNN's averager), which asks `torch.Tensor` since
    # 0.4: the import is reported, and nothing is rewritten (the test works as it is).
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def count(v):
            if isinstance(v, (Variable, torch.Tensor)):
                return v.numel()
            return len(v)
        """,
        None,
        message="`isinstance(x, Variable)` asks `isinstance(x, torch.Tensor)`",
        line=2,
    ),
    # The import is reported where `Variable` is only called and tested as a type (DEV018 makes that
    # test `torch.Tensor`): it goes with the last of them.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def repackage(h):
            if type(h) == Variable:
                return Variable(h.data)
            return tuple(repackage(v) for v in h)
        """,
        """
        import torch
        from torch.autograd import Variable

        def repackage(h):
            if type(h) == Variable:
                return h.data
            return tuple(repackage(v) for v in h)
        """,
        message="only called here or tested as a type (DEV018)",
        line=2,
    ),
    # A tensor type kept on `self` (the pix2pix family's base model) is an alias in its class's methods:
    # chosen by `torch.cuda.is_available()` its conversions get that device; a condition on `self`
    # may read differently at the call, and is only reported.
    Invalid(
        """
        import torch

        class Detector:
            def __init__(self, opt):
                self.Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
                self.Ids = torch.cuda.LongTensor if opt.gpu_ids else torch.LongTensor

            def detect(self, image, n):
                return image.type(self.Tensor), self.Ids(n).zero_()
        """,
        """
        import torch

        class Detector:
            def __init__(self, opt):
                self.Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
                self.Ids = torch.cuda.LongTensor if opt.gpu_ids else torch.LongTensor

            def detect(self, image, n):
                return image.to("cuda" if torch.cuda.is_available() else "cpu", torch.float32), self.Ids(n).zero_()
        """,
        message="`self.Tensor` (`torch.cuda.FloatTensor` or its CPU twin) is a legacy tensor type chosen",
        line=5,
    ),
    # Arithmetic of a tensor made right there and a number is a new tensor with no history: the
    # wrapper goes (the product kept whole where a method follows); with a name it may need grad.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def targets(n, scale):
            smooth = Variable(0.9 * torch.ones(n)).cuda()
            noise = Variable(torch.rand(n) - 0.5)
            scaled = Variable(scale * torch.ones(n))
            return smooth, noise, scaled
        """,
        """
        import torch

        def targets(n, scale):
            smooth = (0.9 * torch.ones(n)).cuda()
            noise = torch.rand(n) - 0.5
            scaled = (scale * torch.ones(n)).detach()
            return smooth, noise, scaled
        """,
        message="only called here",
        line=2,
    ),
    # A CUDA type and its CPU twin bound by an `if`/`else`: the calls get the device the condition
    # picks (reported at the CUDA branch, which stays: another module may import the names); in a
    # function, a condition that is a parameter reads the same at every call there; what `.tolist()`
    # gave is a list (unsafe: a 0-d array's is a number, a size to the legacy call).
    Invalid(
        """
        import numpy as np
        import torch

        use_cuda = torch.cuda.is_available()
        if use_cuda:
            LongTensor = torch.cuda.LongTensor
        else:
            LongTensor = torch.LongTensor

        def batch(rows):
            return LongTensor(rows)

        def to_tensor(x, gpu=True):
            FloatTensor = torch.cuda.FloatTensor if gpu else torch.FloatTensor
            x = np.asarray(x, dtype=np.float64).tolist()
            return FloatTensor(x)
        """,
        """
        import numpy as np
        import torch

        use_cuda = torch.cuda.is_available()
        if use_cuda:
            LongTensor = torch.cuda.LongTensor
        else:
            LongTensor = torch.LongTensor

        def batch(rows):
            return torch.as_tensor(rows, dtype=torch.int64, device="cuda" if use_cuda else "cpu")

        def to_tensor(x, gpu=True):
            x = np.asarray(x, dtype=np.float64).tolist()
            return torch.tensor(x, dtype=torch.float32, device="cuda" if gpu else "cpu")
        """,
        message="chosen by a condition",
        line=6,
    ),
    # A name bound before the call to what is data by its own expression: `np.where(c)[0]` (an array
    # of indices), or a part of what a function of the file returns as a tuple of arrays (`return
    # np.array(xs), np.array(ys)`); a fresh tensor of a torch call (aliased by the legacy call, handed back
    # by `as_tensor`: nothing else holds it).
    Invalid(
        """
        import numpy as np
        import torch

        def split(rows):
            return np.array(rows[:10]), np.array(rows[10:]), len(rows)

        def batch(mask, x, rows):
            idx = np.where(mask)[0]
            train, test, rest = split(rows)
            return (
                torch.LongTensor(idx),
                torch.FloatTensor(train),
                torch.LongTensor(rest),
                torch.LongTensor(torch.from_numpy(rows).long()),
            )
        """,
        """
        import numpy as np
        import torch

        def split(rows):
            return np.array(rows[:10]), np.array(rows[10:]), len(rows)

        def batch(mask, x, rows):
            idx = np.where(mask)[0]
            train, test, rest = split(rows)
            return (
                torch.as_tensor(idx, dtype=torch.int64),
                torch.as_tensor(train, dtype=torch.float32),
                torch.LongTensor(rest),
                torch.as_tensor(torch.from_numpy(rows).long(), dtype=torch.int64),
            )
        """,
        message="of a NumPy array bound before it",
        line=11,
    ),
    # An item of a container the file does not show (`bucket[0]`, `data["words"]`), for an integer type
    # too: read as data, an unsafe fix. Not a key spelled like a size (`cfg["batch_size"]`), nor an
    # index of several parts (`grid[i, j]`, a NumPy element), which stay reported.
    Invalid(
        """
        import torch

        def tensors(bucket, data, cfg, grid):
            words = torch.LongTensor(data["words"])
            mask = torch.ByteTensor(bucket[2])
            batch = torch.LongTensor(cfg["batch_size"])
            cell = torch.LongTensor(grid[0, 1])
            return words, mask, batch, cell
        """,
        """
        import torch

        def tensors(bucket, data, cfg, grid):
            words = torch.as_tensor(data["words"], dtype=torch.int64)
            mask = torch.as_tensor(bucket[2], dtype=torch.uint8)
            batch = torch.LongTensor(cfg["batch_size"])
            cell = torch.LongTensor(grid[0, 1])
            return words, mask, batch, cell
        """,
        message="an item of a container the file does not show",
        line=4,
    ),
    # An item drawn from an iterator (`batch = next(batches)`, every binding of the name) is an item
    # too; one spelled like a count (`n = next(counts)`) is read as a size.
    Invalid(
        """
        import torch

        def step(batches, counts):
            batch = next(batches)
            n = next(counts)
            return torch.LongTensor(batch), torch.LongTensor(n)
        """,
        """
        import torch

        def step(batches, counts):
            batch = next(batches)
            n = next(counts)
            return torch.as_tensor(batch, dtype=torch.int64), torch.empty(n, dtype=torch.int64)
        """,
        message="of `batch`, an item of a container the file does not show",
        line=6,
    ),
    # A value whose length the function takes (`len(lab)`), or over which it loops, is no int: read as
    # data, an unsafe fix (a `torch.Size` has a length too, and the legacy call read it as a size).
    Invalid(
        """
        import torch

        def pad(labels, jobs, width):
            truth = torch.zeros(len(labels), width, dtype=torch.int64)
            for i, lab in enumerate(labels):
                truth[i, :len(lab)] = torch.LongTensor(lab)
            for i in range(len(jobs)):
                truth[i, :len(jobs[i])] = torch.LongTensor(jobs[i])
            return truth
        """,
        """
        import torch

        def pad(labels, jobs, width):
            truth = torch.zeros(len(labels), width, dtype=torch.int64)
            for i, lab in enumerate(labels):
                truth[i, :len(lab)] = torch.as_tensor(lab, dtype=torch.int64)
            for i in range(len(jobs)):
                truth[i, :len(jobs[i])] = torch.as_tensor(jobs[i], dtype=torch.int64)
            return truth
        """,
        message="whose length the code takes",
        line=6,
    ),
    # An element of a sequence whose elements the function measures (`map(len, seqs)`), given by a loop
    # over it (the padding loop of the RNN tutorials): no int either.
    Invalid(
        """
        import torch

        def pad(seqs):
            lengths = list(map(len, seqs))
            out = torch.zeros(len(seqs), max(lengths), dtype=torch.int64)
            for idx, (seq, seqlen) in enumerate(zip(seqs, lengths)):
                out[idx, :seqlen] = torch.LongTensor(seq)
            for seq in reversed(seqs):
                print(seq)
            return out
        """,
        """
        import torch

        def pad(seqs):
            lengths = list(map(len, seqs))
            out = torch.zeros(len(seqs), max(lengths), dtype=torch.int64)
            for idx, (seq, seqlen) in enumerate(zip(seqs, lengths)):
                out[idx, :seqlen] = torch.as_tensor(seq, dtype=torch.int64)
            for seq in reversed(seqs):
                print(seq)
            return out
        """,
        message="whose length the code takes",
        line=7,
    ),
    # The elements of another sequence are measured (`seqs`), not those of `tags`: reported.
    Invalid(
        """
        import torch

        def pad(seqs, tags):
            lengths = [len(s) for s in seqs]
            out = torch.zeros(len(seqs), max(lengths), dtype=torch.int64)
            for idx, (tag, seqlen) in enumerate(zip(tags, lengths)):
                out[idx, :seqlen] = torch.LongTensor(tag)
            return out
        """,
        message="cannot tell data from a size here",
        line=7,
    ),
    # Not where the measured value is spelled like a size (`dims`), nor where the function binds the name
    # twice (the length may be another value's).
    Invalid(
        """
        import torch

        def grid(dims, ids):
            print(len(dims))
            return torch.LongTensor(dims)

        def first(ids):
            print(len(ids))
            ids = ids[0]
            return torch.LongTensor(ids)
        """,
        message="cannot tell data from a size here",
        line=5,
    ),
    # (session 34) `x.new(...)` of a tensor the code shows by what it calls on it: its `.size(i)` in the
    # arguments (`prediction.new(1, prediction.size(2) + 1)`), or `x.cpu().numpy()`, `x.size(0)` in the
    # function that takes it.
    Invalid(
        """
        import torch

        def results(prediction, confidence):
            prediction = prediction * (prediction[:, :, 4] > confidence).float().unsqueeze(2)
            return prediction.new(1, prediction.size(2) + 1)
        """,
        """
        import torch

        def results(prediction, confidence):
            prediction = prediction * (prediction[:, :, 4] > confidence).float().unsqueeze(2)
            return prediction.new_empty(1, prediction.size(2) + 1)
        """,
        message="use `prediction.new_empty(...)`",
        line=5,
    ),
    Invalid(
        """
        import numpy as np
        import torch

        def unique(tensor, n):
            values = np.unique(tensor.cpu().numpy())
            kept = tensor.new(n, 2).zero_()
            return values, kept
        """,
        """
        import numpy as np
        import torch

        def unique(tensor, n):
            values = np.unique(tensor.cpu().numpy())
            kept = tensor.new_zeros(n, 2)
            return values, kept
        """,
        message="use `tensor.new_zeros(...)`",
        line=6,
    ),
    # `x.new(x.shape)`: a tensor's own shape is a `torch.Size`, a size (the YOLO decoders' copy of their
    # predictions); `x.new(other.shape)` stays reported (a NumPy shape is a tuple: data).
    Invalid(
        """
        import torch

        def decode(prediction):
            box = prediction.new(prediction.shape)
            box[:, :, 0] = prediction[:, :, 0] - prediction[:, :, 2] / 2
            return box
        """,
        """
        import torch

        def decode(prediction):
            box = prediction.new_empty(prediction.shape)
            box[:, :, 0] = prediction[:, :, 0] - prediction[:, :, 2] / 2
            return box
        """,
        message="use `prediction.new_empty(...)`",
        line=4,
    ),
    Invalid(
        """
        import torch

        def decode(prediction, boxes):
            return prediction.data.new(boxes.shape)
        """,
        message="cannot tell data from a size here",
        line=4,
    ),
    # An index of several parts, one a slice (`features[i][:, j]`), is an array's or a tensor's: a list,
    # a tuple and a `torch.Size` refuse it. Integers alone (`grid[i, j]`) may give a NumPy scalar: a size.
    Invalid(
        """
        import torch

        def column(features, i, j):
            return torch.LongTensor(features[i][:, j])
        """,
        """
        import torch

        def column(features, i, j):
            return torch.as_tensor(features[i][:, j], dtype=torch.int64)
        """,
        message="of an array (a slice",
        line=4,
    ),
    Invalid(
        """
        import torch

        def cell(grid, i, j):
            return torch.LongTensor(grid[i, j])
        """,
        message="cannot tell data from a size here",
        line=4,
    ),
    # `x.new(...)` given `x`'s own size (`x.size()`, `x.size(0)`) is a tensor's, whatever `x` is named
    # (an autograd Function's input); a sparse constructor's shape may be a name bound to one.
    Invalid(
        """
        import torch

        class Smoothed(torch.autograd.Function):
            @staticmethod
            def forward(ctx, scores, target):
                grad = scores.new(scores.size()).zero_()
                rows = scores.new(scores.size(0), 1).fill_(0.5)
                return grad, rows

        def to_sparse(coo, ids, values):
            shape = torch.Size(coo.shape)
            return torch.sparse.FloatTensor(ids, values, shape)
        """,
        """
        import torch

        class Smoothed(torch.autograd.Function):
            @staticmethod
            def forward(ctx, scores, target):
                grad = scores.new_zeros(scores.size())
                rows = scores.new_full((scores.size(0), 1), 0.5)
                return grad, rows

        def to_sparse(coo, ids, values):
            shape = torch.Size(coo.shape)
            return torch.sparse_coo_tensor(ids, values, shape)
        """,
        message="use `scores.new_zeros(...)`",
        line=6,
    ),
    # `x.new(...)` of a tensor: `new_zeros`, `new_full`, `new_empty` (a size), `new_tensor` (data), with
    # `x`'s dtype and device as before; `torch.sparse.FloatTensor(i, v, shape)` takes `v`'s dtype.
    Invalid(
        """
        import torch

        class LM(torch.nn.Module):
            def init_hidden(self, batch, shape):
                weight = next(self.parameters()).data
                h = weight.new(2, batch, 8).zero_()
                c = weight.new(*shape).fill_(0.5)
                noise = self.fc.weight.new(self.fc.weight.size()).normal_()
                ids = weight.new([1, 2])
                return h, c, noise, ids, torch.sparse.FloatTensor(ids, h, torch.Size([2, 2]))
        """,
        """
        import torch

        class LM(torch.nn.Module):
            def init_hidden(self, batch, shape):
                weight = next(self.parameters()).data
                h = weight.new_zeros(2, batch, 8)
                c = weight.new_full(shape, 0.5)
                noise = self.fc.weight.new_empty(self.fc.weight.size()).normal_()
                ids = weight.new_tensor([1, 2])
                return h, c, noise, ids, torch.sparse_coo_tensor(ids, h, torch.Size([2, 2]))
        """,
        message="use `weight.new_zeros(...)`",
        line=6,
    ),
    # Of an existing array the legacy calls shared its memory (an in-place change to either side shows
    # in the other); `torch.tensor` and `new_tensor` copy, so they become `torch.as_tensor` (the `.new`
    # one with the receiver's dtype and device). A value nothing else holds keeps `torch.tensor`.
    Invalid(
        """
        import numpy as np
        import torch

        def features(rows, weight):
            obs = torch.FloatTensor(np.asarray(rows, dtype=np.float32))
            mask = np.ones(len(rows), dtype=np.float32)
            scale = weight.data.new(mask)
            order = torch.LongTensor(np.arange(len(rows)))
            return obs, scale, order
        """,
        """
        import numpy as np
        import torch

        def features(rows, weight):
            obs = torch.as_tensor(np.asarray(rows, dtype=np.float32), dtype=torch.float32)
            mask = np.ones(len(rows), dtype=np.float32)
            scale = torch.as_tensor(mask, dtype=weight.data.dtype, device=weight.data.device)
            order = torch.tensor(np.arange(len(rows)), dtype=torch.int64)
            return obs, scale, order
        """,
        message="use `torch.as_tensor(...)`",
        line=5,
    ),
    Invalid(
        """
        import torch

        def state(w, n):
            return w.data.new(n).fill_(0.0)
        """,
        None,
        message="cannot tell data from a size",
        line=4,
    ),
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
    # Batches of a DataLoader over data (a dataset of torchvision) have nothing to detach: `x =
    # Variable(x)` goes.
    Invalid(
        """
        import torch
        import torchvision
        from torch.autograd import Variable
        loader = torch.utils.data.DataLoader(torchvision.datasets.MNIST("data"), batch_size=32)

        def train():
            for i, (images, labels) in enumerate(loader):
                images, labels = Variable(images), Variable(labels)
                loss = criterion(model(images), labels)
                first = Variable(images[0]).cuda()
        """,
        """
        import torch
        import torchvision
        loader = torch.utils.data.DataLoader(torchvision.datasets.MNIST("data"), batch_size=32)

        def train():
            for i, (images, labels) in enumerate(loader):
                loss = criterion(model(images), labels)
                first = images[0].detach().cuda()
        """,
        message="a tensor that is a batch of `loader` has nothing to detach",
    ),
    # A loader over what a slice of a model computes: each batch has the slice's gradient history,
    # which `Variable` cut; the `.detach()` stays (a batch is plain only over data the file shows).
    Invalid(
        """
        import torch
        import torch.nn as nn
        from torch.autograd import Variable
        from torch.utils.data import DataLoader, TensorDataset
        backbone = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 4))
        stem = backbone[:2]
        loader = DataLoader(TensorDataset(stem(torch.randn(32, 6))), batch_size=8)
        for (xb,) in loader:
            xb = Variable(xb)
            loss = backbone[2](xb).sum()
        """,
        """
        import torch
        import torch.nn as nn
        from torch.utils.data import DataLoader, TensorDataset
        backbone = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 4))
        stem = backbone[:2]
        loader = DataLoader(TensorDataset(stem(torch.randn(32, 6))), batch_size=8)
        for (xb,) in loader:
            xb = xb.detach()
            loss = backbone[2](xb).sum()
        """,
        message="`Variable(x)` is `x.detach()` since PyTorch 0.4",
    ),
    # A dataset class of the file handed an encoder: its samples are the encoder's output.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        from torch.utils.data import DataLoader, Dataset
        class Features(Dataset):
            def __init__(self, enc, raw):
                self.enc, self.raw = enc, raw
            def __len__(self):
                return len(self.raw)
            def __getitem__(self, i):
                return self.enc(self.raw[i])
        loader = DataLoader(Features(torch.nn.Linear(4, 3), torch.randn(8, 4)), batch_size=4)
        for x in loader:
            x = Variable(x)
        """,
        """
        import torch
        from torch.utils.data import DataLoader, Dataset
        class Features(Dataset):
            def __init__(self, enc, raw):
                self.enc, self.raw = enc, raw
            def __len__(self):
                return len(self.raw)
            def __getitem__(self, i):
                return self.enc(self.raw[i])
        loader = DataLoader(Features(torch.nn.Linear(4, 3), torch.randn(8, 4)), batch_size=4)
        for x in loader:
            x = x.detach()
        """,
        message="`Variable(x)` is `x.detach()` since PyTorch 0.4",
    ),
    # ... and one that windows a NumPy array it is given holds data: `x = Variable(x)` goes.
    Invalid(
        """
        import numpy as np
        import torch
        from torch.autograd import Variable
        from torch.utils.data import DataLoader, Dataset
        class Windows(Dataset):
            def __init__(self, series, window):
                self.series, self.window = series, window
            def __len__(self):
                return len(self.series) - self.window
            def __getitem__(self, i):
                return self.series[i:i + self.window]
        loader = DataLoader(Windows(np.loadtxt("prices.csv", delimiter=","), 6), batch_size=8)
        for x in loader:
            x = Variable(x)
            print(x.shape)
        """,
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, Dataset
        class Windows(Dataset):
            def __init__(self, series, window):
                self.series, self.window = series, window
            def __len__(self):
                return len(self.series) - self.window
            def __getitem__(self, i):
                return self.series[i:i + self.window]
        loader = DataLoader(Windows(np.loadtxt("prices.csv", delimiter=","), 6), batch_size=8)
        for x in loader:
            print(x.shape)
        """,
        message="a batch of `loader` has nothing to detach",
    ),
    # In a parameter, a typed constructor (a dtype of the legacy API) and data are still rewritten.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Noisy(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.mu = nn.Parameter(torch.FloatTensor(n, 2))
                self.scale = nn.Parameter(torch.Tensor([0.5]))
        """,
        """
        import torch
        import torch.nn as nn

        class Noisy(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.mu = nn.Parameter(torch.empty(n, 2, dtype=torch.float32))
                self.scale = nn.Parameter(torch.tensor([0.5]))
        """,
        message="legacy constructor",
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

        def labels(imgs, shape):
            return Tensor(imgs.size(0), 1).fill_(1.0), imgs.type(Tensor), Tensor(shape)
        """,
        """
        import torch
        cuda = torch.cuda.is_available()
        Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor

        def labels(imgs, shape):
            return torch.empty(imgs.size(0), 1, dtype=torch.float32, device="cuda" if cuda else "cpu").fill_(1.0), imgs.to("cuda" if cuda else "cpu", torch.float32), Tensor(shape)
        """,
        message="is a legacy tensor type chosen by a condition",
        line=3,
    ),
    # A module chosen by a condition (OpenNMT's beam search: `self.tt = torch.cuda if cuda else torch`)
    # makes `tt.FloatTensor` a conditional legacy type: its device is spelled where the condition reads
    # the same (the method that chose it, a module-level flag); elsewhere reported.
    Invalid(
        """
        import torch
        use_gpu = torch.cuda.is_available()
        tt = torch.cuda if use_gpu else torch

        class Beam:
            def __init__(self, size, cuda=False):
                self.tt = torch.cuda if cuda else torch
                self.scores = self.tt.FloatTensor(size, 2).zero_()

            def advance(self, k):
                return self.tt.LongTensor([k])

        def bos(batch):
            return tt.LongTensor([[1]] * batch)
        """,
        """
        import torch
        use_gpu = torch.cuda.is_available()
        tt = torch.cuda if use_gpu else torch

        class Beam:
            def __init__(self, size, cuda=False):
                self.tt = torch.cuda if cuda else torch
                self.scores = torch.empty(size, 2, dtype=torch.float32, device="cuda" if cuda else "cpu").zero_()

            def advance(self, k):
                return self.tt.LongTensor([k])

        def bos(batch):
            return torch.tensor([[1]] * batch, dtype=torch.int64, device="cuda" if use_gpu else "cpu")
        """,
        message="legacy constructor `self.tt.FloatTensor` (`torch.cuda.FloatTensor` or its CPU twin)",
        line=8,
    ),
    # A subclass of `Variable` that "moves" its data in `__init__` (2017's DQN homework, copied widely):
    # the move never happened, in any version (the variable was made before `__init__` ran, from the
    # data as given; since 0.4 no `__init__` runs), so its calls are the legacy `Variable`'s, rewritten
    # as such, volatile ones too; the class goes once nothing reads it (unsafe: another module may
    # import it).
    Invalid(
        """
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()

        class Variable(autograd.Variable):
            def __init__(self, data, *args, **kwargs):
                if USE_CUDA:
                    data = data.cuda()
                super(Variable, self).__init__(data, *args, **kwargs)

        def act(model, obs):
            return model(Variable(obs, volatile=True)).data.max(1)[1]

        def learn(model, batch, q):
            return model(Variable(torch.from_numpy(batch))) - Variable(q)
        """,
        """
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()

        def act(model, obs):
            with torch.no_grad():
                return model(obs.detach()).data.max(1)[1]

        def learn(model, batch, q):
            return model(torch.from_numpy(batch)) - q.detach()
        """,
        message="subclasses `Variable` and adds only an `__init__`, which never changed what",
        line=5,
    ),
    # The unconditional spelling (`data.cuda()` handed to the base's `__init__`), still read elsewhere
    # (`isinstance`): the calls are rewritten, the class stays, reported.
    Invalid(
        """
        import torch
        from torch import autograd

        class CudaVariable(autograd.Variable):
            '''Moves to the GPU.'''
            def __init__(self, data, *args, **kwargs):
                super(CudaVariable, self).__init__(data.cuda(), *args, **kwargs)

        def wrap(x):
            v = CudaVariable(torch.zeros(3))
            return v if isinstance(x, CudaVariable) else x
        """,
        """
        import torch
        from torch import autograd

        class CudaVariable(autograd.Variable):
            '''Moves to the GPU.'''
            def __init__(self, data, *args, **kwargs):
                super(CudaVariable, self).__init__(data.cuda(), *args, **kwargs)

        def wrap(x):
            v = torch.zeros(3)
            return v if isinstance(x, CudaVariable) else x
        """,
        message="its calls are the legacy `Variable`'s, rewritten as such; it goes once none is left",
        line=4,
    ),
    # An `__init__` that does more than rebind a name (here it changes the data in place, which ran
    # before 0.4 and runs no more), or a subclass with other methods: reported, at the class and calls.
    Invalid(
        """
        import torch
        import torch.autograd as autograd

        class Variable(autograd.Variable):
            def __init__(self, data, *args, **kwargs):
                data.mul_(2)
                super(Variable, self).__init__(data, *args, **kwargs)

        def learn(model, batch):
            return model(Variable(torch.from_numpy(batch)))
        """,
        None,
        message="subclasses `Variable`, whose constructor returns a plain tensor since PyTorch 0.4",
        line=4,
    ),
    # A transpose (`x.T`): an array or a tensor, never an int or a `torch.Size` (neither has `.T`), so
    # data, `torch.as_tensor` sharing an array's memory as the legacy call did; unsafe, as `.T` of a 0-d
    # integer array is that array, which the legacy call read as a size.
    Invalid(
        """
        import numpy as np
        import torch

        def features(path, upsample):
            c = np.load(path)
            if upsample:
                c = np.repeat(c, 2, axis=0)
            return torch.FloatTensor(c.T).unsqueeze(0), torch.LongTensor(labels(path).T)
        """,
        """
        import numpy as np
        import torch

        def features(path, upsample):
            c = np.load(path)
            if upsample:
                c = np.repeat(c, 2, axis=0)
            return torch.as_tensor(c.T, dtype=torch.float32).unsqueeze(0), torch.as_tensor(labels(path).T, dtype=torch.int64)
        """,
        message="an array or a tensor transposed (neither an int nor a `torch.Size` has `.T`)",
        line=8,
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
    # Lists the code builds by concatenation: a list extended with `+=` (whatever it is extended with,
    # it stays the list it was, or raises), a slice padded with `+ [0] * n` (an int or a `torch.Size`
    # refuses a list), a choice between two list displays; an image's axes reordered with
    # `.transpose((2, 0, 1))` is an array. Data, each: the same tensor, safely.
    Invalid(
        """
        import torch

        def encode(words, start=None, end=None):
            ids = []
            if start is not None:
                ids += start
            for w in words:
                ids.append(len(w))
            if end is not None:
                ids += end
            return torch.LongTensor(ids)

        def pad(seq, n):
            seq = seq[1:] + [0] * (n - len(seq) + 1)
            return torch.LongTensor(seq)

        def last(seqs, vocab, unk):
            return [torch.LongTensor([s[-1]] if s[-1] < vocab else [unk]) for s in seqs]

        def chw(img):
            return torch.FloatTensor(img.transpose((2, 0, 1))), torch.ByteTensor(img.transpose(2, 0, 1))
        """,
        """
        import torch

        def encode(words, start=None, end=None):
            ids = []
            if start is not None:
                ids += start
            for w in words:
                ids.append(len(w))
            if end is not None:
                ids += end
            return torch.tensor(ids, dtype=torch.int64)

        def pad(seq, n):
            seq = seq[1:] + [0] * (n - len(seq) + 1)
            return torch.tensor(seq, dtype=torch.int64)

        def last(seqs, vocab, unk):
            return [torch.tensor([s[-1]] if s[-1] < vocab else [unk], dtype=torch.int64) for s in seqs]

        def chw(img):
            return torch.as_tensor(img.transpose((2, 0, 1)), dtype=torch.float32), torch.as_tensor(img.transpose(2, 0, 1), dtype=torch.uint8)
        """,
        message="of a list the file builds",
        line=11,
    ),
    # Near misses: a count grown with `+=` from an int, a shape extended by a tuple (`torch.Size` +
    # tuple is a `torch.Size`), a choice between a list and a count, `.transpose()` without its axes
    # (a 0-d array stays 0-d): sizes or unclear, never read as lists.
    Invalid(
        """
        import torch

        def grow(shape, k, ok, items, arr):
            m = 0
            m += k
            a = torch.LongTensor(m)
            b = torch.LongTensor(shape + (3,))
            c = torch.LongTensor(items if ok else k)
            d = torch.LongTensor(arr.transpose())
            return a, b, c, d
        """,
        None,
        message="cannot tell data from a size here",
        line=6,
    ),
    # What the file shows nothing about (a batch unpacked from a call, an attribute, a division), for a
    # float type: read as data, an unsafe fix (an int there would have been a size).
    Invalid(
        """
        import torch

        def update(memory, batch_size, scale):
            state, action, reward = memory.sample(batch_size)
            for _ in range(2):
                state = torch.FloatTensor(state)  # a tensor the second time: data too
            return state, torch.Tensor(memory.masks), torch.FloatTensor(reward / scale)
        """,
        """
        import torch

        def update(memory, batch_size, scale):
            state, action, reward = memory.sample(batch_size)
            for _ in range(2):
                state = torch.as_tensor(state, dtype=torch.float32)  # a tensor the second time: data too
            return state, torch.as_tensor(memory.masks, dtype=torch.get_default_dtype()), torch.as_tensor(reward / scale, dtype=torch.float32)
        """,
        message="which the file does not show to be data or a size: read as data",
        line=6,
    ),
    # A name the loop rebinds to a float32 tensor it made (`state = torch.Tensor(state).to(device)`,
    # `state = next_state`) is data there too: read as data, unsafe.
    Invalid(
        """
        import torch

        def run(env, net, device):
            state = env.reset()
            state = torch.Tensor(state).to(device).unsqueeze(0)
            for _ in range(10):
                next_state, reward, done, _ = env.step(net(state))
                next_state = torch.Tensor(next_state).unsqueeze(0)
                state = next_state
        """,
        """
        import torch

        def run(env, net, device):
            state = env.reset()
            state = torch.as_tensor(state, dtype=torch.get_default_dtype()).to(device).unsqueeze(0)
            for _ in range(10):
                next_state, reward, done, _ = env.step(net(state))
                next_state = torch.as_tensor(next_state, dtype=torch.get_default_dtype()).unsqueeze(0)
                state = next_state
        """,
        message="of `state`, which the file does not show to be data or a size: read as data",
        line=5,
    ),
    # Arithmetic of such arguments and number literals (`1 - done`, the mask of a vectorised
    # environment's step) shows no more than they do: read as data, unsafe. A named count in it
    # (`n_steps - 1`) is a sign of a size: reported only.
    Invalid(
        """
        import torch

        def step(envs, action, n_steps):
            next_state, reward, done, _ = envs.step(action)
            mask = torch.FloatTensor(1 - done).unsqueeze(1)
            return mask, torch.FloatTensor(reward * 0.1), torch.FloatTensor(n_steps - 1)
        """,
        """
        import torch

        def step(envs, action, n_steps):
            next_state, reward, done, _ = envs.step(action)
            mask = torch.as_tensor(1 - done, dtype=torch.float32).unsqueeze(1)
            return mask, torch.as_tensor(reward * 0.1, dtype=torch.float32), torch.FloatTensor(n_steps - 1)
        """,
        message="of `1 - done`, which the file does not show to be data or a size: read as data",
        line=5,
    ),
    # Only the bindings that can reach the call count: a script's later loop that binds `done = False`
    # (a notebook's next cell) does not; a loop around both would.
    Invalid(
        """
        import torch

        for _ in range(8):
            next_state, reward, done, _ = envs.step(policy(state))
            masks.append(torch.FloatTensor(1 - done))
        for episode in range(3):
            done = False
            while not done:
                state, reward, done, _ = env.step(act(state))
        """,
        """
        import torch

        for _ in range(8):
            next_state, reward, done, _ = envs.step(policy(state))
            masks.append(torch.as_tensor(1 - done, dtype=torch.float32))
        for episode in range(3):
            done = False
            while not done:
                state, reward, done, _ = env.step(act(state))
        """,
        message="of `1 - done`, which the file does not show to be data or a size: read as data",
        line=5,
    ),
    Invalid(
        """
        import torch

        while True:
            next_state, reward, done, _ = envs.step(policy(state))
            masks.append(torch.FloatTensor(1 - done))
            done = False
        """,
        None,
        message="cannot tell data from a size",
        line=5,
    ),
    # `torch.Size(...)` is a size.
    Invalid(
        """
        import torch

        def one_hot(label_map, shape):
            return torch.cuda.FloatTensor(torch.Size(shape)).zero_().scatter_(1, label_map, 1.0)
        """,
        """
        import torch

        def one_hot(label_map, shape):
            return torch.empty(torch.Size(shape), dtype=torch.float32, device="cuda").zero_().scatter_(1, label_map, 1.0)
        """,
        message="use `torch.empty(...)`",
        line=4,
    ),
    # Signs of a size against signs of data (a fill right after a plural), `range`'s counter, a local
    # function's result, `.shape`, an integer type: report only.
    Invalid(
        """
        import torch

        def build():
            return 3

        def init(net, action):
            b = torch.Tensor(net.weights).uniform_()
            c = [torch.FloatTensor(k) for k in range(3)]
            for j in range(2):
                d = torch.FloatTensor(j)
            return b, c, d, torch.FloatTensor(build()), torch.Tensor(net.shape), torch.LongTensor(action)
        """,
        None,
        message="cannot tell data from a size here",
        line=7,
    ),
    # One argument filled in place right after (its values never mattered: storage of a size was asked
    # for), or named as a count (`batch_size`, `opt.n_classes`, `seq_len * batch`): read as a size, an
    # unsafe fix (a list or an array there was data).
    Invalid(
        """
        import torch

        def init(shape, opt, seq_len, batch_size):
            w = torch.Tensor(shape).uniform_(-0.1, 0.1)
            weight = torch.FloatTensor(opt.n_classes).fill_(1)
            start = torch.cuda.LongTensor(batch_size)
            dummy = torch.LongTensor(seq_len * batch_size).zero_().view(-1, batch_size)
            return w, weight, start, dummy
        """,
        """
        import torch

        def init(shape, opt, seq_len, batch_size):
            w = torch.empty(shape).uniform_(-0.1, 0.1)
            weight = torch.empty(opt.n_classes, dtype=torch.float32).fill_(1)
            start = torch.empty(batch_size, dtype=torch.int64, device="cuda")
            dummy = torch.empty(seq_len * batch_size, dtype=torch.int64).zero_().view(-1, batch_size)
            return w, weight, start, dummy
        """,
        message="filled right after (`.uniform_(...)`): read as a size",
        line=4,
    ),
    # One argument named as a collection (`dones`, `nodes`, `batch.actions`), for every legacy type,
    # integer ones too: read as data, an unsafe fix (an int of that name would have been a size).
    Invalid(
        """
        import torch

        def update(batch, nodes):
            states, actions, rewards, dones = batch
            done_mask = torch.ByteTensor(dones)
            return done_mask, torch.LongTensor(nodes), torch.LongTensor(batch.actions)
        """,
        """
        import torch

        def update(batch, nodes):
            states, actions, rewards, dones = batch
            done_mask = torch.as_tensor(dones, dtype=torch.uint8)
            return done_mask, torch.as_tensor(nodes, dtype=torch.int64), torch.as_tensor(batch.actions, dtype=torch.int64)
        """,
        message="named as a collection: read as data",
        line=5,
    ),
    # ... but not a count's plural (`steps`), a plural the file binds to an int (`+=`, `range`'s
    # counter, an int default), nor one filled right after (a sign of a size): report only.
    Invalid(
        """
        import torch

        def init(steps, rewards, counter, epochs=3):
            total_rewards = counter()
            total_rewards += 1
            for ids in range(3):
                torch.LongTensor(ids)
            return torch.FloatTensor(steps), torch.LongTensor(total_rewards), torch.Tensor(rewards).uniform_(), torch.LongTensor(epochs)
        """,
        None,
        message="cannot tell data from a size here",
        line=7,
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
    # A name bound to data by the statement before (a list comprehension, `np.random.choice` with a
    # size), then rebound by the constructor's own statement and moved later: on every pass the
    # constructor reads the data, so it becomes `torch.tensor` (a list: both copy) or `torch.as_tensor`
    # (an array: both share its memory).
    Invalid(
        """
        import numpy as np
        import torch

        def batches(pairs, steps, use_cuda):
            for step in range(steps):
                ids = [u for u, _ in pairs]
                negatives = np.random.choice(10, size=(4, 3))
                ids = torch.LongTensor(ids)
                negatives = torch.LongTensor(negatives)
                if use_cuda:
                    ids, negatives = ids.cuda(), negatives.cuda()
                yield ids, negatives
        """,
        """
        import numpy as np
        import torch

        def batches(pairs, steps, use_cuda):
            for step in range(steps):
                ids = [u for u, _ in pairs]
                negatives = np.random.choice(10, size=(4, 3))
                ids = torch.tensor(ids, dtype=torch.int64)
                negatives = torch.as_tensor(negatives, dtype=torch.int64)
                if use_cuda:
                    ids, negatives = ids.cuda(), negatives.cuda()
                yield ids, negatives
        """,
    ),
    # ... but not when something between may rebind it (here to a tensor, of which the constructor
    # makes an alias), nor `np.random.choice` without a size (a number: a size, or an error).
    Invalid(
        """
        import numpy as np
        import torch

        def batch(pairs, flag):
            ids = [u for u, _ in pairs]
            if flag:
                ids = torch.zeros(3)
            ids = torch.LongTensor(ids)
            k = torch.LongTensor(np.random.choice(10))
            return ids, k
        """,
        message="cannot tell data from a size here",
    ),
    # volatile=True meant: no graph for anything computed from it. The statements that compute with
    # the volatile value go under `torch.no_grad()` (here the model call; the accumulation of a
    # stripped `.data[0]` is graph-free); the wrapper goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def test(model, loader):
            total = 0
            for data, target in loader:
                data = Variable(data, volatile=True)
                output = model(data)
                total += F.nll_loss(output, target).data[0]
                pred = output.data.max(1)[1]
            return total, pred
        """,
        """
        import torch

        def test(model, loader):
            total = 0
            for data, target in loader:
                data = data.detach()
                with torch.no_grad():
                    output = model(data)
                    total += F.nll_loss(output, target).data[0]
                pred = output.data.max(1)[1]
            return total, pred
        """,
        message="goes under `with torch.no_grad():`",
    ),
    # The keys of a dict of volatile values are its keys (names here), not volatile: a title made of
    # one and handed to a logger's method stores nothing volatile there, so the model's calls are placed.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Solver:
            def show(self, encoder, decoder, images):
                codes = {}
                for name, image in images.items():
                    image = Variable(image, volatile=True)
                    codes[name] = encoder(image)
                for key in codes.keys():
                    picture = decoder(codes[key]).data
                    self.logger.image(picture, title="decoded %s" % key)
        """,
        """
        import torch

        class Solver:
            def show(self, encoder, decoder, images):
                codes = {}
                for name, image in images.items():
                    image = image.detach()
                    with torch.no_grad():
                        codes[name] = encoder(image)
                for key in codes.keys():
                    with torch.no_grad():
                        picture = decoder(codes[key]).data
                    self.logger.image(picture, title="decoded %s" % key)
        """,
        message="goes under `with torch.no_grad():`",
    ),
    # Near miss: its values (`items()`) are volatile; one handed to a logger's method may be kept there
    # and computed with later, without the block: not placed.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Solver:
            def show(self, encoder, images):
                codes = {}
                for name, image in images.items():
                    image = Variable(image, volatile=True)
                    codes[name] = encoder(image)
                for key, code in codes.items():
                    self.logger.keep(code, title="code %s" % key)
        """,
        None,
        message="not placed here: a volatile value is stored in `self.logger`",
    ),
    # Only the statements that would build a graph go under the block: the model's call. Showing the
    # output, or a torch function of it and a target reduced at once, computes without a graph once the
    # output is made under `no_grad` (`F` is torch's here; above, an unknown `F` may use parameters).
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def test(model, loader):
            total = 0
            for data, target in loader:
                data = Variable(data, volatile=True)
                output = model(data)
                print("output", output)
                total += F.nll_loss(output, target).data[0]
                probs = F.softmax(output, dim=1)
                print("loss %.3f" % F.nll_loss(output, target).data[0], probs)
            return total
        """,
        """
        import torch
        import torch.nn.functional as F

        def test(model, loader):
            total = 0
            for data, target in loader:
                data = data.detach()
                with torch.no_grad():
                    output = model(data)
                print("output", output)
                total += F.nll_loss(output, target).data[0]
                probs = F.softmax(output, dim=1)
                print("loss %.3f" % F.nll_loss(output, target).data[0], probs)
            return total
        """,
        message="goes under `with torch.no_grad():`",
    ),
    # The MNIST example's test loop: batches of a loader built in the file are plain tensors, so the
    # wrapping line goes with the wrappers.
    Invalid(
        """
        import numpy as np
        import torch
        from torch.autograd import Variable
        from torch.utils.data import DataLoader, TensorDataset

        dataset = TensorDataset(torch.from_numpy(np.load("x.npy")), torch.from_numpy(np.load("y.npy")))
        test_loader = DataLoader(dataset, batch_size=8)

        def test(model):
            correct = 0
            for data, target in test_loader:
                data, target = Variable(data, volatile=True), Variable(target)
                output = model(data)
                correct += output.data.max(1)[1].eq(target.data).sum()
            return correct
        """,
        """
        import numpy as np
        import torch
        from torch.utils.data import DataLoader, TensorDataset

        dataset = TensorDataset(torch.from_numpy(np.load("x.npy")), torch.from_numpy(np.load("y.npy")))
        test_loader = DataLoader(dataset, batch_size=8)

        def test(model):
            correct = 0
            for data, target in test_loader:
                with torch.no_grad():
                    output = model(data)
                correct += output.data.max(1)[1].eq(target.data).sum()
            return correct
        """,
    ),
    # A bootstrap target: only the statement that computes with the volatile states goes under
    # no_grad (the Q-values beside it need their gradient), and `.volatile = False` goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def update(model, states, next_states, rewards):
            nexts = Variable(next_states, volatile=True)
            q = model(states).max(1)[0]
            target = torch.zeros(4)
            target[:2] = model(nexts).max(1)[0]
            target.volatile = False
            loss = ((q - (rewards + 0.9 * target)) ** 2).mean()
            loss.backward()
        """,
        """
        import torch

        def update(model, states, next_states, rewards):
            nexts = next_states.detach()
            q = model(states).max(1)[0]
            target = torch.zeros(4)
            with torch.no_grad():
                target[:2] = model(nexts).max(1)[0]
            loss = ((q - (rewards + 0.9 * target)) ** 2).mean()
            loss.backward()
        """,
        message="goes under `with torch.no_grad():`",
    ),
    # A value returned through `.data` leaves no volatile value behind: the return goes under it.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def act(model, state):
            return model(Variable(state, volatile=True)).data.max(1)[1]
        """,
        """
        import torch

        def act(model, state):
            with torch.no_grad():
                return model(state.detach()).data.max(1)[1]
        """,
    ),
    # A local helper handing its parameter to `volatile=`: its callers passing True get the block,
    # then the helper loses its `volatile` (the next pass).
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def to_var(x, volatile=False):
            return Variable(x, volatile=volatile)

        def evaluate(model, x):
            probs = torch.softmax(model(to_var(x, volatile=True)), dim=1)
            return probs.data
        """,
        """
        import torch

        def to_var(x, volatile=False):
            return x.detach()

        def evaluate(model, x):
            with torch.no_grad():
                probs = torch.softmax(model(to_var(x, volatile=True)), dim=1)
            return probs.data
        """,
    ),
    # A method helper whose result is bound first: the model call that uses it goes under no_grad
    # (once there, the call binding it is left as it is), then the helper loses its `volatile`.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Trainer:
            def _to_var(self, x, volatile=False):
                return Variable(x, volatile=volatile)

            def evaluate(self, loader):
                total = 0
                for x, y in loader:
                    x = self._to_var(x, volatile=True)
                    out = self.model(x)
                    total += out.data.sum()
                return total
        """,
        """
        import torch

        class Trainer:
            def _to_var(self, x, volatile=False):
                return x.detach()

            def evaluate(self, loader):
                total = 0
                for x, y in loader:
                    x = self._to_var(x, volatile=True)
                    with torch.no_grad():
                        out = self.model(x)
                    total += out.data.sum()
                return total
        """,
    ),
    # Reported, not wrapped: the volatile output is returned (its callers' computations were
    # volatile too, and would build a graph under a block here)...
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def predict(model, x):
            return model(Variable(x, volatile=True))
        """,
        message="a volatile value is returned from `predict`",
    ),
    # ... or a statement computes a volatile value and one that needs its gradient together.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def step(model, x, y):
            v = Variable(x, volatile=True)
            a, b = model(v), model(y)
            b.sum().backward()
            return a.data
        """,
        message="also computes a value that may need gradients",
    ),
    # A condition or a loop that reads the volatile values only through torch's functions, builtins and
    # their methods builds no graph once they are made under the block, as it built none before: the
    # block holds the model's call, the condition stays outside it.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def classify(model, ids):
            x = Variable(ids, volatile=True)
            out = F.softmax(model(x), 1)
            if torch.argmax(out[0]) == 1:
                print("positive")
            for key in {"p": out}.keys():
                print(key)
        """,
        """
        import torch
        import torch.nn.functional as F

        def classify(model, ids):
            x = ids.detach()
            with torch.no_grad():
                out = F.softmax(model(x), 1)
            if torch.argmax(out[0]) == 1:
                print("positive")
            for key in {"p": out}.keys():
                print(key)
        """,
        message="goes under `with torch.no_grad():`",
    ),
    # ... but one that calls the model on a volatile value computes with parameters: reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def check(model, ids):
            x = Variable(ids, volatile=True)
            if model(x).sum() > 0:
                print("positive")
        """,
        message="a condition, loop or `with` computes with a volatile value",
    ),
    # `.volatile` of a tensor is always False; setting it does nothing.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def f(x):
            t = Variable(torch.zeros(3))
            return t.volatile
        """,
        """
        import torch

        def f(x):
            t = torch.zeros(3)
            return False
        """,
        message="always `False`",
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
    # A script's top level: the computing statements go under `no_grad` (unsafe: another module may import
    # what they bind) ...
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        model = torch.nn.Linear(4, 2)
        x = Variable(torch.rand(1, 4), volatile=True)
        for step in range(3):
            out = model(x)
            print(out.data.argmax())
        """,
        """
        import torch
        model = torch.nn.Linear(4, 2)
        x = torch.rand(1, 4)
        for step in range(3):
            with torch.no_grad():
                out = model(x)
            print(out.data.argmax())
        """,
        message="(unsafe: at the top level, another module may import what it binds)",
    ),
    # ... unless a function of the module reads a volatile global (whenever it runs, it was volatile).
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        model = torch.nn.Linear(4, 2)

        def show():
            print(model(out))

        x = Variable(torch.rand(1, 4), volatile=True)
        out = model(x)
        show()
        """,
        None,
        message="a function or class of the module reads the volatile global `out`",
    ),
    # A function that binds the name itself (the model's `forward` with its own `out`) reads its local,
    # never the global: the script's evaluation is placed. Its parameters are its own too.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = torch.nn.Linear(4, 2)

            def forward(self, x):
                out = self.fc(x)
                return [out for out in (out,)][0]

        model = Net()
        x = Variable(torch.rand(1, 4), volatile=True)
        out = model(x)
        print(out.data.argmax())
        """,
        """
        import torch

        class Net(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = torch.nn.Linear(4, 2)

            def forward(self, x):
                out = self.fc(x)
                return [out for out in (out,)][0]

        model = Net()
        x = torch.rand(1, 4)
        with torch.no_grad():
            out = model(x)
        print(out.data.argmax())
        """,
        message="(unsafe: at the top level, another module may import what it binds)",
    ),
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        model = torch.nn.Linear(4, 2)

        def show(y):
            out = y
            print(out)

        def total():
            return [out.sum() for step in range(2)]

        x = Variable(torch.rand(1, 4), volatile=True)
        out = model(x)
        """,
        None,
        message="a function or class of the module reads the volatile global `out`",
    ),
    # The wrapper that moves to the GPU when one is available: each call of one tensor is what it gives
    # since 0.4, the tensor detached (not one made right there) and moved under the flag; with
    # `volatile=True` it is a volatile value as `Variable`'s (here returned: reported).
    Invalid(
        """
        import numpy as np
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()
        Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)

        def loss_of(model, state, target):
            q = model(Variable(torch.from_numpy(np.float32(state))))
            late = model(Variable(target, volatile=True))
            return (q - Variable(target)).pow(2).mean(), late
        """,
        """
        import numpy as np
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()
        Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)

        def loss_of(model, state, target):
            q = model(torch.from_numpy(np.float32(state)).to("cuda" if USE_CUDA else "cpu"))
            late = model(Variable(target, volatile=True))
            return (q - target.detach().to("cuda" if USE_CUDA else "cpu")).pow(2).mean(), late
        """,
        message="since PyTorch 0.4 it gives",
    ),
    # The same wrapper with `volatile=True` (a DQN's action and its bootstrap target): the value moved
    # under the flag, and the code computing with it under `torch.no_grad()`, as for `Variable`; the
    # wrapper, then read nowhere, goes (unsafe: another module may import it).
    Invalid(
        """
        import numpy as np
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()
        Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)

        def act(model, state):
            state = Variable(torch.from_numpy(np.float32(state)).unsqueeze(0), volatile=True)
            q_value = model(state)
            return q_value.max(1)[1].data[0]

        def td_loss(model, state, next_state, reward, gamma):
            q = model(state)
            next_q = model(Variable(next_state, volatile=True)).max(1)[0]
            target = reward + gamma * next_q
            return (q.max(1)[0] - Variable(target.data)).pow(2).mean()
        """,
        """
        import numpy as np
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()

        def act(model, state):
            state = torch.from_numpy(np.float32(state)).unsqueeze(0).to("cuda" if USE_CUDA else "cpu")
            with torch.no_grad():
                q_value = model(state)
            return q_value.max(1)[1].data[0]

        def td_loss(model, state, next_state, reward, gamma):
            q = model(state)
            with torch.no_grad():
                next_q = model(next_state.detach().to("cuda" if USE_CUDA else "cpu")).max(1)[0]
                target = reward + gamma * next_q
            return (q.max(1)[0] - target.data.to("cuda" if USE_CUDA else "cpu")).pow(2).mean()
        """,
        message="goes under `with torch.no_grad():`",
    ),
    # The wrapper once no code reads it (its calls all rewritten): the assignment goes, unsafe as for an
    # unused import (another module may take `Variable` from this one). Still read (`map(Variable,
    # xs)`): it stays.
    Invalid(
        """
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()
        Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)

        def prepare(x):
            return x.to("cuda" if USE_CUDA else "cpu")
        """,
        """
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()

        def prepare(x):
            return x.to("cuda" if USE_CUDA else "cpu")
        """,
        message="is called nowhere now: it goes (unsafe",
    ),
    Invalid(
        """
        import torch
        import torch.autograd as autograd
        USE_CUDA = torch.cuda.is_available()
        Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs).cuda() if USE_CUDA else autograd.Variable(*args, **kwargs)

        def prepare(xs):
            return list(map(Variable, xs))
        """,
        None,
        message="deprecated wrapper",
    ),
    # A local wrapper around Variable of another shape (no CPU branch): its calls are reported.
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
    # A second name for a conditional alias (`Tensor = FloatTensor`) is that alias: same type, same device.
    # (The alias itself stays while code reads it: here a table.)
    Invalid(
        """
        import torch
        use_cuda = torch.cuda.is_available()
        FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
        TYPES = {"float": FloatTensor}

        def act(state, batch_size):
            Tensor = FloatTensor
            return torch.from_numpy(state).type(Tensor) / 255, torch.zeros(batch_size).type(Tensor)
        """,
        """
        import torch
        use_cuda = torch.cuda.is_available()
        FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
        TYPES = {"float": FloatTensor}

        def act(state, batch_size):
            return torch.from_numpy(state).to("cuda" if use_cuda else "cpu", torch.float32) / 255, torch.zeros(batch_size).to("cuda" if use_cuda else "cpu", torch.float32)
        """,
        message="`.type(Tensor)` is the legacy conversion",
    ),
    # A module-level conditional alias nothing reads (the `ByteTensor` of `torch.cuda.ByteTensor`, which
    # the alias itself spells, is not a read of it) goes, an unsafe fix: another module may import it.
    Invalid(
        """
        import torch
        use_cuda = torch.cuda.is_available()
        ByteTensor = torch.cuda.ByteTensor if use_cuda else torch.ByteTensor
        """,
        """
        import torch
        use_cuda = torch.cuda.is_available()
        """,
        message="nothing uses it any more: remove it",
        line=3,
    ),
    # The import is needed only by the calls of the name it binds: the `Variable` of
    # `torch.autograd.Variable(y)` is an attribute, which needs no import.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def pair(y):
            return Variable(torch.zeros(2)), torch.autograd.Variable(y)
        """,
        """
        import torch

        def pair(y):
            return torch.zeros(2), y.detach()
        """,
        message="`Variable` is the pre-0.4 wrapper, only called here",
        line=2,
    ),
    # An integer legacy constructor never has autograd history (integer tensors cannot require grad),
    # whatever its argument: `Variable` goes without a `.detach()`; the constructor itself, of a
    # parameter that may be a size or data, is only reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def masked_loss(logits, target, length):
            length = Variable(torch.LongTensor(length))
            return logits.sum() / length.sum()
        """,
        """
        import torch

        def masked_loss(logits, target, length):
            length = torch.LongTensor(length)
            return logits.sum() / length.sum()
        """,
        message="cannot tell data from a size here",
    ),
    # What a call of the file's own code returns may be a module, whose `.type()` also casts integer
    # buffers: reported, not rewritten; a torch function's result is a tensor and is rewritten.
    Invalid(
        """
        import torch
        from torch import nn
        dtype = torch.cuda.FloatTensor

        def learn(q_func, obs, n):
            Q = q_func(n).type(dtype)
            head = nn.Linear(n, n).type(dtype)
            return Q, head, torch.from_numpy(obs).type(dtype)
        """,
        """
        import torch
        from torch import nn
        dtype = torch.cuda.FloatTensor

        def learn(q_func, obs, n):
            Q = q_func(n).type(dtype)
            head = nn.Linear(n, n).type(dtype)
            return Q, head, torch.from_numpy(obs).to("cuda", torch.float32)
        """,
        message="for a module, `Module.type` also casts integer buffers",
        line=6,
    ),
    # `*args` of a wrapper may unpack to one list of data (`Tensor([1.0, 2.0])`) or to sizes: unclear;
    # `*shape` and `*x.size()` are sizes.
    Invalid(
        """
        import torch
        def Tensor(*args):
            return torch.FloatTensor(*args)
        def buffer(x, *shape):
            return torch.FloatTensor(*shape), torch.FloatTensor(*x.size())
        """,
        """
        import torch
        def Tensor(*args):
            return torch.FloatTensor(*args)
        def buffer(x, *shape):
            return torch.empty(*shape, dtype=torch.float32), torch.empty(*x.size(), dtype=torch.float32)
        """,
        message="cannot tell data from a size here",
        line=3,
    ),
    # Names that may hold a module, however spelled: a loop over `.children()`, `m`, an item of a list of
    # layers, what a function of the file returns, another name for a layer: reported only.
    Invalid(
        """
        import torch
        from torch import nn

        def discriminator():
            return nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))

        def to_double(seq, x):
            for child in seq.children():
                child.type(torch.DoubleTensor)
            layers = [nn.BatchNorm1d(2)]
            first = layers[0].type(torch.DoubleTensor)
            D = discriminator()
            D = D.type(torch.DoubleTensor)
            bn = nn.BatchNorm1d(3)
            norm_layer = bn
            norm_layer.type(torch.DoubleTensor)
            return first, D, x.type(torch.DoubleTensor)
        """,
        """
        import torch
        from torch import nn

        def discriminator():
            return nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))

        def to_double(seq, x):
            for child in seq.children():
                child.type(torch.DoubleTensor)
            layers = [nn.BatchNorm1d(2)]
            first = layers[0].type(torch.DoubleTensor)
            D = discriminator()
            D = D.type(torch.DoubleTensor)
            bn = nn.BatchNorm1d(3)
            norm_layer = bn
            norm_layer.type(torch.DoubleTensor)
            return first, D, x.to("cpu", torch.float64)
        """,
        message="for a module, `Module.type` also casts integer buffers",
        line=9,
    ),
    # An array by its own expression (a reshape, `np.where(c)[i]`, a float `astype`): data, never a size.
    # `torch.as_tensor` shares the array's memory where the legacy call did, and copies where it did.
    Invalid(
        """
        import numpy as np
        import torch
        def act(policy, state):
            return policy(torch.FloatTensor(state.reshape(1, -1)))
        """,
        """
        import numpy as np
        import torch
        def act(policy, state):
            return policy(torch.as_tensor(state.reshape(1, -1), dtype=torch.float32))
        """,
        message="as_tensor",
        line=4,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        def labels_of(onehot):
            return torch.LongTensor(np.where(onehot)[1])
        """,
        """
        import numpy as np
        import torch
        def labels_of(onehot):
            return torch.as_tensor(np.where(onehot)[1], dtype=torch.int64)
        """,
        line=4,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        def load(wav):
            return torch.cuda.FloatTensor(wav.astype(np.float32)), torch.Tensor(wav.ravel())
        """,
        """
        import numpy as np
        import torch
        def load(wav):
            return torch.as_tensor(wav.astype(np.float32), dtype=torch.float32, device="cuda"), torch.as_tensor(wav.ravel(), dtype=torch.get_default_dtype())
        """,
        line=4,
    ),
    # A NumPy call that makes an array of at least one dimension whatever it is given (`np.diff`,
    # `np.argsort`, `np.unique`, `np.cumsum`), handed straight to the constructor: data, never a size.
    Invalid(
        """
        import numpy as np
        import torch
        def bands(hz, scores):
            order = torch.LongTensor(np.argsort(scores))
            return torch.Tensor(np.diff(hz)).view(-1, 1), order, torch.FloatTensor(1 - np.cumsum(hz))
        """,
        """
        import numpy as np
        import torch
        def bands(hz, scores):
            order = torch.as_tensor(np.argsort(scores), dtype=torch.int64)
            return torch.as_tensor(np.diff(hz), dtype=torch.get_default_dtype()).view(-1, 1), order, torch.as_tensor(1 - np.cumsum(hz), dtype=torch.float32)
        """,
        message="as_tensor",
        line=4,
    ),
    # NumPy's always-floating functions (`np.log`, `np.exp`, `np.sqrt`) make an array, or a float that a
    # floating constructor rejected: data for `torch.FloatTensor` and `torch.Tensor`, never a size. For an
    # integer type the float was rejected too, but `np.abs(n)` of an int is an int (a size): reported.
    Invalid(
        """
        import numpy as np
        import torch
        def scores(probs, n):
            return torch.FloatTensor(np.log(probs)), torch.Tensor(np.sqrt(probs)), torch.LongTensor(np.abs(n))
        """,
        """
        import numpy as np
        import torch
        def scores(probs, n):
            return torch.as_tensor(np.log(probs), dtype=torch.float32), torch.as_tensor(np.sqrt(probs), dtype=torch.get_default_dtype()), torch.LongTensor(np.abs(n))
        """,
        message="cannot tell data from a size here",
        line=4,
    ),
    # After `torch.set_default_tensor_type(torch.cuda.FloatTensor)` the typed CPU constructors still made
    # CPU tensors, where `torch.tensor`/`torch.empty` follow the default: the CPU is written out. The
    # default type's own constructor, `torch.Tensor`, followed it too.
    Invalid(
        """
        import torch
        torch.set_default_tensor_type(torch.cuda.FloatTensor)
        weights = torch.FloatTensor([0.5, 0.25])
        buf = torch.LongTensor(2, 3)
        h = torch.Tensor([1.0])
        """,
        """
        import torch
        torch.set_default_tensor_type(torch.cuda.FloatTensor)
        weights = torch.tensor([0.5, 0.25], dtype=torch.float32, device="cpu")
        buf = torch.empty(2, 3, dtype=torch.int64, device="cpu")
        h = torch.tensor([1.0])
        """,
        message="legacy constructor",
        line=3,
    ),
    # `.copy()` of an array or a slice (the copy `torch.as_tensor` needs of negative strides) is data: a
    # `torch.Size`, which the legacy call would read as a size, has no `copy`.
    Invalid(
        """
        import numpy as np
        import torch
        def order(x, sizes):
            return torch.LongTensor(np.argsort(x)[::-1].copy()), torch.FloatTensor(sizes[1:].copy())
        """,
        """
        import numpy as np
        import torch
        def order(x, sizes):
            return torch.as_tensor(np.argsort(x)[::-1].copy(), dtype=torch.int64), torch.as_tensor(sizes[1:].copy(), dtype=torch.float32)
        """,
        message="of an array",
        line=4,
    ),
    # What a function of the file returns on every path, by its own expression or through the one binding
    # of a local name that reaches the return: an array (shared, `torch.as_tensor`). Near misses: a number
    # (`n * 2`, a size to the legacy call) and a function that returns what it calls itself.
    Invalid(
        """
        import numpy as np
        import torch

        def sample_ids(n):
            ids = np.random.permutation(n)
            return ids

        def count(n):
            return n * 2

        def deeper(n):
            if n:
                return deeper(n - 1)
            return np.zeros(3)

        def batch(n):
            return torch.LongTensor(sample_ids(n)), torch.FloatTensor(count(n)), torch.FloatTensor(deeper(n))
        """,
        """
        import numpy as np
        import torch

        def sample_ids(n):
            ids = np.random.permutation(n)
            return ids

        def count(n):
            return n * 2

        def deeper(n):
            if n:
                return deeper(n - 1)
            return np.zeros(3)

        def batch(n):
            return torch.as_tensor(sample_ids(n), dtype=torch.int64), torch.FloatTensor(count(n)), torch.FloatTensor(deeper(n))
        """,
        message="returned by a function of the file",
        line=17,
    ),
    # Through a type alias chosen by a condition, an array by its own expression is data too: made on the
    # device the alias chooses.
    Invalid(
        """
        import numpy as np
        import torch
        use_cuda = torch.cuda.is_available()
        LongTensor = torch.cuda.LongTensor if use_cuda else torch.LongTensor
        def order(lengths):
            return LongTensor(np.argsort(-lengths))
        """,
        """
        import numpy as np
        import torch
        use_cuda = torch.cuda.is_available()
        def order(lengths):
            return torch.as_tensor(np.argsort(-lengths), dtype=torch.int64, device="cuda" if use_cuda else "cpu")
        """,
        message="of an array",
        line=4,
    ),
    # `np.clip(x, a, b)` and `np.where(c, a, b)` keep a 0-d input 0-d (a number, which the legacy call
    # read as a size): reported, not rewritten.
    Invalid(
        """
        import numpy as np
        import torch
        def clipped(x, lo, hi, c):
            return torch.LongTensor(np.clip(x, lo, hi)), torch.LongTensor(np.where(c, x, lo))
        """,
        None,
        message="cannot tell data from a size",
        line=4,
    ),
    # A NumPy float dtype of anything for a float type (an array, or a scalar the legacy call rejected),
    # and arithmetic with an array built right there (NumPy broadcasts: an array).
    Invalid(
        """
        import numpy as np
        import torch
        def update(batch, done):
            states, rewards = batch
            mask = torch.FloatTensor(1 - np.float32([done]))
            return torch.FloatTensor(np.float32(states)), torch.Tensor(np.array(rewards) * 0.5), mask
        """,
        """
        import numpy as np
        import torch
        def update(batch, done):
            states, rewards = batch
            mask = torch.as_tensor(1 - np.float32([done]), dtype=torch.float32)
            return torch.as_tensor(np.float32(states), dtype=torch.float32), torch.as_tensor(np.array(rewards) * 0.5, dtype=torch.get_default_dtype()), mask
        """,
        message="as_tensor",
        line=5,
    ),
    # Not an array by its expression: an integer `astype` or dtype of what may be a NumPy scalar (a size
    # then), arithmetic with a name spelled like a count or with a NumPy scalar: reported, not rewritten
    # (`.T`, a NumPy scalar's is itself, is read as data only as an unsafe fix: above).
    Invalid(
        """
        import numpy as np
        import torch
        def f(x, n_done):
            return torch.LongTensor(x.astype(np.int64)), torch.LongTensor(np.int64(x)), torch.FloatTensor(1 - n_done), torch.FloatTensor(2 * np.float32(x))
        """,
        None,
        message="cannot tell data from a size",
        line=4,
    ),
    # Data by what the file shows outside the call's own statement: a function of the file that returns a
    # fresh list, a list or NumPy array bound by the one statement that reaches the call on every path
    # (also at a script's top level, and a tuple unpacked from `zip(...)`); a slice of an array. A list
    # becomes `torch.tensor` (both copy it), an array `torch.as_tensor` (both share its memory).
    Invalid(
        """
        import numpy as np
        import torch
        from torch.autograd import Variable

        def indexes_from(sentence, vocab):
            return [vocab[w] for w in sentence.split()]

        def variable_from(sentence, vocab):
            return Variable(torch.LongTensor(indexes_from(sentence, vocab)))

        def step(conns):
            for _ in range(3):
                obs, reward, done = zip(*[c.recv() for c in conns])
                if torch.cuda.is_available():
                    reward = torch.cuda.FloatTensor(reward)
                yield reward, torch.FloatTensor(done)

        sen = [[1, 2, 3]]
        sen = np.asarray(sen)
        sen = torch.LongTensor(sen)
        """,
        """
        import numpy as np
        import torch

        def indexes_from(sentence, vocab):
            return [vocab[w] for w in sentence.split()]

        def variable_from(sentence, vocab):
            return torch.tensor(indexes_from(sentence, vocab), dtype=torch.int64)

        def step(conns):
            for _ in range(3):
                obs, reward, done = zip(*[c.recv() for c in conns])
                if torch.cuda.is_available():
                    reward = torch.tensor(reward, dtype=torch.float32, device="cuda")
                yield reward, torch.tensor(done, dtype=torch.float32)

        sen = [[1, 2, 3]]
        sen = np.asarray(sen)
        sen = torch.as_tensor(sen, dtype=torch.int64)
        """,
        line=3,
    ),
    Invalid(
        """
        import torch

        def window(hz):
            return torch.Tensor(hz[:-1])
        """,
        """
        import torch

        def window(hz):
            return torch.as_tensor(hz[:-1], dtype=torch.get_default_dtype())
        """,
        message="of an array (a slice",
        line=4,
    ),
    # A local name every binding of which is a fresh list or a NumPy array, whichever branch ran:
    # `torch.as_tensor` copies the list and shares the array, as the legacy call did.
    Invalid(
        """
        import numpy as np
        import torch

        def weights(flag, n):
            if flag:
                w = np.ones(n)
            else:
                w = [1.0] * n
            return torch.FloatTensor(w)
        """,
        """
        import numpy as np
        import torch

        def weights(flag, n):
            if flag:
                w = np.ones(n)
            else:
                w = [1.0] * n
            return torch.as_tensor(w, dtype=torch.float32)
        """,
        message="of a NumPy array bound before it",
        line=9,
    ),
    # A conditional legacy type is reported where it is chosen; `Tensor = FloatTensor`, which only
    # renames it, is not reported a second time (its calls are, and are rewritten; then it goes).
    Invalid(
        """
        import torch

        def noise(n):
            FloatTensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
            Tensor = FloatTensor
            return Tensor(n, 4).normal_()
        """,
        """
        import torch

        def noise(n):
            return torch.empty(n, 4, dtype=torch.float32, device="cuda" if torch.cuda.is_available() else "cpu").normal_()
        """,
        message="is a legacy tensor type chosen by a condition",
        line=4,
    ),
    # `torch.cuda.FloatTensor if cuda else torch.Tensor`: float32 on the GPU, the default dtype on the
    # CPU. One dtype does not say that, so its calls and conversions are reported, not rewritten.
    Invalid(
        """
        import numpy as np
        import torch

        cuda = torch.cuda.is_available()
        Tensor = torch.cuda.FloatTensor if cuda else torch.Tensor

        def sample(x, n):
            return Tensor(n, 1).fill_(1.0), Tensor(np.random.normal(0, 1, (n, 4))), x.type(Tensor)
        """,
        None,
        message="`torch.Tensor`) is a legacy tensor type chosen by a condition",
        line=5,
    ),
    # Arithmetic with an array is an array (a list or a tuple refuses `-`, `/`, `**` and a float `*`): data.
    Invalid(
        """
        import numpy as np
        import torch

        def noise(n, d, mean, std):
            z = torch.FloatTensor(0.75 * np.random.normal(0, 1, (n, d)))
            w = torch.FloatTensor((np.random.rand(n, d) - mean) / std)
            return z, w
        """,
        """
        import numpy as np
        import torch

        def noise(n, d, mean, std):
            z = torch.as_tensor(0.75 * np.random.normal(0, 1, (n, d)), dtype=torch.float32)
            w = torch.as_tensor((np.random.rand(n, d) - mean) / std, dtype=torch.float32)
            return z, w
        """,
        line=5,
    ),
    # Not shown to be data where the call runs: rebound later in the loop (the next round reads that), bound
    # under a condition, a parameter, a function that may return something else, a name a function rebinds.
    Invalid(
        """
        import torch

        def ids_of(flag):
            if flag:
                return [1, 2]
            return 3

        def looped(value):
            ids = [1, 2]
            for _ in range(2):
                t = torch.LongTensor(ids)
                ids = value
            return t

        def conditional(value, flag):
            ids = [1, 2]
            if flag:
                ids = value
            return torch.LongTensor(ids), torch.LongTensor(value), torch.LongTensor(ids_of(flag))

        def rebind():
            global ids
            ids = 4

        ids = [1, 2]
        torch.LongTensor(ids)
        """,
        None,
        message="cannot tell data from a size",
        line=11,
    ),
    # A name bound to what NumPy gives of another array, never 0-d (`np.expand_dims`, a view of it;
    # `np.diff`, `np.repeat`): an array, shared as the legacy call shared it, `torch.as_tensor`.
    Invalid(
        """
        import numpy as np
        import torch

        def features(reader, hz, c):
            for key, mat in reader:
                mat = np.expand_dims(mat, axis=1)
                yield torch.FloatTensor(mat)
            bands = np.diff(hz)
            frames = np.repeat(c, 4, axis=0)
            return torch.Tensor(bands), torch.FloatTensor(frames)
        """,
        """
        import numpy as np
        import torch

        def features(reader, hz, c):
            for key, mat in reader:
                mat = np.expand_dims(mat, axis=1)
                yield torch.as_tensor(mat, dtype=torch.float32)
            bands = np.diff(hz)
            frames = np.repeat(c, 4, axis=0)
            return torch.as_tensor(bands, dtype=torch.get_default_dtype()), torch.as_tensor(frames, dtype=torch.float32)
        """,
        message="of a NumPy array bound before it",
        line=7,
    ),
    # An array loaded from a file (`np.fromfile`, always 1-d; `np.loadtxt`, floating unless told), or such
    # an array shifted by a number first (`z = z - 1`, a fresh array): data.
    Invalid(
        """
        import numpy as np
        import torch

        def load(path, idx):
            x = np.fromfile(path, dtype=np.float32)
            x = torch.FloatTensor(x)
            z = np.loadtxt(path + ".z")
            z = z - 1
            z = torch.FloatTensor(z)
            return x, z
        """,
        """
        import numpy as np
        import torch

        def load(path, idx):
            x = np.fromfile(path, dtype=np.float32)
            x = torch.as_tensor(x, dtype=torch.float32)
            z = np.loadtxt(path + ".z")
            z = z - 1
            z = torch.as_tensor(z, dtype=torch.float32)
            return x, z
        """,
        message="of a NumPy array bound before it",
        line=6,
    ),
    # Reported only, not through a reshape to no dimension (`np.reshape(y, ())`: 0-d, a size to the legacy call), nor
    # through arithmetic with a name (`w - shift`: a count as likely as an array).
    Invalid(
        """
        import numpy as np
        import torch

        def load(path, shift):
            y = np.load(path)
            y = np.reshape(y, ())
            y = torch.LongTensor(y)
            w = np.load(path)
            w = w - shift
            return y, torch.LongTensor(w)
        """,
        None,
        message="cannot tell data from a size here",
        line=7,
    ),
    # A NumPy array that may have no dimension: `np.array(label)` of a number, `np.load(path)` or
    # `np.loadtxt(path, dtype=int)` of a file holding one number, a product of two 1-d arrays (`@`),
    # such an array shifted by a number (`n = n + 1`), or a function's returning one. A 0-d integer one was a
    # size to the legacy call (uninitialised memory of that many elements), so reading it as data is unsafe.
    Invalid(
        """
        import numpy as np
        import torch

        def label_of(k):
            return np.array(k)

        def load(path, label, weights):
            counts = np.load(path)
            ids = np.loadtxt(path, dtype=int)
            n = np.array(label)
            n = n + 1
            return (
                torch.LongTensor(counts),
                torch.LongTensor(ids),
                torch.FloatTensor(np.array(label)),
                torch.FloatTensor(np.ones(3) @ weights),
                torch.LongTensor(n),
                torch.LongTensor(label_of(label)),
            )
        """,
        """
        import numpy as np
        import torch

        def label_of(k):
            return np.array(k)

        def load(path, label, weights):
            counts = np.load(path)
            ids = np.loadtxt(path, dtype=int)
            n = np.array(label)
            n = n + 1
            return (
                torch.as_tensor(counts, dtype=torch.int64),
                torch.as_tensor(ids, dtype=torch.int64),
                torch.tensor(np.array(label), dtype=torch.float32),
                torch.as_tensor(np.ones(3) @ weights, dtype=torch.float32),
                torch.as_tensor(n, dtype=torch.int64),
                torch.as_tensor(label_of(label), dtype=torch.int64),
            )
        """,
        message="a NumPy array that may have no dimension",
        line=13,
    ),
    # `float` rebound (`float = int`): `dtype=float` is no floating dtype there, so a file of one number
    # gives a 0-d integer array, which the legacy call read as a size: only a likely reading (unsafe).
    Invalid(
        """
        import numpy as np
        import torch

        float = int

        def load(path):
            ids = np.loadtxt(path, dtype=float)
            return torch.LongTensor(ids), torch.LongTensor(np.loadtxt(path, dtype=float))
        """,
        """
        import numpy as np
        import torch

        float = int

        def load(path):
            ids = np.loadtxt(path, dtype=float)
            return torch.as_tensor(ids, dtype=torch.int64), torch.tensor(np.loadtxt(path, dtype=float), dtype=torch.int64)
        """,
        message="a NumPy array that may have no dimension",
        line=8,
    ),
    # The same arrays shown to have a dimension (`np.array([label])`, `ndmin=1`, a slice, a list bound
    # before) or to be floating (`dtype=np.float32`, a text file's default dtype, `* 0.5`): data, safely.
    Invalid(
        """
        import numpy as np
        import torch

        def load(path, label, rows):
            ids = [label, label + 1]
            ids = np.asarray(ids)
            return (
                torch.LongTensor(np.array([label])),
                torch.LongTensor(np.array(label, ndmin=1)),
                torch.LongTensor(np.array(rows[1:])),
                torch.LongTensor(ids),
                torch.FloatTensor(np.array(label, dtype=np.float32)),
                torch.FloatTensor(np.loadtxt(path)),
                torch.Tensor(np.array(label) * 0.5),
            )
        """,
        """
        import numpy as np
        import torch

        def load(path, label, rows):
            ids = [label, label + 1]
            ids = np.asarray(ids)
            return (
                torch.tensor(np.array([label]), dtype=torch.int64),
                torch.tensor(np.array(label, ndmin=1), dtype=torch.int64),
                torch.tensor(np.array(rows[1:]), dtype=torch.int64),
                torch.as_tensor(ids, dtype=torch.int64),
                torch.tensor(np.array(label, dtype=np.float32), dtype=torch.float32),
                torch.tensor(np.loadtxt(path), dtype=torch.float32),
                torch.as_tensor(np.array(label) * 0.5, dtype=torch.get_default_dtype()),
            )
        """,
        line=8,
    ),
    # What `.tolist()` gave, in the call or bound before it: a list of an array with a dimension, but a
    # number of a 0-d one (`np.argmax(scores)`, `y.sum()`), which the legacy call read as a size: unsafe.
    Invalid(
        """
        import numpy as np
        import torch

        def target(scores, y):
            label = y.sum()
            ids = label.tolist()
            return torch.LongTensor(np.argmax(scores).tolist()), torch.LongTensor(ids)
        """,
        """
        import numpy as np
        import torch

        def target(scores, y):
            label = y.sum()
            ids = label.tolist()
            return torch.tensor(np.argmax(scores).tolist(), dtype=torch.int64), torch.tensor(ids, dtype=torch.int64)
        """,
        message="a 0-d array's `.tolist()` is a number",
        line=7,
    ),
    # `.tolist()` of an array shown to have a dimension (a slice, `x.reshape(-1)`, `np.arange(n)`): a list.
    Invalid(
        """
        import numpy as np
        import torch

        def target(scores, n):
            head = scores[:n].tolist()
            return torch.LongTensor(head), torch.FloatTensor(scores.reshape(-1).tolist()), torch.LongTensor(np.arange(n).tolist())
        """,
        """
        import numpy as np
        import torch

        def target(scores, n):
            head = scores[:n].tolist()
            return torch.tensor(head, dtype=torch.int64), torch.tensor(scores.reshape(-1).tolist(), dtype=torch.float32), torch.tensor(np.arange(n).tolist(), dtype=torch.int64)
        """,
        message="use `torch.tensor(...)`",
        line=6,
    ),
    # A slice of a name bound to a `torch.Size` (`dims = x.size()`, `x.shape`), here or in a function of the
    # file that returns it: a `torch.Size`, a size to the legacy call, not an array: reported only.
    Invalid(
        """
        import torch

        def tail_of(x):
            s = x.size()
            return s[1:]

        def make(x):
            dims = x.shape
            return torch.FloatTensor(dims[1:]), torch.FloatTensor(tail_of(x))
        """,
        None,
        message="`dims[1:]` may be (a slice of) a `torch.Size`",
        line=9,
    ),
    # A slice of what the file shows may be a `torch.Size` another way: an attribute set to one, a bound
    # method of size called, a name a function sets through `global`, a function of the file returning
    # one. A size to the legacy call, not an array (nor data read as an unsafe fix): reported only.
    Invalid(
        """
        import torch

        class Shapes:
            pass

        def feat_of(x):
            return x.size()

        def setup(x):
            global grid
            grid = x.shape

        def make(x):
            s = Shapes()
            s.feat = x.size()
            get = x.size
            out = feat_of(x)
            return torch.FloatTensor(s.feat[1:]), torch.FloatTensor(get()[1:]), torch.FloatTensor(grid[1:]), torch.FloatTensor(out[1:])
        """,
        None,
        message="cannot tell data from a size here",
        line=18,
    ),
    # A `torch.Size` reaching the sliced name another way: a parameter's default (a lambda's too, or a
    # helper's result), a loop or comprehension over sizes (unpacked from `zip` or `.items()`), a lambda
    # mapped over sizes. A size to the legacy call, not an array: reported only.
    Invalid(
        """
        import torch

        def dims_of(x):
            return x.shape

        def make(x, d=dims_of(torch.zeros(2, 3)), grown=lambda e=torch.zeros(4).size(): torch.FloatTensor(e[1:])):
            found = {k: v.shape for k, v in x.items()}
            a = [torch.FloatTensor(s[1:]) for s in [t.size() for t in x.values()]]
            b = list(map(lambda s: torch.FloatTensor(s[1:]), [t.size() for t in x.values()]))
            c = {k: torch.FloatTensor(s[1:]) for k, s in found.items()}
            for name, s in zip(x, [t.size() for t in x.values()]):
                a.append(torch.FloatTensor(s[1:]))
            return torch.FloatTensor(d[1:]), a, b, c
        """,
        None,
        message="`e[1:]` may be (a slice of) a `torch.Size`",
        line=6,
    ),
    # The same shapes over arrays: an array's slice, shared.
    Invalid(
        """
        import numpy as np
        import torch

        def make(rows, d=np.zeros(4)):
            a = [torch.FloatTensor(r[1:]) for r in [np.ones(3), np.zeros(3)]]
            for i, r in enumerate(rows):
                a.append(torch.FloatTensor(r[1:]))
            return torch.FloatTensor(d[1:]), a
        """,
        """
        import numpy as np
        import torch

        def make(rows, d=np.zeros(4)):
            a = [torch.as_tensor(r[1:], dtype=torch.float32) for r in [np.ones(3), np.zeros(3)]]
            for i, r in enumerate(rows):
                a.append(torch.as_tensor(r[1:], dtype=torch.float32))
            return torch.as_tensor(d[1:], dtype=torch.float32), a
        """,
        message="of an array (a slice",
        line=5,
    ),
    # A slice of a name bound to an array (to a `torch.Size` only in another function): an array's, shared.
    Invalid(
        """
        import numpy as np
        import torch

        def shape_of(x):
            dims = x.size()
            return dims

        def make(n):
            dims = np.arange(n)
            return torch.FloatTensor(dims[1:])
        """,
        """
        import numpy as np
        import torch

        def shape_of(x):
            dims = x.size()
            return dims

        def make(n):
            dims = np.arange(n)
            return torch.as_tensor(dims[1:], dtype=torch.float32)
        """,
        message="of an array (a slice",
        line=10,
    ),
    # A tensor a name holds (`order = torch.arange(8)`), or a view bound to a name that may be a tensor's
    # (`x.reshape(-1, 1)`, `np.reshape(y, (-1, 1))`), or `t.flatten()` of a held `t` (a 1-d tensor's is `t`):
    # `torch.as_tensor` hands that tensor back where the legacy call made a new tensor object sharing
    # its memory, so `y.unsqueeze_(0)`, `y.requires_grad_()` or `y is x` now tell: unsafe.
    Invalid(
        """
        import numpy as np
        import torch

        def batch(x, path, idx):
            col = x.reshape(-1, 1)
            order = torch.arange(8)
            y = np.load(path)[idx]
            y = np.reshape(y, (-1, 1))
            return torch.LongTensor(col), torch.LongTensor(order), torch.LongTensor(y), torch.FloatTensor(x.flatten())
        """,
        """
        import numpy as np
        import torch

        def batch(x, path, idx):
            col = x.reshape(-1, 1)
            order = torch.arange(8)
            y = np.load(path)[idx]
            y = np.reshape(y, (-1, 1))
            return torch.as_tensor(col, dtype=torch.int64), torch.as_tensor(order, dtype=torch.int64), torch.as_tensor(y, dtype=torch.int64), torch.as_tensor(x.flatten(), dtype=torch.float32)
        """,
        message="hands back `order` itself",
        line=9,
    ),
    # The same, bound by the statement just before and rebound by the call's own (`x = torch.FloatTensor(x)`):
    # nothing else ever sees that object, so handing it back cannot show: safe.
    Invalid(
        """
        import torch

        def sample(expert, idx):
            pairs = expert[idx, :]
            pairs = torch.FloatTensor(pairs)
            noise = torch.randn(4)
            noise = torch.FloatTensor(noise)
            return pairs, noise
        """,
        """
        import torch

        def sample(expert, idx):
            pairs = expert[idx, :]
            pairs = torch.as_tensor(pairs, dtype=torch.float32)
            noise = torch.randn(4)
            noise = torch.as_tensor(noise, dtype=torch.float32)
            return pairs, noise
        """,
        line=5,
    ),
    # `type(Variable())`: the type of an empty tensor, `torch.Tensor` since PyTorch 0.4. A `type` of
    # the file's own is not the builtin: reported only.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def add_noise(x, std=0.01):
            noise = torch.normal(torch.zeros(*x.size()), std=std)
            if type(x) == type(Variable()):
                return x + noise
            return x
        """,
        """
        import torch

        def add_noise(x, std=0.01):
            noise = torch.normal(torch.zeros(*x.size()), std=std)
            if type(x) == torch.Tensor:
                return x + noise
            return x
        """,
        message="`type(Variable())` is `torch.Tensor` since PyTorch 0.4",
        line=2,
    ),
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def type(value):
            return value.__class__.__name__

        def is_tensor(x):
            return type(x) == type(Variable())
        """,
        message="`Variable` is a deprecated wrapper",
        line=2,
    ),
    # The collate functions copied from PyTorch 0.3: the test around the call checks the first element
    # of `batch` to be a number, so `batch` is a sequence of them: data (unsafe: a `torch.Size` passes
    # the same test). Rebound under the test, it is not: reported only.
    Invalid(
        """
        import torch

        def collate(batch):
            if torch.is_tensor(batch[0]):
                return torch.stack(batch, 0)
            elif isinstance(batch[0], int):
                return torch.LongTensor(batch)
            elif isinstance(batch[0], (float, int)):
                return torch.DoubleTensor(batch)
            return batch
        """,
        """
        import torch

        def collate(batch):
            if torch.is_tensor(batch[0]):
                return torch.stack(batch, 0)
            elif isinstance(batch[0], int):
                return torch.as_tensor(batch, dtype=torch.int64)
            elif isinstance(batch[0], (float, int)):
                return torch.as_tensor(batch, dtype=torch.float64)
            return batch
        """,
        message="whose first element the test around the call checks to be a number",
        line=7,
    ),
    Invalid(
        """
        import torch

        def first(batch):
            if isinstance(batch[0], int):
                batch = batch[0]
                return torch.LongTensor(batch)
            return batch
        """,
        message="cannot tell data from a size here",
        line=6,
    ),
    # PyTorch 0.3's collate: a dictionary of legacy types, called on a list. Its values become the dtypes
    # and the call `torch.tensor(..., dtype=...)`, unsafe: another module may read the dictionary.
    Invalid(
        """
        import torch

        numpy_type_map = {
            "float64": torch.DoubleTensor,
            "int64": torch.LongTensor,
            "int8": torch.CharTensor,
        }

        def collate_scalars(batch, name):
            py_type = float if name.startswith("float") else int
            return numpy_type_map[name](list(map(py_type, batch)))
        """,
        """
        import torch

        numpy_type_map = {
            "float64": torch.float64,
            "int64": torch.int64,
            "int8": torch.int8,
        }

        def collate_scalars(batch, name):
            py_type = float if name.startswith("float") else int
            return torch.tensor(list(map(py_type, batch)), dtype=numpy_type_map[name])
        """,
        message="`numpy_type_map` maps names to legacy tensor types, called on data",
        line=11,
    ),
    # `self.FloatTensor` chosen by a parameter of `__init__`, called there: the condition reads the same,
    # so the call gets its device; read in another method, it may not (`.type(...)`: reported only).
    Invalid(
        """
        import torch

        class EnvModel(torch.nn.Module):
            def __init__(self, n, use_cuda):
                super().__init__()
                self.FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
                self.scale = self.FloatTensor(n, 1)

            def forward(self, x):
                return x.type(self.FloatTensor) * self.scale
        """,
        """
        import torch

        class EnvModel(torch.nn.Module):
            def __init__(self, n, use_cuda):
                super().__init__()
                self.FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
                self.scale = torch.empty(n, 1, dtype=torch.float32, device="cuda" if use_cuda else "cpu")

            def forward(self, x):
                return x.type(self.FloatTensor) * self.scale
        """,
        message="is a legacy tensor type chosen by a condition",
        line=6,
    ),
]

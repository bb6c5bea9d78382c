"""DEV010's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # A host tensor read inside a call of a call (`print(model(x).dtype)`): no move of it to follow
    # (this crashed the rule: the outer call was taken for `Variable(x).cuda()`).
    Valid(
        """
        import numpy as np
        import torch

        model = torch.nn.Linear(3, 1).to(torch.float64)
        x = torch.from_numpy(np.random.randn(4, 3))
        print(model(x).dtype)
        """
    ),
    # Between the creation and the move, a fill with a value the code computes: left as it is.
    Valid(
        """
        import torch

        def filled(n, v):
            m = torch.empty(n)
            m.fill_(v.sum())
            return m.cuda()
        """
    ),
    Valid(
        """
        import torch
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        x = torch.zeros(4, 8, device=device)
        """
    ),
    # Data that exists on the host already (a batch, a NumPy array shared by `from_numpy`, which copies
    # nothing) must be copied to the device: nothing to do.
    Valid(
        """
        import numpy as np
        import torch

        def step(batch, device):
            table = torch.from_numpy(np.load("table.npy")).to(device)
            return batch.to(device), table
        """
    ),
    # A legacy constructor that is not moved (DEV009's), or moved by `.to()` of another tensor.
    Valid(
        """
        import torch

        def step(observation, reference):
            state = torch.FloatTensor(observation)
            like = torch.FloatTensor(observation.reshape(1, -1)).to(reference)
            return state, like
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
    # `.to(other)` whose creation reads the size of another name: `other` may be a device or a dtype
    # under a name that does not say so, or a tensor whose dtype the move takes too; left alone.
    Valid(
        """
        import torch

        def pad_like(features, where):
            return torch.zeros(features.size()).to(where)
        """
    ),
    # The same torch functions of a tensor that exists (a parameter, a batch): nothing is made here.
    Valid(
        """
        import torch

        def masks(scores, batch, device):
            upper = torch.triu(scores, 1).to(device)
            lower = torch.tril(batch["weights"])
            lower = lower.to(device)
            return upper, lower
        """
    ),
    # Returned moved under a test that reads the tensor, after an `elif`, or with the tensor used on the
    # host after the `if`: not the flag's choice of where it is made.
    Valid(
        """
        import torch

        def on_gpu(n, gpu, spare):
            t = torch.zeros(n)
            if t.numel() > 8:
                return t.cuda()
            return t

        def chosen(n, gpu, spare):
            t = torch.zeros(n)
            if gpu:
                return t.cuda()
            elif spare:
                return t.cuda(1)
            return t

        def counted(n, budget):
            t = torch.zeros(n)
            if budget.take():
                return t.cuda()
            t.fill_(0.5)
            return t
        """
    ),
    # Arithmetic with a name (which may hold a host tensor: `torch.tensor(0.5) * weights` even follows
    # `weights` to its device) or a division (a GPU may divide by a number as a multiplication by its
    # reciprocal): what is moved is not a plain fresh tensor; not followed.
    Valid(
        """
        import torch

        def sample(shapes, n, temp, weights, device):
            out = []
            for shape in shapes:
                z = torch.randn(n, *shape) * temp
                out.append(z.to(device))
            steps = (torch.arange(n) / 2).to(device)
            return out, steps, (torch.tensor(0.5) * weights).to(device)
        """
    ),
    # Arithmetic with a name the file does not show to be a Python number: an `argparse` option given
    # no `type` (a string), a reduction of a tensor, an option read from a parameter named `args`.
    Valid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--scale", default=0.5)
        opt = parser.parse_args()

        def sample(n, weights, args, device):
            w = weights.sum()
            a = (torch.ones(n) * opt.scale).to(device)
            b = (torch.ones(n) * w).to(device)
            c = (torch.ones(n) * args.temp).to(device)
            return a, b, c
        """
    ),
    # A legacy constructor of a name bound to a batch's data (a comprehension, a list of other values, an
    # empty list filled after, a list bound in one branch only): converted at the batch's boundary,
    # copied to the device as it must be.
    Valid(
        """
        import torch
        from torch.autograd import Variable

        USE_CUDA = torch.cuda.is_available()

        def batch(seqs, sentence, pad, ids_of, flag):
            padded = [pad(s) for s in seqs]
            padded = Variable(torch.LongTensor(padded))
            words = [ids_of(sentence)]
            words = Variable(torch.LongTensor(words))
            lens = []
            for s in seqs:
                lens.append(len(s))
            lens = torch.LongTensor(lens)
            if flag:
                sizes = [len(seqs)]
            sizes = torch.LongTensor(sizes)
            if USE_CUDA:
                padded = padded.cuda()
                words = words.cuda()
                lens = lens.cuda()
                sizes = sizes.cuda()
            return padded, words, lens, sizes
        """
    ),
    # A helper that builds its tensor in steps but writes data into it (a one-hot of labels, an in-place
    # scatter, a fill by another function) or starts from what it is handed: a batch's data, converted
    # where it arrives; moving it is its boundary, not a creation to make elsewhere.
    Valid(
        """
        import torch

        class Solver:
            def onehot(self, labels, dim):
                out = torch.zeros(labels.size(0), dim)
                out[torch.arange(labels.size(0)), labels.long()] = 1
                return out

            def scattered(self, idx, dim):
                out = torch.zeros(idx.size(0), dim)
                out.scatter_(1, idx.view(-1, 1), 1)
                return out

            def smoothed(self, x):
                k = x.float()
                return k / k.sum()

            def step(self, labels, idx, x, device):
                a = self.onehot(labels, 5).to(device)
                b = self.scattered(idx, 5).to(device)
                c = self.smoothed(x).to(device)
                return a, b, c
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
    # `.type_as(t)` of data that exists (a conversion it needs), of a tensor made on its device
    # already, and `.to()` of a dtype held in a settings object (not a device).
    Valid(
        """
        import numpy as np
        import torch

        def indices(argmin, table, n):
            rows = torch.from_numpy(table).type_as(argmin)
            cols = torch.arange(n, device=argmin.device).type_as(argmin)
            flags = torch.arange(n).to(Config.DTYPE)
            return rows, cols, flags
        """
    ),
    # A method that moves something else than what its caller hands it, or only converts its dtype.
    Valid(
        """
        import torch

        class Solver:
            def to_var(self, x):
                return x, self.buffer.cuda()

            def convert(self, x):
                return x.to(self.dtype)

            def step(self, n):
                return self.to_var(torch.zeros(n)), self.convert(torch.ones(n))
        """
    ),
    # Renamed on the way, but the host tensor is still read under its first name.
    Valid(
        """
        import torch

        def sequence_mask(lengths, max_len):
            seq = torch.arange(max_len)
            expanded = seq.unsqueeze(0).expand(lengths.size(0), max_len)
            if lengths.is_cuda:
                expanded = expanded.cuda()
            return expanded < lengths.unsqueeze(1), seq
        """
    ),
    # Filled with data on the host before the move (`out[i, label] = 1`): a batch built where its
    # data is, copied once; and copied to several GPUs in a comprehension, once per turn.
    Valid(
        """
        import torch

        def label2onehot(labels, dim):
            out = torch.zeros(labels.size(0), dim)
            out[range(labels.size(0)), labels.long()] = 1
            return out.cuda()

        def replicate(ensemble, n):
            x = torch.rand(n, 3)
            return [ensemble[i](x.cuda(i)) for i in range(4)]
        """
    ),
    # A helper from elsewhere told to keep it on the host (`cuda=False`), or handed a number after it.
    Valid(
        """
        import torch
        from utils import get_variable, prepare

        def step(n, args):
            return get_variable(torch.zeros(n), cuda=False), prepare(torch.ones(n), args.lr)
        """
    ),
    # A helper of the file named like a mover that does not move its argument; a helper from
    # elsewhere whose name says nothing about devices.
    Valid(
        """
        import torch
        from utils import prepare

        def to_var(x):
            return x.detach()

        def step(n):
            return to_var(torch.zeros(n)), prepare(torch.ones(n))
        """
    ),
    # `.to()` of a name that only may be a device: a dtype held under a GPU-ish name converts, it does not
    # move (`device=gpu_dtype` would fail).
    Valid(
        """
        import torch

        def half(n, gpu_dtype, use_gpu):
            return torch.zeros(n).to(gpu_dtype), torch.ones(n).to(use_gpu)
        """
    ),
    # Returned under a flag but read after it: the host tensor is still needed.
    Valid(
        """
        import torch

        def init_hidden(n, use_cuda):
            hidden = torch.zeros(1, n)
            moved = hidden.cuda() if use_cuda else hidden
            return moved, hidden
        """
    ),
    # Written into between its creation and the move with a tensor (`y[i] = t`, `z.add_(other)`), a value
    # read from another host tensor (`y[0] = other[0]`), or filled by a generator of the CPU's: what is
    # moved is data, not a plain fresh tensor; not followed.
    Valid(
        """
        import torch

        def written(n, t, other, g):
            y = torch.zeros(n)
            y[0] = t
            z = torch.zeros(n)
            z.add_(other)
            w = torch.zeros(n)
            w[0] = other[0]
            v = torch.empty(n)
            v.normal_(generator=g)
            c = torch.zeros(n)
            c.copy_(other)
            return y.cuda(), z.cuda(), w.cuda(), v.cuda(), c.cuda()
        """
    ),
    # A tuple of host tensors moved under another name (the tuple is still read on the host), moved into
    # a list (the fix would leave a tuple), with one element left where it is, or holding a tensor that
    # exists: left alone.
    Valid(
        """
        import torch

        def kept(bsz, use_cuda):
            hidden = (torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8))
            if use_cuda:
                moved = (hidden[0].cuda(), hidden[1].cuda())
            return hidden, moved

        def listed(bsz, use_cuda):
            hidden = (torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8))
            if use_cuda:
                hidden = [h.cuda() for h in hidden]
            return hidden

        def one(bsz, use_cuda):
            hidden = (torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8))
            if use_cuda:
                hidden = (hidden[0].cuda(), hidden[1])
            return hidden

        def given(bsz, h0, use_cuda):
            hidden = (torch.zeros(1, bsz, 8), h0)
            if use_cuda:
                hidden = (hidden[0].cuda(), hidden[1].cuda())
            return hidden
        """
    ),
    # dev10 (session 31): a legacy constructor bound then moved whose one argument the file does not show
    # is a size (a parameter with no telling use, a global list, data): the batch's boundary, left alone.
    Valid(
        """
        import torch

        def labels(batch_size):
            label = torch.FloatTensor(batch_size)
            label = label.cuda()
            return label
        """
    ),
    Valid(
        """
        import torch

        WEIGHTS = [0.2, 0.8]
        weight = torch.FloatTensor(WEIGHTS)
        if use_cuda:
            weight = weight.cuda()
        """
    ),
    Valid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--scale", type=float, default=1.0)
        opt = parser.parse_args()
        scale = torch.FloatTensor(opt.scale)
        scale = scale.cuda()
        """
    ),
    Valid(
        """
        import torch

        class Solver:
            def __init__(self):
                self.n = [1, 2]

            def targets(self, use_cuda):
                y = torch.LongTensor(self.n)
                if use_cuda:
                    y = y.cuda()
                return y
        """
    ),
    # dev10 (session 31): between a tensor attribute's creation and its move, the object is handed on or
    # a method of it called (`self.log()`, `print(self)`): it may read the host tensor; left alone.
    Valid(
        """
        import torch

        class Agent:
            def __init__(self, n, use_cuda):
                self.h = torch.zeros(n)
                self.log()
                if use_cuda:
                    self.h = self.h.cuda()
        """
    ),
    Valid(
        """
        import torch

        class Agent:
            def reset(self, n):
                self.h = torch.zeros(n)
                print(self.n, self)
                self.h = self.h.cuda()

            def restore(self, n, saved):
                self.h = torch.zeros(n)
                self.__dict__.update(saved)
                self.h = self.h.cuda()
        """
    ),
    # dev10 (session 31): the result of a function of the file that makes it on the host, bound and read
    # there before it is moved, or handed to a helper: the host tensor is needed, or the helper decides.
    Valid(
        """
        import torch

        class Sampler:
            def latent(self, n):
                return torch.randn(n, 8)

            def sample(self, n):
                z = self.latent(n)
                print(z.mean())
                z = z.cuda()
                return z
        """
    ),
    Valid(
        """
        import torch

        def noise(n):
            z = torch.randn(n)
            return z.clamp(-1, 1)

        def sample(n):
            z = noise(n)
            return z.cuda()
        """
    ),
    # dev10 (session 31): filled in place with data between its creation and the move (`t.copy_(src)`, a
    # scatter of a tensor's values): what is moved is data built on the host, not a fresh tensor.
    Valid(
        """
        import torch

        def copied(src, n):
            t = torch.zeros(n)
            t.copy_(src)
            return t.cuda()

        def scattered(idx, src, n):
            t = torch.zeros(n, 4)
            t.scatter_(1, idx, src)
            return t.cuda()
        """
    ),
    # dev10 (session 31): filled right after, but the file shows the argument is data (an array bound just
    # before): a copy of the data's shape, not a size; the batch's boundary, left alone.
    Valid(
        """
        import numpy as np
        import torch

        def zeros_like_rows(rows):
            rows = np.asarray(rows, dtype=np.float32)
            t = torch.FloatTensor(rows).fill_(0)
            t = t.cuda()
            return t
        """
    ),
    # dev10 (session 31): a function's tuple of host tensors read on the host before each is moved.
    Valid(
        """
        import torch

        class RNN(torch.nn.Module):
            def init_hidden(self, bsz):
                return (torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8))

            def run(self, bsz):
                hidden = self.init_hidden(bsz)
                print(hidden[0].sum())
                hidden = tuple(h.cuda() for h in hidden)
                return hidden
        """
    ),
    # dev10 (session 31): a method called on a name the file does not show is an instance of its class (a
    # parameter, a name bound twice): not resolved, left alone.
    Valid(
        """
        import torch

        class RNN(torch.nn.Module):
            def init_hidden(self, bsz):
                return (torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8))

        def evaluate(model, bsz):
            hidden = model.init_hidden(bsz)
            hidden = (hidden[0].cuda(), hidden[1].cuda())
            return hidden

        def twice(bsz, other):
            model = RNN()
            model = other
            hidden = model.init_hidden(bsz)
            hidden = (hidden[0].cuda(), hidden[1].cuda())
            return hidden
        """
    ),
    # An array NumPy made as a buffer and filled with data, or one handed in, is the batch's data, not
    # numbers made here: converted and moved later, left alone.
    Valid(
        """
        import numpy as np
        import torch

        def gather(rows, n, use_cuda):
            buf = np.zeros((n, 3))
            for i, row in enumerate(rows):
                buf[i] = row
            batch = torch.from_numpy(buf)
            if use_cuda:
                batch = batch.cuda()
            return batch

        def labels_of(targets, use_cuda):
            y = torch.from_numpy(np.array(targets))
            if use_cuda:
                y = y.cuda()
            return y
        """
    ),
    # NumPy's random draws bound to a name, or given to a legacy constructor, are samples the program
    # trains on (its data, read elsewhere too): their conversion and move are the batch's boundary.
    Valid(
        """
        import numpy as np
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        x_bc = np.random.uniform(low=0.0, high=2.0, size=(500, 1))
        u_bc = 6 * np.exp(-3 * x_bc)
        for epoch in range(10):
            pt_x_bc = torch.from_numpy(x_bc).float().to(device)
            points = torch.Tensor(np.random.uniform(size=(64, 2)))
            points = points.to(device)
        """
    ),
    # An index that picks values (`t[:, 0]`, a column: strided) is not a view of the whole tensor; a
    # tensor handed in is moved under `is not None` as it is.
    Valid(
        """
        import torch

        def column(x, cache):
            if cache is not None:
                cache = cache.cuda()
            first = x[:, 0]
            if x.is_cuda:
                first = first.cuda()
            return first, cache
        """
    ),
    # Rebound by a torch function that computes new values (`torch.cumsum`), or a legacy constructor of
    # data changed in place before the move: what is moved is not the tensor made here.
    Valid(
        """
        import torch

        def running(n, device):
            m = torch.ones(n)
            m = torch.cumsum(m, 0)
            m = m.to(device)
            return m

        def scaled(rows, use_cuda):
            x = torch.FloatTensor(rows)
            x.mul_(2)
            if use_cuda:
                x = x.cuda()
            return x
        """
    ),
    # Its values read on the host between the creation and the move (`t.sum()`), not only its shape:
    # the host tensor is needed there.
    Valid(
        """
        import torch

        def keep(ids):
            t = torch.LongTensor([ids])
            n = t.size(1)
            total = t.sum()
            t = t.cuda()
            return t, n, total
        """
    ),
    # Moved in a loop under another name, or to each GPU in turn, or rebound to what is computed from the
    # copy (stages on several GPUs): copied on every turn, not once.
    Valid(
        """
        import torch

        base = torch.zeros(4)
        outs = [base.cuda(i) for i in range(2)]
        for i in range(3):
            moved = base.cuda()
            print(moved)

        def pipeline(stages):
            x = torch.randn(5, 6)
            for stage in stages:
                x = stage(x.to(next(stage.parameters()).device))
            return x
        """
    ),
    # Chosen by a conditional and read on the host before the move: the host tensor is needed there.
    Valid(
        """
        import torch

        def target(batch_size, real, cuda):
            t = torch.ones(batch_size) if real else torch.zeros(batch_size)
            print(t.sum())
            if cuda:
                t = t.cuda()
            return t
        """
    ),
]

INVALID = [
    # Made in either branch of a conditional expression, then moved: each branch's tensor. Reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def make_target(batch_size, real, cuda):
            target = torch.ones(batch_size) if real else torch.zeros(batch_size)
            if cuda:
                target = target.cuda()
            return Variable(target)
        """,
        None,
        message="by `.cuda()`",
        line=5,
    ),
    # Made before a loop whose statement rebinds it to its copy (`hidden = hidden.cuda()`, also among
    # others, `inp, hidden = inp.cuda(), hidden.cuda()`): copied on the first turn. Reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        use_cuda = torch.cuda.is_available()
        model = torch.nn.GRU(8, 16)
        hidden = Variable(torch.zeros(1, 4, 16))
        for inp in batches:
            if use_cuda:
                inp, hidden = inp.cuda(), hidden.cuda()
            out, hidden = model(inp, hidden)
            hidden = hidden.detach()
        """,
        None,
        message="by `.cuda()`",
        line=6,
    ),
    # Its shape read between the creation and the move (`len(t)`, `t.size(1)`): the tensor made on the
    # device has the same. Reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def translate(ids, encoder, use_cuda):
            src_seqs = torch.LongTensor([ids]).transpose(0, 1)
            src_lens = [len(src_seqs)]
            batch_size = src_seqs.size(1)
            src_seqs = Variable(src_seqs, volatile=True)
            if use_cuda:
                src_seqs = src_seqs.cuda()
            return encoder(src_seqs, src_lens), batch_size
        """,
        None,
        message="by `.cuda()`",
        line=5,
    ),
    # Rebound by a torch function that is a method of the tensor (`torch.triu(mask, 1)`), then moved:
    # still the tensor made here. Reported.
    Invalid(
        """
        import torch

        def causal_mask(n, device):
            mask = torch.ones(n, n)
            mask = torch.triu(mask, diagonal=1)
            mask = mask.to(device)
            return mask
        """,
        None,
        message="by `.to()`",
        line=4,
    ),
    # A legacy constructor every value of which the next line overwrites (`_ = t.data.fill_(label)`): a
    # fresh tensor, whatever its argument, moved some lines later with other things. Reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Trainer:
            def train(self):
                bce = torch.nn.BCELoss()
                real_label = 1
                real = Variable(torch.FloatTensor(self.batch_size))
                _ = real.data.fill_(real_label)
                if self.num_gpu > 0:
                    bce.cuda()
                    real = real.cuda()
                return real
        """,
        None,
        message="created on the host, then copied to the device",
        line=8,
    ),
    # Numbers NumPy makes right there from sizes alone (`np.eye(k)`, `np.repeat(range(n), k)`, a slice of
    # `np.arange(n)`, arrays unpacked from `np.meshgrid` of `np.arange`), converted on the host
    # and moved: a torch factory makes them on the device. Reported (NumPy's dtypes and draws differ).
    Invalid(
        """
        import numpy as np
        import torch
        from torch.autograd import Variable

        class Head(torch.nn.Module):
            def forward(self, x):
                iden = Variable(torch.from_numpy(np.eye(3).flatten().astype(np.float32))).view(1, 9)
                if x.is_cuda:
                    iden = iden.cuda()
                return x + iden
        """,
        None,
        message="NumPy makes these numbers on the host",
        line=7,
    ),
    Invalid(
        """
        import numpy as np
        import torch
        from torch.autograd import Variable

        def loss(scores, n_way, n_query):
            y_query = torch.from_numpy(np.repeat(range(n_way), n_query))
            y_query = Variable(y_query.cuda())
            return scores, y_query
        """,
        None,
        line=6,
    ),
    Invalid(
        """
        import numpy as np
        import torch

        def offsets(grid_size, CUDA):
            grid_len = np.arange(grid_size)
            a, b = np.meshgrid(grid_len, grid_len)
            x_offset = torch.FloatTensor(a).view(-1, 1)
            if CUDA:
                x_offset = x_offset.cuda()
            return x_offset, b
        """,
        None,
        message="NumPy makes these numbers on the host",
        line=7,
    ),
    Invalid(
        """
        import numpy as np
        import torch

        def batches(z, n, b):
            order = np.arange(n)[::-1]
            for i in range(0, n, b):
                yield z[torch.from_numpy(order[i:i + b]).cuda()]
        """,
        None,
        line=7,
    ),
    # A view of the whole tensor (`[None, :, :]`) is the tensor made here: made on the device as viewed.
    Invalid(
        """
        import torch

        def regularizer(trans):
            eye = torch.eye(trans.size(1))[None, :, :]
            if trans.is_cuda:
                eye = eye.cuda()
            return torch.bmm(trans, trans.transpose(2, 1)) - eye
        """,
        """
        import torch

        def regularizer(trans):
            eye = torch.eye(trans.size(1), device="cuda" if trans.is_cuda else "cpu")[None, :, :]
            return torch.bmm(trans, trans.transpose(2, 1)) - eye
        """,
        line=4,
    ),
    # Made in one branch, moved in another block once it is known to exist (`is not None` reads nothing
    # of the tensor): reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def get_input(batch, use_cuda, pointer_gen):
            extra_zeros = None
            if pointer_gen and batch.max_oovs > 0:
                extra_zeros = Variable(torch.zeros((len(batch), batch.max_oovs)))
            if use_cuda:
                if extra_zeros is not None:
                    extra_zeros = extra_zeros.cuda()
            return extra_zeros
        """,
        None,
        message="by `.cuda()`",
        line=7,
    ),
    # A legacy constructor of data that exists copies it into a host tensor only to copy that to the
    # device: `torch.as_tensor(data, dtype=..., device=...)` when the argument is plainly an array (a
    # slice, a reshaped array: shared on the host where the legacy call shared it), reported when it
    # may be a size (`torch.FloatTensor(n)`: uninitialised).
    Invalid(
        """
        import torch

        def batch_of(memory, target, i, n, device):
            states = torch.FloatTensor(memory.states[i:i + n]).to(device)
            state = torch.FloatTensor(memory.last.reshape(1, -1)).repeat(8, 1).to(device)
            labels = torch.LongTensor(target[i:i + n]).cuda()
            return states, state, labels
        """,
        """
        import torch

        def batch_of(memory, target, i, n, device):
            states = torch.as_tensor(memory.states[i:i + n], dtype=torch.float32, device=device)
            state = torch.as_tensor(memory.last.reshape(1, -1), dtype=torch.float32, device=device).repeat(8, 1)
            labels = torch.as_tensor(target[i:i + n], dtype=torch.int64, device="cuda")
            return states, state, labels
        """,
    ),
    # The same for a name bound to an array (`torch.as_tensor` shares it on the host, as the legacy call
    # did); a list nothing else holds becomes `torch.tensor`.
    Invalid(
        """
        import numpy as np
        import torch

        def weights_of(n, device):
            weights = np.ones(n, dtype=np.float32)
            ids = [i for i in range(n)]
            return torch.FloatTensor(weights).to(device), torch.LongTensor(ids).to(device)
        """,
        """
        import numpy as np
        import torch

        def weights_of(n, device):
            weights = np.ones(n, dtype=np.float32)
            ids = [i for i in range(n)]
            return torch.as_tensor(weights, dtype=torch.float32, device=device), torch.tensor(ids, dtype=torch.int64, device=device)
        """,
    ),
    # The argument read as DEV009 reads it (`codemods.analysis.evident_data`): an array by its own
    # expression (`np.argsort(x)`, `np.log(p)` for a float type, `1 - np.float32([done])`), a NumPy array
    # or a tensor bound before the call (`np.asarray(words)` of a list: an array of at least one dimension):
    # data, made on the device with `torch.as_tensor`.
    Invalid(
        """
        import numpy as np
        import torch

        def batch(lengths, probs, done, words: list, device):
            order = torch.LongTensor(np.argsort(-lengths)).to(device)
            logp = torch.FloatTensor(np.log(probs)).to(device)
            mask = torch.FloatTensor(1 - np.float32([done])).to(device)
            ids = np.asarray(words)
            ids = torch.LongTensor(ids).to(device)
            return order, logp, mask, ids
        """,
        """
        import numpy as np
        import torch

        def batch(lengths, probs, done, words: list, device):
            order = torch.as_tensor(np.argsort(-lengths), dtype=torch.int64, device=device)
            logp = torch.as_tensor(np.log(probs), dtype=torch.float32, device=device)
            mask = torch.as_tensor(1 - np.float32([done]), dtype=torch.float32, device=device)
            ids = np.asarray(words)
            ids = torch.as_tensor(ids, dtype=torch.int64, device=device)
            return order, logp, mask, ids
        """,
    ),
    # Near misses: an int-valued NumPy function of a number may be an int (a size), so may an array of
    # what may be a number (`np.asarray(n)`: 0-d), and `np.log` for an integer type (a float the legacy
    # call rejected, converted here): left as they are.
    Invalid(
        """
        import numpy as np
        import torch

        def batch(n, probs, device):
            counts = torch.FloatTensor(np.abs(n)).to(device)
            logp = torch.LongTensor(np.log(probs)).to(device)
            ids = np.asarray(n)
            ids = torch.LongTensor(ids).to(device)
            return counts, logp, ids
        """,
        None,
        message="not plainly data or a size",
        line=5,
    ),
    Invalid(
        """
        import torch

        def select_action(self, state):
            state = torch.FloatTensor(state).to(self.device)
            return self.actor(state)
        """,
        None,
        message="not plainly data or a size",
        line=4,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        def make(self, hidden, rows):
            self.v = nn.Parameter(torch.FloatTensor(hidden).to(self.device))
            table = torch.LongTensor(rows).to(self.device)
            table.zero_()
            return table
        """,
        message="not plainly data or a size",
        line=5,
    ),
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
    # Moved to the script's global device in code `forward` runs: made on the input's device at once
    # (DEV003's answer for `device=device` there), one fix for the final code; a device the function is
    # handed stays.
    Invalid(
        """
        import torch
        from torch import nn
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        class Encoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(8, 16)

            def forward(self, x):
                h = torch.zeros(1, x.size(1), 16)
                h = h.to(device)
                mask = torch.ones(x.size(0)).to(device)
                return self.rnn(x, h)[0] * mask[:, None, None]

        def pad(batch, device):
            return torch.zeros(4).to(device), batch
        """,
        """
        import torch
        from torch import nn
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        class Encoder(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(8, 16)

            def forward(self, x):
                h = torch.zeros(1, x.size(1), 16, device=x.device)
                mask = torch.ones(x.size(0), device=x.device)
                return self.rnn(x, h)[0] * mask[:, None, None]

        def pad(batch, device):
            return torch.zeros(4, device=device), batch
        """,
        line=11,
    ),
    # Under a test for the GPU, the code chooses the place itself: the global device stays.
    Invalid(
        """
        import torch
        from torch import nn
        device = torch.device("cuda")

        class Gate(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.fc = nn.Linear(4, 4)

            def forward(self, x):
                if self.use_cuda:
                    bias = torch.ones(4).to(device)
                else:
                    bias = torch.ones(4)
                return self.fc(x) + bias
        """,
        """
        import torch
        from torch import nn
        device = torch.device("cuda")

        class Gate(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.fc = nn.Linear(4, 4)

            def forward(self, x):
                if self.use_cuda:
                    bias = torch.ones(4, device=device)
                else:
                    bias = torch.ones(4)
                return self.fc(x) + bias
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
    # A torch function that is a method of the tensor given first (`torch.triu(t, 1)` is `t.triu(1)`):
    # it selects or rearranges values, the same on any device; moved at once or by a later line.
    Invalid(
        """
        import torch

        class CausalMask:
            def __init__(self, batch, length, device="cpu"):
                shape = [batch, 1, length, length]
                self.mask = torch.triu(torch.ones(shape, dtype=torch.bool), diagonal=1).to(device)

        def causal_mask(n, device):
            mask = torch.tril(torch.ones(n, n))
            mask = mask.to(device)
            return mask == 0
        """,
        """
        import torch

        class CausalMask:
            def __init__(self, batch, length, device="cpu"):
                shape = [batch, 1, length, length]
                self.mask = torch.triu(torch.ones(shape, dtype=torch.bool, device=device), diagonal=1)

        def causal_mask(n, device):
            mask = torch.tril(torch.ones(n, n, device=device))
            return mask == 0
        """,
        message="copied to the device; create it there",
        line=6,
    ),
    # Returned moved under a flag, and as made otherwise (in the `else`, or after the `if`): made where
    # the flag says, it is returned as it is and the `if` goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        use_cuda = torch.cuda.is_available()

        def init_hidden(size):
            result = Variable(torch.zeros(1, 1, size))
            if use_cuda:
                return result.cuda()
            else:
                return result

        def real_target(n):
            data = torch.ones(n, 1)
            if torch.cuda.is_available(): return data.cuda()
            return data
        """,
        """
        import torch
        from torch.autograd import Variable

        use_cuda = torch.cuda.is_available()

        def init_hidden(size):
            result = Variable(torch.zeros(1, 1, size, device="cuda" if use_cuda else "cpu"))
            return result

        def real_target(n):
            data = torch.ones(n, 1, device="cuda" if torch.cuda.is_available() else "cpu")
            return data
        """,
        message="copied to the device; create it there",
        line=7,
    ),
    # Returned moved under a flag, with other work where it is not: what runs after the `if` runs only
    # when the flag is off, where the tensor is still made on the host.
    Invalid(
        """
        import torch

        def labels(n, gpu):
            t = torch.zeros(n)
            if gpu:
                return t.cuda(1)
            t.fill_(0.5)
            return t

        def targets(n, gpu):
            t = torch.ones(n)
            if gpu:
                return t.cuda()
            else:
                print("on the CPU")
                return t
        """,
        """
        import torch

        def labels(n, gpu):
            t = torch.zeros(n, device="cuda:1" if gpu else "cpu")
            if gpu:
                return t
            t.fill_(0.5)
            return t

        def targets(n, gpu):
            t = torch.ones(n, device="cuda" if gpu else "cpu")
            if gpu:
                return t
            else:
                print("on the CPU")
                return t
        """,
        message="copied to the device; create it there",
    ),
    # Moved under a flag inside `forward`: the flag can only have agreed with the input's device.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Encoder(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.rnn = nn.GRU(8, 16)

            def forward(self, x):
                h0 = torch.zeros(1, x.size(1), 16)
                if self.use_cuda:
                    h0 = h0.cuda()
                return self.rnn(x, h0)[0]
        """,
        """
        import torch
        import torch.nn as nn

        class Encoder(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.rnn = nn.GRU(8, 16)

            def forward(self, x):
                h0 = torch.zeros(1, x.size(1), 16, device=x.device)
                return self.rnn(x, h0)[0]
        """,
        line=11,
    ),
    # A module's state builder with no tensor argument: it may run before the module is moved, so the
    # flag keeps choosing the device.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class LM(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.LSTM(8, 16)

            def forward(self, x, hidden):
                return self.rnn(x, hidden)

            def init_hidden(self, batch):
                h = torch.zeros(1, batch, 16)
                if USE_CUDA:
                    h = h.cuda()  # the flag is the script's
                return h, h
        """,
        None,
        message="not rewritten: a comment would go with the move",
    ),
    Invalid(
        """
        import torch
        import torch.nn as nn

        class LM(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.LSTM(8, 16)

            def forward(self, x, hidden):
                return self.rnn(x, hidden)

            def init_hidden(self, batch):
                h = torch.zeros(1, batch, 16)
                if USE_CUDA:
                    h = h.cuda()
                return h, h
        """,
        """
        import torch
        import torch.nn as nn

        class LM(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.LSTM(8, 16)

            def forward(self, x, hidden):
                return self.rnn(x, hidden)

            def init_hidden(self, batch):
                h = torch.zeros(1, batch, 16, device="cuda" if USE_CUDA else "cpu")
                return h, h
        """,
        line=13,
    ),
    # `forward`'s first argument is not shown to be a tensor (a rate handed in), but `h`, handed to a
    # layer, is: its device.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Noise(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.fc = nn.Linear(4, 4)

            def forward(self, rate, h):
                mask = torch.ones(4)
                if self.use_cuda:
                    mask = mask.cuda()
                return self.fc(h) * mask * rate
        """,
        """
        import torch
        import torch.nn as nn

        class Noise(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.fc = nn.Linear(4, 4)

            def forward(self, rate, h):
                mask = torch.ones(4, device=h.device)
                return self.fc(h) * mask * rate
        """,
        line=11,
    ),
    # A module that places a part on a named GPU: its input's device says nothing; the flag stays.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Split(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.a = nn.Linear(4, 4).to("cuda:1")

            def forward(self, x):
                h = torch.zeros(4)
                if self.use_cuda:
                    h = h.cuda()
                return self.a(x.to("cuda:1")) + h
        """,
        """
        import torch
        import torch.nn as nn

        class Split(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.a = nn.Linear(4, 4).to("cuda:1")

            def forward(self, x):
                h = torch.zeros(4, device="cuda" if self.use_cuda else "cpu")
                return self.a(x.to("cuda:1")) + h
        """,
        line=11,
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
    # `.cuda(i)` where the file shows `i` is an int or None (an argparse option of `type=int`, a global
    # bound only to one, `self.gpu_id` assigned only an int): `torch.device("cuda", i)` is the same GPU,
    # the current one for None; also where a helper of the class moves with it.
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=None)
        args = parser.parse_args()
        GPU = args.gpu

        def step(n):
            return torch.zeros((n, 50)).cuda(args.gpu), torch.arange(n).cuda(GPU)

        class Solver:
            def __init__(self):
                self.gpu_id = 0

            def to_gpu(self, x):
                return x.cuda(self.gpu_id)

            def sample(self, n):
                return self.to_gpu(torch.ones(n))
        """,
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", type=int, default=None)
        args = parser.parse_args()
        GPU = args.gpu

        def step(n):
            return torch.zeros((n, 50), device=torch.device("cuda", args.gpu)), torch.arange(n, device=torch.device("cuda", GPU))

        class Solver:
            def __init__(self):
                self.gpu_id = 0

            def to_gpu(self, x):
                return x.cuda(self.gpu_id)

            def sample(self, n):
                return self.to_gpu(torch.ones(n, device=torch.device("cuda", self.gpu_id)))
        """,
        line=10,
    ),
    # An index the file does not show is an int: a string option, an attribute also given a device.
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--gpu", default="0")
        args = parser.parse_args()

        class Solver:
            def __init__(self, device):
                self.gpu = 0
                if device is not None:
                    self.gpu = device

            def sample(self, n):
                return torch.zeros(n).cuda(args.gpu), torch.ones(n).cuda(self.gpu)
        """,
        message="may be None",
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
    # Python data written here, joined to a name: a list (or an array, or an error: a tensor or a tuple
    # refuses to be added to a list), never a size, so data whatever `rest` is.
    Invalid(
        """
        import torch
        start = torch.LongTensor([SOS] + rest).cuda()
        """,
        """
        import torch
        start = torch.tensor([SOS] + rest, dtype=torch.int64, device="cuda")
        """,
    ),
    # Computed on the host from a fresh tensor: the device may round the function differently.
    Invalid(
        """
        import torch
        scale = torch.sqrt(torch.tensor([64.0])).to(device)
        """,
        message="computed on the host by `torch.sqrt`",
    ),
    # Arithmetic with numbers on a fresh tensor: still a fresh host tensor. `+`, `-`, `*` of number
    # literals compute the same on the device (one correctly rounded step each): made there; the
    # random one is unsafe as ever.
    Invalid(
        """
        import torch

        def targets(shape, device):
            ignored = (torch.ones(shape) * -1).to(device)
            return ignored
        """,
        """
        import torch

        def targets(shape, device):
            ignored = torch.ones(shape, device=device) * -1
            return ignored
        """,
    ),
    Invalid(
        """
        import torch

        def noise(shape, use_cuda):
            u = 2 * torch.rand(shape) - 1
            if use_cuda:
                u = u.cuda()
            return u
        """,
        """
        import torch

        def noise(shape, use_cuda):
            u = 2 * torch.rand(shape, device="cuda" if use_cuda else "cpu") - 1
            return u
        """,
        message="unsafe",
    ),
    # Arithmetic with what the file shows is a Python number (an `argparse` option of `type=float`, a
    # global bound only to a number, `len(...)`): a number literal on any device, so made there; the
    # random one is unsafe as ever.
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--temp", type=float, default=0.7)
        args = parser.parse_args()
        SCALE = 0.5

        def weights(shape, items, device):
            a = (torch.ones(shape) * SCALE).to(device)
            b = (len(items) + torch.zeros(shape)).to(device)
            return a, b
        """,
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--temp", type=float, default=0.7)
        args = parser.parse_args()
        SCALE = 0.5

        def weights(shape, items, device):
            a = torch.ones(shape, device=device) * SCALE
            b = len(items) + torch.zeros(shape, device=device)
            return a, b
        """,
    ),
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--temp", type=float, default=0.7)
        args = parser.parse_args()

        def sample(shapes, n, device):
            out = []
            for shape in shapes:
                z = torch.randn(n, *shape) * args.temp
                out.append(z.to(device))
            return out
        """,
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--temp", type=float, default=0.7)
        args = parser.parse_args()

        def sample(shapes, n, device):
            out = []
            for shape in shapes:
                z = torch.randn(n, *shape, device=device) * args.temp
                out.append(z)
            return out
        """,
        message="unsafe",
    ),
    # A legacy constructor of a name whose one binding reaching it is a list of numbers written right
    # there (`[len(seq)]`): data made here, as `torch.LongTensor([len(seq)])` is, not a batch; made on
    # the device the flag picks.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        USE_CUDA = torch.cuda.is_available()

        def lengths(seq, width):
            lens = [len(seq), width.size(0)]
            lens = Variable(torch.LongTensor(lens))
            if USE_CUDA:
                lens = lens.cuda()
            return lens
        """,
        """
        import torch
        from torch.autograd import Variable

        USE_CUDA = torch.cuda.is_available()

        def lengths(seq, width):
            lens = [len(seq), width.size(0)]
            lens = Variable(torch.tensor(lens, dtype=torch.int64, device="cuda" if USE_CUDA else "cpu"))
            return lens
        """,
    ),
    # A method of the file that builds its tensor on the host in steps (names bound to a creation, tensor
    # methods, arithmetic of the tensor with itself, another such method): its result moved is
    # reported; the method should take the device (it is not changed for one of its callers).
    Invalid(
        """
        import torch
        from math import exp

        class SSIM(torch.nn.Module):
            def gaussian(self, size, sigma):
                g = torch.tensor([exp(-((x - size // 2) ** 2) / (2 * sigma**2)) for x in range(size)])
                return g / g.sum()

            def window(self, size, channels):
                w1 = self.gaussian(size, 1.5).unsqueeze(1)
                w2 = w1.mm(w1.t()).float().unsqueeze(0).unsqueeze(0)
                return w2.expand(channels, 1, size, size).contiguous()

            def forward(self, img, size, channels):
                window = self.window(size, channels).to(img.device)
                return torch.nn.functional.conv2d(img, window, groups=channels)
        """,
        message="created on the host by `self.window(...)`",
    ),
    # Handed to a function of the file that moves it as it arrives, always or under one test the call
    # can read the same way (`torch.cuda.is_available()`, a global, `self` of a method of its own class):
    # made where the helper would move it, whose move then copies nothing; the call stays.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def to_gpu(t):
            return t.cuda() if torch.cuda.is_available() else t

        scores = to_gpu(torch.zeros(10))

        class Solver:
            def __init__(self, use_cuda):
                self.use_cuda = use_cuda

            def to_var(self, x):
                if self.use_cuda:
                    x = x.cuda()
                return Variable(x)

            def labels(self, n):
                return self.to_var(torch.ones(n).long())
        """,
        """
        import torch
        from torch.autograd import Variable

        def to_gpu(t):
            return t.cuda() if torch.cuda.is_available() else t

        scores = to_gpu(torch.zeros(10, device="cuda" if torch.cuda.is_available() else "cpu"))

        class Solver:
            def __init__(self, use_cuda):
                self.use_cuda = use_cuda

            def to_var(self, x):
                if self.use_cuda:
                    x = x.cuda()
                return Variable(x)

            def labels(self, n):
                return self.to_var(torch.ones(n, device="cuda" if self.use_cuda else "cpu").long())
        """,
        message="copied to the device by `to_gpu(...)`",
    ),
    # Bound first, then handed to the helper: the same, unless the host tensor is read again after.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def create_variable(tensor):
            if torch.cuda.is_available():
                return Variable(tensor.cuda())
            else:
                return Variable(tensor)

        def init_hidden(layers, batch, size):
            hidden = torch.zeros(layers, batch, size)
            return create_variable(hidden)

        def kept(n):
            h = torch.zeros(n)
            return create_variable(h), h.numpy()
        """,
        """
        import torch
        from torch.autograd import Variable

        def create_variable(tensor):
            if torch.cuda.is_available():
                return Variable(tensor.cuda())
            else:
                return Variable(tensor)

        def init_hidden(layers, batch, size):
            hidden = torch.zeros(layers, batch, size, device="cuda" if torch.cuda.is_available() else "cpu")
            return create_variable(hidden)

        def kept(n):
            h = torch.zeros(n)
            return create_variable(h), h.numpy()
        """,
        line=11,
    ),
    # Where the call cannot say where the helper sends it: after an early return, under a flag the
    # caller binds to something else, a parameter the call computes or the helper rebinds, a default
    # name (read when the helper was defined), the parameter wrapped with more than itself first.
    # Reported only.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        use_cuda = torch.cuda.is_available()
        GPU = "cuda"

        def early(t):
            if not torch.cuda.is_available():
                return t
            return t.cuda()

        def flagged(t):
            return t.cuda() if use_cuda else t

        def placed(t, device):
            return t.to(device)

        def chosen(t, device):
            device = device or "cuda"
            return t.to(device)

        def fallback(t, device=GPU):
            return t.to(device)

        def wrapped(t, cuda):
            t = Variable(t, requires_grad=True)
            if cuda:
                t = t.cuda()
            return t

        def step(n, use_cuda):
            return early(torch.ones(n)), flagged(torch.zeros(n)), placed(torch.zeros(n), pick())

        def more(n, args):
            return chosen(torch.ones(n), args.device), fallback(torch.ones(n)), wrapped(torch.ones(n), True)
        """,
        message="copied to the device by `early(...)`",
        line=32,
    ),
    # Moved to the portable device written out where it is used (DEV007's spelling in a file that picks
    # its GPUs at run time): the same choice, read once, as `device=`.
    Invalid(
        """
        import os
        import torch

        os.environ["CUDA_VISIBLE_DEVICES"] = "1"

        def step(n):
            mask = torch.ones(n, n).to(torch.device("cuda" if torch.cuda.is_available() else "cpu"))
            return mask, torch.zeros(n).long().to(torch.device("cuda:0" if torch.cuda.is_available() else "cpu"))
        """,
        """
        import os
        import torch

        os.environ["CUDA_VISIBLE_DEVICES"] = "1"

        def step(n):
            mask = torch.ones(n, n, device=torch.device("cuda" if torch.cuda.is_available() else "cpu"))
            return mask, torch.zeros(n, device=torch.device("cuda:0" if torch.cuda.is_available() else "cpu")).long()
        """,
        line=7,
    ),
    # A function from elsewhere whose name says it moves what it is given (`use_cuda(x)`,
    # `to_variable(x)`), or that the call hands a GPU flag with the tensor (`cuda=True`, `args.cuda`,
    # `torch.cuda.is_available()`): reported, it decides where the tensor goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        from utils import get_variable, to_variable, use_cuda, wrap

        def init_hidden(layers, batch, size, args):
            h = use_cuda(Variable(torch.zeros(layers, batch, size)))
            s = get_variable(torch.zeros(batch, size), args.cuda, requires_grad=False)
            z = to_variable(torch.randn(batch, 100))
            w = wrap(torch.ones(batch), cuda=True)
            return h, s, z, w, wrap(torch.ones(batch), torch.cuda.is_available())
        """,
        message="copied to the device by `use_cuda(...)`",
        line=6,
    ),
    # The helper's other parameters say where it moves the tensor: the call spells them with what it
    # passes (a name, an attribute, a literal) or the literal default it leaves them. Wrapped first,
    # `t = Variable(t)`, the tensor stays where it was until the move.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        cuda = torch.cuda.is_available()

        def variable(t):
            t = Variable(t)
            if cuda:
                t = t.cuda()
            return t

        def maybe_cuda(x, use_cuda):
            if use_cuda:
                x = x.cuda()
            return x

        def to_device(x, device="cuda"):
            return x.to(device)

        def put(x, flag, dev):
            if flag:
                x = x.to(dev)
            return x

        def step(n, args):
            noise = variable(torch.zeros(n, 4))
            label = maybe_cuda(torch.ones(n), args.cuda)
            mask = put(torch.ones(n), args.cuda, args.device)
            return noise, label, to_device(torch.arange(n), device=args.device), to_device(torch.ones(n))
        """,
        """
        import torch
        from torch.autograd import Variable

        cuda = torch.cuda.is_available()

        def variable(t):
            t = Variable(t)
            if cuda:
                t = t.cuda()
            return t

        def maybe_cuda(x, use_cuda):
            if use_cuda:
                x = x.cuda()
            return x

        def to_device(x, device="cuda"):
            return x.to(device)

        def put(x, flag, dev):
            if flag:
                x = x.to(dev)
            return x

        def step(n, args):
            noise = variable(torch.zeros(n, 4, device="cuda" if cuda else "cpu"))
            label = maybe_cuda(torch.ones(n, device="cuda" if args.cuda else "cpu"), args.cuda)
            mask = put(torch.ones(n, device=args.device if args.cuda else "cpu"), args.cuda, args.device)
            return noise, label, to_device(torch.arange(n, device=args.device), device=args.device), to_device(torch.ones(n, device="cuda"))
        """,
        message="copied to the device by `variable(...)`",
        line=26,
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
    # Moved together with a batch from the loader (or other tensors): the others' moves stay.
    Invalid(
        """
        import torch
        for x, y in loader:
            z = torch.rand(len(x), 16)
            if gpu:
                x, z = x.cuda(), z.cuda()
        """,
        """
        import torch
        for x, y in loader:
            z = torch.rand(len(x), 16, device="cuda" if gpu else "cpu")
            if gpu:
                x = x.cuda()
        """,
        message="random generator",
    ),
    # A script's tensors moved together under its switch: each is made where the switch says, and the
    # moves left in the statement stay (`label`'s argument may be data). Statements in between that only
    # read the switch's object (`opt.batchSize`) leave the switch as it was.
    Invalid(
        """
        import torch
        inputs = torch.FloatTensor(opt.batchSize, 3, opt.imageSize, opt.imageSize)
        label = torch.FloatTensor(opt.batchSize)
        real_label = 1
        if opt.cuda:
            netD.cuda()
            inputs, label = inputs.cuda(), label.cuda()
        """,
        """
        import torch
        inputs = torch.empty(opt.batchSize, 3, opt.imageSize, opt.imageSize, dtype=torch.float32, device="cuda" if opt.cuda else "cpu")
        label = torch.FloatTensor(opt.batchSize)
        real_label = 1
        if opt.cuda:
            netD.cuda()
            label = label.cuda()
        """,
        line=2,
    ),
    # ...but a statement in between that may change the switch (`opt` handed on) keeps the move.
    Invalid(
        """
        import torch
        one = torch.FloatTensor([1])
        two = torch.FloatTensor([2])
        configure(opt)
        if opt.cuda:
            one, two = one.cuda(), two.cuda()
        """,
        message="the code in between changes what the move reads",
        line=2,
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
    # `.type_as(t)` moves to t's device and converts to its dtype: zeros are zero in any dtype, so
    # both move onto the factory; arange's values are converted where it is made, the same values.
    Invalid(
        """
        import torch

        def one_hot(argmin, n):
            idx = torch.arange(n).type_as(argmin)
            base = torch.zeros(n).type_as(argmin)
            return (argmin.view(-1, 1) == idx.view(1, -1)).type_as(base)
        """,
        """
        import torch

        def one_hot(argmin, n):
            idx = torch.arange(n, device=argmin.device).type_as(argmin)
            base = torch.zeros(n, device=argmin.device, dtype=argmin.dtype)
            return (argmin.view(-1, 1) == idx.view(1, -1)).type_as(base)
        """,
        line=4,
    ),
    # A device held in a settings object, spelled in capitals.
    Invalid(
        """
        import torch

        def range_tensor(end):
            return torch.arange(end).long().to(Config.DEVICE)
        """,
        """
        import torch

        def range_tensor(end):
            return torch.arange(end, device=Config.DEVICE).long()
        """,
    ),
    # A method of the class that moves what it is handed (`self.to_var(...)`), also when the name it
    # rebinds is moved together with another value.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Solver:
            def to_var(self, x):
                if self.cuda:
                    return Variable(x).cuda(self.cuda_index)
                return Variable(x)

            def step(self, images):
                z = torch.randn(len(images), 100)
                images, z = self.to_var(images), self.to_var(z)
                return self.to_var(torch.zeros(len(images))), z
        """,
        message="copied to the device by `self.to_var(...)`",
        line=11,
    ),
    # Shaped by a chain of methods and renamed before the move (the sequence-mask idiom): the
    # expanded view would stay a view on the device, where `.cuda()` copied it into a dense tensor.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def sequence_mask(lengths, max_len):
            seq = torch.arange(0, max_len).long()
            expanded = seq.unsqueeze(0).expand(lengths.size(0), max_len)
            expanded = Variable(expanded)
            if lengths.is_cuda:
                expanded = expanded.cuda()
            return expanded < lengths.unsqueeze(1)
        """,
        message="`.expand()` in between may not give the same tensor on the device",
        line=5,
    ),
    # `Variable(h)` in between returns `h` itself: the tensor is made on the device and the move goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def initial_state(batch, size, use_cuda):
            h = torch.zeros(1, batch, size)
            h = Variable(h)
            if use_cuda:
                h = h.cuda()
            return h
        """,
        """
        import torch
        from torch.autograd import Variable

        def initial_state(batch, size, use_cuda):
            h = torch.zeros(1, batch, size, device="cuda" if use_cuda else "cpu")
            h = Variable(h)
            return h
        """,
    ),
    # In `forward`, the input handed to one of the module's layers (an embedding takes only a tensor on
    # its own device) names the device the flag agreed with: the flag goes.
    Invalid(
        """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.embed = nn.Embedding(10, 4)
                self.rnn = nn.GRU(4, 4)

            def forward(self, tokens, hidden):
                start = torch.zeros(1, tokens.size(1), dtype=torch.long)
                if torch.cuda.is_available():
                    start = start.cuda()
                return self.rnn(self.embed(tokens) + self.embed(start), hidden)
        """,
        """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.embed = nn.Embedding(10, 4)
                self.rnn = nn.GRU(4, 4)

            def forward(self, tokens, hidden):
                start = torch.zeros(1, tokens.size(1), dtype=torch.long, device=tokens.device)
                return self.rnn(self.embed(tokens) + self.embed(start), hidden)
        """,
    ),
    # ... not an input handed only to a recurrent layer, which also takes a PackedSequence (no
    # `.device`): the flag stays the device.
    Invalid(
        """
        import torch
        from torch import nn

        class Encoder(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.rnn = nn.GRU(4, 4)

            def forward(self, packed):
                h = torch.zeros(1, 3, 4)
                if self.use_cuda:
                    h = h.cuda()
                return self.rnn(packed, h)
        """,
        """
        import torch
        from torch import nn

        class Encoder(nn.Module):
            def __init__(self, use_cuda):
                super().__init__()
                self.use_cuda = use_cuda
                self.rnn = nn.GRU(4, 4)

            def forward(self, packed):
                h = torch.zeros(1, 3, 4, device="cuda" if self.use_cuda else "cpu")
                return self.rnn(packed, h)
        """,
    ),
    # Moved by an if-expression: the flag picks the device where it is made.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def decode(n, size, sos, use_cuda):
            outputs = Variable(torch.zeros(n, size))
            outputs = outputs.cuda() if use_cuda else outputs
            first = torch.LongTensor([[sos]])
            first = first if not use_cuda else first.cuda()
            return outputs, first
        """,
        """
        import torch
        from torch.autograd import Variable

        def decode(n, size, sos, use_cuda):
            outputs = Variable(torch.zeros(n, size, device="cuda" if use_cuda else "cpu"))
            first = torch.tensor([[sos]], dtype=torch.int64, device="cpu" if not use_cuda else "cuda")
            return outputs, first
        """,
    ),
    # Moved where it is read, and read nowhere after: made there, the move goes.
    Invalid(
        """
        import torch

        def init_hidden(layers, batch, size, device, use_cuda):
            h = torch.zeros(layers, batch, size)
            c = torch.zeros(layers, batch, size)
            state = torch.zeros(batch, size)
            keep(state.cuda() if use_cuda else state)
            return (h.to(device), c.to(device))
        """,
        """
        import torch

        def init_hidden(layers, batch, size, device, use_cuda):
            h = torch.zeros(layers, batch, size, device=device)
            c = torch.zeros(layers, batch, size, device=device)
            state = torch.zeros(batch, size, device="cuda" if use_cuda else "cpu")
            keep(state)
            return (h, c)
        """,
    ),
    # Devices spelled as a private attribute, a GPU index, an f-string.
    Invalid(
        """
        import torch

        def make(self, args, rank, n):
            a = torch.zeros(n).to(self._device)
            b = torch.arange(n).to(args.gpu)
            c = torch.ones(n).to(f"cuda:{rank}")
            return a, b, c
        """,
        """
        import torch

        def make(self, args, rank, n):
            a = torch.zeros(n, device=self._device)
            b = torch.arange(n, device=args.gpu)
            c = torch.ones(n, device=f"cuda:{rank}")
            return a, b, c
        """,
    ),
    # Reaching the device by other code: handed to a helper from elsewhere named for moving, converted to
    # a CUDA type held in a name. Reported only.
    Invalid(
        """
        import torch
        from utils import to_var

        def sample(b, d):
            return to_var(torch.randn(b, d))
        """,
        message="by `to_var(...)`",
        line=5,
    ),
    Invalid(
        """
        import torch
        FloatTensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor
        Tensor = FloatTensor

        def targets(n):
            return torch.zeros(n).type(Tensor)
        """,
        message="by `.type()`",
        line=6,
    ),
    # Filled by a random generator after the factory (`.normal_()`, `.uniform_()`): made on the device, the
    # device's generator fills it, so the numbers change (unsafe, as for `torch.randn`). Not moved: left alone.
    Invalid(
        """
        import torch

        def noisy(actions, sigma, device):
            noise = torch.empty(actions.shape[0], 2).normal_(0, sigma).to(device)
            keep = torch.zeros(3).bernoulli_(0.5)
            return actions + noise, keep
        """,
        """
        import torch

        def noisy(actions, sigma, device):
            noise = torch.empty(actions.shape[0], 2, device=device).normal_(0, sigma)
            keep = torch.zeros(3).bernoulli_(0.5)
            return actions + noise, keep
        """,
        message="unsafe: the device's random generator",
    ),
    # `bernoulli_` of probabilities held in a tensor: on the device it would read a host tensor. Reported.
    Invalid(
        """
        import torch

        def dropout_mask(probs, device):
            return torch.empty(probs.shape).bernoulli_(probs).to(device)
        """,
        message="`.bernoulli_()` after the factory may not give the same tensor",
    ),
    # An LSTM's state moved in one branch's tuple, the other branch holding the same names: each is made
    # where the flag says, and its move goes.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        USE_CUDA = torch.cuda.is_available()

        class LanguageModel(torch.nn.Module):
            def init_hidden(self, batch):
                hidden = Variable(torch.zeros(1, batch, 8))
                context = Variable(torch.zeros(1, batch, 8))
                return (hidden.cuda(), context.cuda()) if USE_CUDA else (hidden, context)
        """,
        """
        import torch
        from torch.autograd import Variable

        USE_CUDA = torch.cuda.is_available()

        class LanguageModel(torch.nn.Module):
            def init_hidden(self, batch):
                hidden = Variable(torch.zeros(1, batch, 8, device="cuda" if USE_CUDA else "cpu"))
                context = Variable(torch.zeros(1, batch, 8, device="cuda" if USE_CUDA else "cpu"))
                return (hidden, context) if USE_CUDA else (hidden, context)
        """,
    ),
    # A method after the pre-0.4 wrapper: `Variable(t)` is `t` since 0.4, so `.long()` converts the
    # fresh tensor as it would without it, on the device as on the host.
    Invalid(
        """
        import torch
        from torch import autograd

        def back_pointers(batch, tags, gpu):
            pad = autograd.Variable(torch.zeros(batch, tags)).long()
            if gpu:
                pad = pad.cuda()
            target = autograd.Variable(torch.zeros(batch)).long().cuda()
            return pad, target
        """,
        """
        import torch
        from torch import autograd

        def back_pointers(batch, tags, gpu):
            pad = autograd.Variable(torch.zeros(batch, tags, device="cuda" if gpu else "cpu")).long()
            target = autograd.Variable(torch.zeros(batch, device="cuda")).long()
            return pad, target
        """,
        message="copied to the device; create it there",
        line=5,
    ),
    # Numbers written into parts of the fresh tensor before the move: the writes give the same values
    # on the device, so it is made there and written there.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class ChainCRF(nn.Module):
            def __init__(self, tags, start, stop, gpu):
                super().__init__()
                self.index = {"<start>": start}
                scores = torch.zeros(tags, tags)
                scores[:, self.index["<start>"]] = -10000.0
                scores[stop, :] = -10000.0
                scores[0][0] = 0
                if gpu:
                    scores = scores.cuda()
                self.transitions = nn.Parameter(scores)
        """,
        """
        import torch
        import torch.nn as nn

        class ChainCRF(nn.Module):
            def __init__(self, tags, start, stop, gpu):
                super().__init__()
                self.index = {"<start>": start}
                scores = torch.zeros(tags, tags, device="cuda" if gpu else "cpu")
                scores[:, self.index["<start>"]] = -10000.0
                scores[stop, :] = -10000.0
                scores[0][0] = 0
                self.transitions = nn.Parameter(scores)
        """,
        message="copied to the device; create it there",
        line=8,
    ),
    # A one-hot built by an index of `range(len(...))` and a label tensor (a host index may index a
    # tensor on a GPU), and exact in-place fills (`fill_diagonal_`, `zero_`, `fill_`): the same values.
    Invalid(
        """
        import torch

        def one_hot(labels, n):
            y = torch.zeros(len(labels), n)
            y[range(len(labels)), labels] = 1
            return y.cuda()

        def no_self_loops(n):
            adj = torch.ones(n, n)
            adj.fill_diagonal_(0)
            return adj.cuda()
        """,
        """
        import torch

        def one_hot(labels, n):
            y = torch.zeros(len(labels), n, device="cuda")
            y[range(len(labels)), labels] = 1
            return y

        def no_self_loops(n):
            adj = torch.ones(n, n, device="cuda")
            adj.fill_diagonal_(0)
            return adj
        """,
        message="copied to the device; create it there",
        line=4,
    ),
    # `.to(t)` where the creation reads `t.size()` or `t.shape`: `t` is a tensor, and the move takes its
    # device and dtype as `.type_as(t)` does. The dtype moves onto a factory whose values cannot change;
    # else the conversion stays, made on the device.
    Invalid(
        """
        import torch

        def scores(logits, targets, boxes):
            best = torch.zeros(logits.size()).to(logits)
            seen = torch.LongTensor(targets.size()).to(targets)
            order = torch.arange(boxes.size(0)).to(boxes).long()
            return best, seen, order
        """,
        """
        import torch

        def scores(logits, targets, boxes):
            best = torch.zeros(logits.size(), device=logits.device, dtype=logits.dtype)
            seen = torch.empty(targets.size(), dtype=torch.int64, device=targets.device).to(targets)
            order = torch.arange(boxes.size(0), device=boxes.device).to(boxes).long()
            return best, seen, order
        """,
        message="copied to the device; create it there",
        line=4,
    ),
    # An LSTM's state returned moved under a flag as a tuple: each is made where the flag says, and the
    # `if` stays, returning them as made.
    Invalid(
        """
        import torch

        class Generator(torch.nn.Module):
            def init_hidden(self, batch):
                h = torch.zeros(1, batch, 32)
                c = torch.zeros(1, batch, 32)
                if self.gpu:
                    return h.cuda(), c.cuda()
                else:
                    return h, c
        """,
        """
        import torch

        class Generator(torch.nn.Module):
            def init_hidden(self, batch):
                h = torch.zeros(1, batch, 32, device="cuda" if self.gpu else "cpu")
                c = torch.zeros(1, batch, 32, device="cuda" if self.gpu else "cpu")
                if self.gpu:
                    return h, c
                else:
                    return h, c
        """,
        message="copied to the device; create it there",
        line=5,
    ),
    # Renamed on the way to the move, the first name read nowhere after (the CRF's initial scores,
    # filled, one entry set, wrapped under a new name and moved): made there under its first name.
    Invalid(
        """
        import torch
        from torch import autograd

        class ChainCRF(torch.nn.Module):
            def partition(self, feats, start):
                init_alphas = torch.full((1, self.tags), -10000.0)
                init_alphas[0][start] = 0.0
                forward_var = autograd.Variable(init_alphas)
                if self.use_gpu:
                    forward_var = forward_var.cuda()
                for feat in feats:
                    forward_var = torch.logsumexp(forward_var + feat, dim=1, keepdim=True)
                return forward_var
        """,
        """
        import torch
        from torch import autograd

        class ChainCRF(torch.nn.Module):
            def partition(self, feats, start):
                init_alphas = torch.full((1, self.tags), -10000.0, device="cuda" if self.use_gpu else "cpu")
                init_alphas[0][start] = 0.0
                forward_var = autograd.Variable(init_alphas)
                for feat in feats:
                    forward_var = torch.logsumexp(forward_var + feat, dim=1, keepdim=True)
                return forward_var
        """,
        message="copied to the device; create it there",
        line=6,
    ),
    # Numbers written into it between its creation and the move, by index (ints, slices, lists, ranges or
    # index tensors, which may stay on the CPU for a tensor on a GPU) or by an in-place fill: the same
    # values on the device.
    Invalid(
        """
        import math

        import torch

        def onehot(labels, n):
            y = torch.zeros(len(labels), n)
            y[range(len(labels)), labels] = 1
            return y.cuda()

        def mask(n, use_cuda):
            m = torch.ones(n, n)
            m[0, :] = 0
            m[[1, 2], n - 1] = -math.inf
            m.fill_diagonal_(float("-inf"))
            if use_cuda:
                m = m.cuda()
            return m
        """,
        """
        import math

        import torch

        def onehot(labels, n):
            y = torch.zeros(len(labels), n, device="cuda")
            y[range(len(labels)), labels] = 1
            return y

        def mask(n, use_cuda):
            m = torch.ones(n, n, device="cuda" if use_cuda else "cpu")
            m[0, :] = 0
            m[[1, 2], n - 1] = -math.inf
            m.fill_diagonal_(float("-inf"))
            return m
        """,
        message="copied to the device; create it there",
        line=6,
    ),
    # Filled with random numbers between its creation and the move: the device's generator draws others
    # (unsafe, as for a random factory).
    Invalid(
        """
        import torch

        def weight(n, stdv, device):
            w = torch.empty(n, n)
            w.data.uniform_(-stdv, stdv)
            w = w.to(device)
            return w
        """,
        """
        import torch

        def weight(n, stdv, device):
            w = torch.empty(n, n, device=device)
            w.data.uniform_(-stdv, stdv)
            return w
        """,
        message="unsafe: the device's random generator",
    ),
    # Changed in place between its creation and the move by a method that may compute otherwise on the
    # device: reported, not rewritten.
    Invalid(
        """
        import torch

        def used(n, gpu):
            t = torch.zeros(n)
            t.add_(1)
            if gpu:
                return t.cuda()
            return t

        def scaled(n, device):
            w = torch.ones(n, n)
            w.div_(3)
            return w.to(device)
        """,
        message="not rewritten: `.add_()` in between may not give the same tensor on the device",
        line=4,
    ),
    # A tuple (or list) of host tensors, each moved: each made where the move puts it, and the move goes.
    Invalid(
        """
        import torch

        class RNN(torch.nn.Module):
            def init_hidden(self, bsz):
                hidden = (torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8))
                if self.use_cuda:
                    hidden = (hidden[0].cuda(), hidden[1].cuda())
                return hidden

        def state(bsz, device):
            hidden = (torch.zeros(1, bsz, 8), torch.ones(1, bsz, 8))
            hidden = tuple(h.to(device) for h in hidden)
            return hidden

        def listed(bsz, use_cuda):
            hidden = [torch.zeros(1, bsz, 8), torch.zeros(1, bsz, 8)]
            hidden = [h.cuda() for h in hidden] if use_cuda else hidden
            return hidden
        """,
        """
        import torch

        class RNN(torch.nn.Module):
            def init_hidden(self, bsz):
                hidden = (torch.zeros(1, bsz, 8, device="cuda" if self.use_cuda else "cpu"), torch.zeros(1, bsz, 8, device="cuda" if self.use_cuda else "cpu"))
                return hidden

        def state(bsz, device):
            hidden = (torch.zeros(1, bsz, 8, device=device), torch.ones(1, bsz, 8, device=device))
            return hidden

        def listed(bsz, use_cuda):
            hidden = [torch.zeros(1, bsz, 8, device="cuda" if use_cuda else "cpu"), torch.zeros(1, bsz, 8, device="cuda" if use_cuda else "cpu")]
            return hidden
        """,
        message="copied to the device; create it there",
        line=5,
    ),
    # A tuple with a random factory among them: unsafe; one with `requires_grad=True`: reported.
    Invalid(
        """
        import torch

        def noisy(bsz, use_cuda):
            hidden = (torch.randn(1, bsz, 8), torch.zeros(1, bsz, 8))
            if use_cuda:
                hidden = (hidden[0].cuda(), hidden[1].cuda())
            return hidden

        def learnt(bsz, device):
            hidden = (torch.zeros(1, bsz, 8, requires_grad=True), torch.zeros(1, bsz, 8))
            hidden = tuple(h.to(device) for h in hidden)
            return hidden
        """,
        """
        import torch

        def noisy(bsz, use_cuda):
            hidden = (torch.randn(1, bsz, 8, device="cuda" if use_cuda else "cpu"), torch.zeros(1, bsz, 8, device="cuda" if use_cuda else "cpu"))
            return hidden

        def learnt(bsz, device):
            hidden = (torch.zeros(1, bsz, 8, requires_grad=True), torch.zeros(1, bsz, 8))
            hidden = tuple(h.to(device) for h in hidden)
            return hidden
        """,
        message="unsafe: the device's random generator",
        line=4,
    ),
    # A function or lambda of the file called between the creation and the move that reads the name
    # itself (a global, a closure's), through another function too, sees the tensor where it is made:
    # reported, not rewritten.
    Invalid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def report():
            print("made on", x.device)

        def step():
            report()

        x = torch.zeros(3)
        step()
        x = x.to(device)
        """,
        None,
        message="not rewritten: `step()` in between reads it where it is made",
        line=11,
    ),
    Invalid(
        """
        import torch

        def run(n, device):
            peek = lambda: x.sum().device
            x = torch.zeros(n)
            seen = peek()
            x = x.to(device)
            return seen, x
        """,
        None,
        message="not rewritten: `peek()` in between reads it where it is made",
        line=5,
    ),
    # A function called in between that rebinds the flag the move depends on (`global use_cuda`): the
    # flag at the creation is not the one at the move. Reported, not rewritten.
    Invalid(
        """
        import torch

        use_cuda = False

        def enable():
            global use_cuda
            use_cuda = True

        h = torch.zeros(2)
        enable()
        if use_cuda:
            h = h.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=9,
    ),
    # A function called in between that sets an item or attribute of the flag's object, or an `exec`:
    # reported, not rewritten.
    Invalid(
        """
        import torch

        cfg = {"cuda": True}

        def disable():
            cfg["cuda"] = False

        h = torch.zeros(2)
        disable()
        if cfg["cuda"]:
            h = h.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=8,
    ),
    Invalid(
        """
        import torch

        use_cuda = True
        h = torch.zeros(2)
        exec("use_cuda = False")
        if use_cuda:
            h = h.cuda()
        """,
        None,
        message="not rewritten: `exec()` in between reads it where it is made",
        line=4,
    ),
    # Functions called in between that read only their own names, or declare another global: rewritten.
    Invalid(
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def log(x, step):
            print(step, x.device)

        def seeded():
            global calls
            calls = 1

        def made(n):
            x = torch.zeros(n)
            log(n, 0)
            seeded()
            x = x.to(device)
            return x
        """,
        """
        import torch

        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

        def log(x, step):
            print(step, x.device)

        def seeded():
            global calls
            calls = 1

        def made(n):
            x = torch.zeros(n, device=device)
            log(n, 0)
            seeded()
            return x
        """,
        line=13,
    ),
    # (r5a) Code in between that does not name the tensor but may read it all the same: a function of
    # the file handed on rather than called (`map(show, ...)`, `functools.partial(show)`), called by
    # another name (`r = show`), a method an instance runs when printed or formatted (`__str__`,
    # `__format__`), a class whose `__init__` reads it, or a read by a string (`globals()["x"]`,
    # `eval`). Reported, not rewritten.
    Invalid(
        """
        import torch

        def show(step):
            print(step, x.device)

        x = torch.zeros(3)
        for _ in map(show, range(2)):
            pass
        x = x.cuda()
        """,
        None,
        message="not rewritten: `show` in between reads it where it is made",
        line=6,
    ),
    Invalid(
        """
        import functools
        import torch

        def show(tag):
            print(tag, x.device)

        x = torch.zeros(3)
        functools.partial(show, "made")()
        x = x.cuda()
        """,
        None,
        message="not rewritten: `show` in between reads it where it is made",
        line=7,
    ),
    Invalid(
        """
        import torch

        def show():
            print(x.device)

        hooks = {"made": show}
        x = torch.zeros(3)
        hooks["made"]()
        x = x.cuda()
        """,
        None,
        message="not rewritten: `hooks` in between reads it where it is made",
        line=7,
    ),
    Invalid(
        """
        import torch

        class Where:
            def __format__(self, spec):
                return str(x.device)

        where = Where()
        x = torch.zeros(3)
        print(f"made on {where}")
        x = x.cuda()
        """,
        None,
        message="not rewritten: `where` in between reads it where it is made",
        line=8,
    ),
    Invalid(
        """
        import torch

        class Base:
            def __repr__(self):
                return str(x.device)

        class Probe(Base):
            pass

        x = torch.zeros(3)
        Probe()
        x = x.cuda()
        """,
        None,
        message="not rewritten: `Probe()` in between reads it where it is made",
        line=10,
    ),
    Invalid(
        """
        import torch

        def show():
            print(globals()["x"].device)

        x = torch.zeros(3)
        show()
        x = x.cuda()
        """,
        None,
        message="not rewritten: `show()` in between reads it where it is made",
        line=6,
    ),
    Invalid(
        """
        import torch

        def made(n, device):
            x = torch.zeros(n)
            print(eval("x.device"))
            return x.to(device)
        """,
        None,
        message="not rewritten: `eval()` in between reads it where it is made",
        line=4,
    ),
    # (r5a) Code in between that may change the flag the move depends on without naming it: a class whose
    # `__init__` rebinds it (`global use_cuda`); a write by a string (`globals()["use_cuda"] = ...`), which
    # may as well read the tensor.
    Invalid(
        """
        import torch

        use_cuda = True

        class Setup:
            def __init__(self):
                global use_cuda
                use_cuda = False

        h = torch.zeros(2)
        Setup()
        if use_cuda:
            h = h.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=10,
    ),
    Invalid(
        """
        import torch

        use_cuda = True
        h = torch.zeros(2)
        globals()["use_cuda"] = False
        if use_cuda:
            h = h.cuda()
        """,
        None,
        message="not rewritten: `globals()` in between reads it where it is made",
        line=4,
    ),
    # (r5a) Look-alikes, rewritten: a function handed on and a printed instance that read only their own
    # names, the result of a function that reads it held under a name (not the function), `vars(meter)`
    # (an object's attributes, no variable).
    Invalid(
        """
        import torch

        def show(step):
            print(step)

        class Meter:
            def __str__(self):
                return "meter"

        def norm():
            return float(x.norm())

        x = torch.ones(3)
        before = norm()
        meter = Meter()
        x = torch.zeros(3)
        for _ in map(show, range(2)):
            print(meter, vars(meter), before)
        x = x.cuda()
        """,
        """
        import torch

        def show(step):
            print(step)

        class Meter:
            def __str__(self):
                return "meter"

        def norm():
            return float(x.norm())

        x = torch.ones(3)
        before = norm()
        meter = Meter()
        x = torch.zeros(3, device="cuda")
        for _ in map(show, range(2)):
            print(meter, vars(meter), before)
        """,
        line=16,
    ),
    # (r5a) Code of the file that reads the tensor and may run in between without being named there: a
    # function kept in a list or a decorator's registry, a method of an object kept in an attribute, a
    # function returned by another. Reported, not rewritten.
    Invalid(
        """
        import torch

        hooks = []

        def show():
            print(x.device)

        hooks.append(show)
        x = torch.zeros(3)
        for hook in hooks:
            hook()
        x = x.cuda()
        """,
        None,
        message="not rewritten: `show` reads it and may run in between without being named there",
        line=9,
    ),
    Invalid(
        """
        import torch

        class Probe:
            def __repr__(self):
                return str(x.device)

        class Box:
            pass

        box = Box()
        box.probe = Probe()
        x = torch.zeros(3)
        print([box.probe])
        x = x.cuda()
        """,
        None,
        message="`Probe.__repr__` reads it and may run in between",
        line=12,
    ),
    Invalid(
        """
        import torch

        def watcher():
            def show():
                print(x.device)

            return show

        def run(n):
            global x
            watch = watcher()
            x = torch.zeros(n)
            watch()
            x = x.cuda()
        """,
        None,
        message="`show` reads it and may run in between",
        line=12,
    ),
    Invalid(
        """
        import torch

        callbacks = {}

        def on(f):
            callbacks[f.__name__] = f
            return f

        @on
        def made():
            print(x.device)

        x = torch.zeros(3)
        callbacks["made"]()
        x = x.cuda()
        """,
        None,
        message="`made` reads it and may run in between",
        line=13,
    ),
    # (r5a) Look-alikes, rewritten: a function that reads the tensor but is only ever called by its name
    # (after the move); a method that reads another `x` (the module's, not the function's).
    Invalid(
        """
        import torch

        def show():
            print(x.device)

        x = torch.zeros(3)
        print(3)
        x = x.cuda()
        show()
        """,
        """
        import torch

        def show():
            print(x.device)

        x = torch.zeros(3, device="cuda")
        print(3)
        show()
        """,
        line=6,
    ),
    Invalid(
        """
        import torch

        class Probe:
            def __repr__(self):
                return str(x)

        def run(n):
            x = torch.zeros(n)
            print(n)
            x = x.cuda()
            return x
        """,
        """
        import torch

        class Probe:
            def __repr__(self):
                return str(x)

        def run(n):
            x = torch.zeros(n, device="cuda")
            print(n)
            return x
        """,
        line=8,
    ),
    # (r5a) Code of the file that may change the flag the move depends on and run in between without
    # being named there: a function kept in a list, a method of an object kept in an attribute. Reported,
    # not rewritten.
    Invalid(
        """
        import torch

        use_cuda = True
        hooks = []

        def disable():
            global use_cuda
            use_cuda = False

        hooks.append(disable)
        h = torch.zeros(2)
        for hook in hooks:
            hook()
        if use_cuda:
            h = h.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=11,
    ),
    Invalid(
        """
        import torch

        class Options:
            cuda = True

        class Switch:
            def __repr__(self):
                opt.cuda = False
                return "switch"

        opt = Options()
        opt.switch = Switch()
        h = torch.zeros(2)
        print([opt.switch])
        if opt.cuda:
            h = h.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=13,
    ),
    # (r5a) Look-alike, rewritten: a function that rebinds the flag, only ever called by its name (after
    # the move).
    Invalid(
        """
        import torch

        use_cuda = True

        def disable():
            global use_cuda
            use_cuda = False

        h = torch.zeros(2)
        print(2)
        if use_cuda:
            h = h.cuda()
        disable()
        """,
        """
        import torch

        use_cuda = True

        def disable():
            global use_cuda
            use_cuda = False

        h = torch.zeros(2, device="cuda" if use_cuda else "cpu")
        print(2)
        disable()
        """,
        line=9,
    ),
    # dev10 (session 31): a legacy constructor bound then moved whose one argument the file shows is a
    # size where it is bound elsewhere (an argparse option of `type=int`, a global or `self` attribute
    # assigned only ints) or in its function (`n = x.size(0)`): a fresh tensor, `torch.empty(...)` made there.
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--batchSize", type=int, default=64)
        parser.add_argument("--cuda", action="store_true")
        opt = parser.parse_args()
        label = torch.FloatTensor(opt.batchSize)
        if opt.cuda:
            label = label.cuda()
        """,
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--batchSize", type=int, default=64)
        parser.add_argument("--cuda", action="store_true")
        opt = parser.parse_args()
        label = torch.empty(opt.batchSize, dtype=torch.float32, device="cuda" if opt.cuda else "cpu")
        """,
        line=8,
    ),
    Invalid(
        """
        import torch

        def lengths(x, use_cuda):
            n = x.size(0)
            lens = torch.LongTensor(n).fill_(0)
            if use_cuda:
                lens = lens.cuda()
            return lens
        """,
        """
        import torch

        def lengths(x, use_cuda):
            n = x.size(0)
            lens = torch.empty(n, dtype=torch.int64, device="cuda" if use_cuda else "cpu").fill_(0)
            return lens
        """,
        line=5,
    ),
    Invalid(
        """
        import torch

        BATCH = 32

        class Trainer:
            def __init__(self):
                self.batch = 16

            def ones(self, device):
                y = torch.FloatTensor(self.batch).fill_(1)
                y = y.to(device)
                z = torch.Tensor(BATCH)
                z = z.to(device)
                return y, z
        """,
        """
        import torch

        BATCH = 32

        class Trainer:
            def __init__(self):
                self.batch = 16

            def ones(self, device):
                y = torch.empty(self.batch, dtype=torch.float32, device=device).fill_(1)
                z = torch.empty(BATCH, device=device)
                return y, z
        """,
        line=10,
    ),
    # Moved at once, the same reading: `torch.empty(opt.n, ...)` on the device.
    Invalid(
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--n", type=int, default=8)
        opt = parser.parse_args()
        ids = torch.LongTensor(opt.n).cuda()
        """,
        """
        import argparse
        import torch

        parser = argparse.ArgumentParser()
        parser.add_argument("--n", type=int, default=8)
        opt = parser.parse_args()
        ids = torch.empty(opt.n, dtype=torch.int64, device="cuda")
        """,
        line=7,
    ),
    # dev10 (session 31): tensor attributes made one after the other and moved after them: the lines in
    # between touch only other attributes of the object (`self.c = ...`), none called, so nothing reads
    # the host tensor; each is made where it goes.
    Invalid(
        """
        import torch

        class Agent:
            def __init__(self, n, use_cuda):
                self.hidden = torch.zeros(1, n)
                self.mask = torch.ones(n, n)
                if use_cuda:
                    self.hidden = self.hidden.cuda()
                    self.mask = self.mask.cuda()
        """,
        """
        import torch

        class Agent:
            def __init__(self, n, use_cuda):
                self.hidden = torch.zeros(1, n, device="cuda" if use_cuda else "cpu")
                self.mask = torch.ones(n, n, device="cuda" if use_cuda else "cpu")
        """,
        line=5,
    ),
    Invalid(
        """
        import torch

        class Tracker:
            def init_state(self, n, device):
                self.h = torch.zeros(1, n)
                self.c = torch.zeros(1, n)
                self.steps = 0
                self.h = self.h.to(device)
                self.c = self.c.to(device)
        """,
        """
        import torch

        class Tracker:
            def init_state(self, n, device):
                self.h = torch.zeros(1, n, device=device)
                self.c = torch.zeros(1, n, device=device)
                self.steps = 0
        """,
        line=5,
    ),
    # dev10 (session 31): the result of a function of the file that makes it on the host, bound to a name
    # and moved by a later line (under a flag, or where it is returned): reported as when moved at once.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class Generator(torch.nn.Module):
            def sample_latent(self, n):
                return torch.randn((n, self.latent_dim))

            def sample(self, n):
                z = Variable(self.sample_latent(n))
                if self.use_cuda:
                    z = z.cuda()
                return self(z)
        """,
        None,
        message="created on the host by `self.sample_latent(...)`",
        line=9,
    ),
    Invalid(
        """
        import torch

        def causal_mask(n):
            return torch.tril(torch.ones(n, n))

        def masked(scores, n):
            mask = causal_mask(n)
            return scores.masked_fill(mask.to(scores.device) == 0, -1e9)
        """,
        None,
        message="give the function the device",
        line=7,
    ),
    # dev10 (session 31): a one-hot (or a mask) marked in place with a number where an index says, then
    # moved by a later line: the host made it only to copy it; reported (the index may be on the host).
    Invalid(
        """
        import torch

        def to_one_hot(y, n, use_cuda):
            y_onehot = torch.FloatTensor(y.size(0), n)
            y_onehot.zero_()
            y_onehot.scatter_(1, y.view(-1, 1), 1)
            if use_cuda:
                y_onehot = y_onehot.cuda()
            return y_onehot
        """,
        None,
        message="by `.cuda()`",
        line=4,
    ),
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def masked(scores, pad):
            mask = torch.ones(scores.size())
            mask.masked_fill_(pad, 0)
            return Variable(mask.to(scores.device))
        """,
        None,
        message="by `.to()`",
        line=5,
    ),
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def train(loader, G):
            for x, t in loader:
                y = torch.FloatTensor(x.data.size(0), 10)
                y.data.zero_()
                y.data.scatter_(1, t.data.view(-1, 1), 1)
                G(x.cuda(), Variable(y.cuda()))
        """,
        None,
        message="by `.cuda()`",
        line=6,
    ),
    # dev10 (session 31): a legacy constructor filled right after (`.fill_(1.0)`, `.normal_(0, 1)`) asked for
    # storage whatever its argument: a fresh tensor, moved by a later line; reported (nothing shows the
    # argument is a size, so not rewritten; DEV009 reads it as one).
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        def labels(batch_size):
            real = torch.FloatTensor(batch_size).fill_(1.0)
            real = Variable(real.cuda())
            fake = torch.FloatTensor(batch_size).fill_(0.0)
            if torch.cuda.is_available():
                fake = fake.cuda()
            return real, fake
        """,
        None,
        message="by `.cuda()`",
        line=5,
    ),
    Invalid(
        """
        import torch

        def noise(batch_size, use_cuda):
            z = torch.FloatTensor(batch_size).normal_(0, 1)
            if use_cuda:
                z = z.cuda()
            return z
        """,
        None,
        message="not plainly data or a size",
        line=4,
    ),
    # dev10 (session 31): a function of the file that returns a tuple (or list) of tensors it makes on the
    # host (an `init_hidden`), its result bound and each element moved by a later line: reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class RNNModel(torch.nn.Module):
            def init_hidden(self, bsz):
                return (Variable(torch.zeros(self.nlayers, bsz, self.nhid)),
                        Variable(torch.zeros(self.nlayers, bsz, self.nhid)))

            def run(self, bsz):
                hidden = self.init_hidden(bsz)
                if self.use_cuda:
                    hidden = (hidden[0].cuda(), hidden[1].cuda())
                return hidden
        """,
        None,
        message="created on the host by `self.init_hidden(...)`",
        line=10,
    ),
    Invalid(
        """
        import torch

        def init_state(n):
            return [torch.zeros(n), torch.zeros(n)]

        def go(n):
            state = init_state(n)
            state = [t.cuda() for t in state]
            return state
        """,
        None,
        message="give the function the device",
        line=7,
    ),
    # dev10 (session 31): the method run on an instance the file makes (`model = RNNModel().cuda()`), as for
    # `self.init_hidden(b)`: its host tensors moved by the caller, reported.
    Invalid(
        """
        import torch
        from torch.autograd import Variable

        class RNNModel(torch.nn.Module):
            def init_hidden(self, bsz):
                return (Variable(torch.zeros(2, bsz, 8)), Variable(torch.zeros(2, bsz, 8)))

        model = RNNModel().cuda()
        hidden = model.init_hidden(20)
        hidden = (hidden[0].cuda(), hidden[1].cuda())
        """,
        None,
        message="created on the host by `model.init_hidden(...)`",
        line=9,
    ),
    # (s31) A function called in between that changes the flag's object through a method, `setattr`,
    # `vars(...)` or by handing a part of it on: reported, not rewritten.
    Invalid(
        """
        import torch
        cfg = {"cuda": True}
        def disable():
            cfg.update(cuda=False)
        x = torch.zeros(3)
        disable()
        if cfg["cuda"]:
            x = x.cuda()
        """,
        None,
        message="created on the host, then copied to the device",
    ),
    Invalid(
        """
        import torch
        class Opt:
            cuda = True
        opt = Opt()
        def disable():
            setattr(opt, "cuda", False)
        x = torch.zeros(3)
        disable()
        if opt.cuda:
            x = x.cuda()
        """,
        None,
        message="created on the host, then copied to the device",
    ),
    # (s32) A generator made before the creation and advanced in between runs its body there: a generator
    # function (`next(it)`, `it.send(...)`, also kept in an attribute) or a generator expression held by a
    # name, that reads the tensor or changes the flag (`global use_cuda`, a walrus of the generator
    # expression, which binds the code around's, or one in between itself). Reported, not rewritten.
    Invalid(
        """
        import torch
        def watch():
            while True:
                yield x.device
        it = watch()
        x = torch.zeros(3)
        print(next(it))
        x = x.cuda()
        """,
        None,
        message="not rewritten: `it` in between reads it where it is made",
        line=6,
    ),
    Invalid(
        """
        import torch
        def init(n):
            g = (str(h.device) for _ in range(1))
            h = torch.zeros(n)
            for line in g:
                print(line)
            h = h.cuda()
            return h
        """,
        None,
        message="not rewritten: `g` in between reads it where it is made",
        line=4,
    ),
    Invalid(
        """
        import torch
        class Box:
            pass
        def watch():
            yield x.device
        box = Box()
        box.it = watch()
        x = torch.zeros(3)
        next(box.it)
        x = x.cuda()
        """,
        None,
        message="not rewritten: `watch` reads it and may run in between without being named there",
        line=8,
    ),
    Invalid(
        """
        import torch
        use_cuda = True
        def phases():
            global use_cuda
            use_cuda = False
            yield
        steps = phases()
        x = torch.zeros(3)
        next(steps)
        if use_cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=8,
    ),
    Invalid(
        """
        import torch
        use_cuda = True
        g = ((use_cuda := False) for _ in [0])
        x = torch.zeros(3)
        next(g)
        if use_cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=4,
    ),
    Invalid(
        """
        import torch
        def run(n, use_cuda):
            x = torch.zeros(n)
            print(any((use_cuda := False) for _ in range(n)))
            if use_cuda:
                x = x.cuda()
            return x
        """,
        None,
        message="the code in between changes what the move reads",
        line=3,
    ),
    # (s32) Look-alikes, rewritten: a generator that reads the tensor made and advanced after the move; a
    # generator advanced in between that reads only its own names; a generator expression's walrus that
    # binds another name than the flag.
    Invalid(
        """
        import torch
        use_cuda = True
        def watch():
            yield x.device
        def count():
            for i in range(3):
                yield i
        c = count()
        g = ((k := i) for i in range(2))
        x = torch.zeros(3)
        print(next(c), next(g))
        if use_cuda:
            x = x.cuda()
        it = watch()
        print(next(it))
        """,
        """
        import torch
        use_cuda = True
        def watch():
            yield x.device
        def count():
            for i in range(3):
                yield i
        c = count()
        g = ((k := i) for i in range(2))
        x = torch.zeros(3, device="cuda" if use_cuda else "cpu")
        print(next(c), next(g))
        it = watch()
        print(next(it))
        """,
        line=10,
    ),
    # (s32) A file that reaches variables other than by their names (`sys.modules[__name__]`, `__main__`,
    # `importlib.import_module(__name__)`, a frame's `f_locals`): code in between may read the tensor or
    # change the flag through them. Reported where the tensor or what the move reads is the module's
    # (any variable, for a frame), not rewritten.
    Invalid(
        """
        import sys
        import torch
        use_cuda = True
        def cpu_mode():
            setattr(sys.modules[__name__], "use_cuda", False)
        def run(n):
            x = torch.zeros(n)
            cpu_mode()
            if use_cuda:
                x = x.cuda()
            return x
        """,
        None,
        message="not rewritten: `sys.modules` in the file reaches variables by no name the fix can follow",
        line=7,
    ),
    Invalid(
        """
        import torch
        import __main__
        x = torch.zeros(3)
        print(__main__.x.device)
        x = x.cuda()
        """,
        None,
        message="not rewritten: `__main__` in the file reaches variables",
        line=3,
    ),
    Invalid(
        """
        import importlib
        import torch
        def show():
            print(importlib.import_module(__name__).x.device)
        x = torch.zeros(3)
        show()
        x = x.to("cuda")
        """,
        None,
        message="not rewritten: `importlib.import_module()` in the file reaches variables",
        line=5,
    ),
    Invalid(
        """
        import inspect
        import torch
        def peek():
            print(inspect.currentframe().f_back.f_locals["h"].device)
        def init_hidden(n):
            h = torch.zeros(2, n)
            peek()
            h = h.cuda()
            return h
        """,
        None,
        message="not rewritten: `.f_locals` in the file reaches variables",
        line=6,
    ),
    # (s32) Look-alikes, rewritten: `sys.modules` read where the tensor and what the move reads are a
    # function's own; `sys.argv` and `inspect.signature`, which reach no variable.
    Invalid(
        """
        import sys
        import torch
        def run(n, device):
            h = torch.zeros(n)
            print("apex" in sys.modules)
            h = h.to(device)
            return h
        """,
        """
        import sys
        import torch
        def run(n, device):
            h = torch.zeros(n, device=device)
            print("apex" in sys.modules)
            return h
        """,
        line=4,
    ),
    Invalid(
        """
        import inspect
        import sys
        import torch
        use_cuda = len(sys.argv) > 1
        x = torch.zeros(3)
        print(inspect.signature(print))
        if use_cuda:
            x = x.cuda()
        """,
        """
        import inspect
        import sys
        import torch
        use_cuda = len(sys.argv) > 1
        x = torch.zeros(3, device="cuda" if use_cuda else "cpu")
        print(inspect.signature(print))
        """,
        line=5,
    ),
    # (s32) The part of the flag's object the flag is read from (`cfg.train` of `cfg.train.cuda`) handed
    # on in between, or bound to a name by a function called there: its attribute may be set. Reported,
    # not rewritten.
    Invalid(
        """
        import torch
        import types
        cfg = types.SimpleNamespace(train=types.SimpleNamespace(cuda=True))
        def off(part):
            part.cuda = False
        x = torch.zeros(3)
        off(cfg.train)
        if cfg.train.cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=6,
    ),
    Invalid(
        """
        import torch
        def run(n, cfg):
            x = torch.zeros(n)
            setattr(cfg.train, "cuda", False)
            if cfg.train.cuda:
                x = x.cuda()
            return x
        """,
        None,
        message="the code in between changes what the move reads",
        line=3,
    ),
    Invalid(
        """
        import torch
        import types
        cfg = types.SimpleNamespace(train=types.SimpleNamespace(cuda=True))
        def off():
            part = cfg.train
            part.cuda = False
        x = torch.zeros(3)
        off()
        if cfg.train.cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=7,
    ),
    # (s32) Look-alike, rewritten: the flag and another attribute of its part read, another part handed on,
    # read from around by a function called there.
    Invalid(
        """
        import torch
        import types
        cfg = types.SimpleNamespace(train=types.SimpleNamespace(cuda=True, lr=0.1), data=None)
        def show(part):
            lr = cfg.train.lr
            print(part, lr)
        x = torch.zeros(3)
        show(cfg.data)
        print(cfg.train.cuda, cfg.train.lr)
        if cfg.train.cuda:
            x = x.cuda()
        """,
        """
        import torch
        import types
        cfg = types.SimpleNamespace(train=types.SimpleNamespace(cuda=True, lr=0.1), data=None)
        def show(part):
            lr = cfg.train.lr
            print(part, lr)
        x = torch.zeros(3, device="cuda" if cfg.train.cuda else "cpu")
        show(cfg.data)
        print(cfg.train.cuda, cfg.train.lr)
        """,
        line=7,
    ),
    # (s32) A namespace kept under a name (`G = globals()`), written later by a string no statement in
    # between shows. Reported, not rewritten; `locals()` used at once elsewhere in the file is no such.
    Invalid(
        """
        import torch
        use_cuda = True
        G = globals()
        def off():
            G["use_cuda"] = False
        x = torch.zeros(3)
        off()
        if use_cuda:
            x = x.cuda()
        """,
        None,
        message="not rewritten: `globals()` in the file reaches variables by no name the fix can follow",
        line=6,
    ),
    Invalid(
        """
        import torch
        def show(n):
            print("{n}".format(**locals()))
        x = torch.zeros(3)
        show(3)
        x = x.cuda()
        """,
        """
        import torch
        def show(n):
            print("{n}".format(**locals()))
        x = torch.zeros(3, device="cuda")
        show(3)
        """,
        line=4,
    ),
    # (s32) Generators advanced in between, kept other than by a name of their own: one a function of
    # the file returns, a generator expression kept in an attribute, one delegated to by `yield from`.
    # Reported, not rewritten.
    Invalid(
        """
        import torch
        def watch():
            yield x.device
        def make():
            return watch()
        it = make()
        x = torch.zeros(3)
        next(it)
        x = x.cuda()
        """,
        None,
        message="not rewritten: `watch` reads it and may run in between without being named there",
        line=7,
    ),
    Invalid(
        """
        import torch
        class Box:
            pass
        box = Box()
        box.g = (x.device for _ in [0])
        x = torch.zeros(3)
        next(box.g)
        x = x.cuda()
        """,
        None,
        message="not rewritten: `a generator expression` reads it and may run in between",
        line=6,
    ),
    Invalid(
        """
        import torch
        use_cuda = True
        def inner():
            global use_cuda
            use_cuda = False
            yield
        def outer():
            yield from inner()
        steps = outer()
        x = torch.zeros(3)
        next(steps)
        if use_cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=10,
    ),
    # Code in between reached through functions that call each other: the reader is found through the
    # cycle (`ping` -> `pong` -> `show`), and a cycle that reads nothing leaves the fix in place.
    Invalid(
        """
        import torch

        def show():
            print(x.device)

        def ping(n):
            if n:
                pong(n - 1)

        def pong(n):
            show()
            ping(n)

        x = torch.zeros(3)
        ping(2)
        x = x.cuda()
        """,
        None,
        message="not rewritten: `ping()` in between reads it where it is made",
        line=14,
    ),
    Invalid(
        """
        import torch

        def ping(n):
            if n:
                pong(n - 1)

        def pong(n):
            print(n)
            ping(n)

        x = torch.zeros(3)
        ping(2)
        x = x.cuda()
        """,
        """
        import torch

        def ping(n):
            if n:
                pong(n - 1)

        def pong(n):
            print(n)
            ping(n)

        x = torch.zeros(3, device="cuda")
        ping(2)
        """,
        message="created on the host, then copied to the device",
    ),
    # (s32, round 7) A generator handed to a call that keeps it (`its.append(watch())`) may be advanced
    # anywhere later; only builtins that run it out at once (`sum`, `list`) consume it there.
    Invalid(
        """
        import torch
        its = []
        def watch():
            while True:
                yield str(x.device)
        its.append(watch())
        x = torch.zeros(3)
        print(next(its[0]))
        x = x.cuda()
        """,
        None,
        message="not rewritten: `watch` reads it and may run in between without being named there",
        line=7,
    ),
    # (s32, round 7) A flag read from a dict, changed in between by an item assignment: reported. A read
    # of another item in between (`opts["lr"]`) changes nothing.
    Invalid(
        """
        import torch
        opts = {"cuda": True, "lr": 0.1}
        x = torch.zeros(3)
        print(opts["lr"])
        opts["cuda"] = False
        if opts["cuda"]:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=3,
    ),
    Invalid(
        """
        import torch
        opts = {"cuda": True, "lr": 0.1}
        x = torch.zeros(3)
        print(opts["lr"])
        if opts["cuda"]:
            x = x.cuda()
        """,
        """
        import torch
        opts = {"cuda": True, "lr": 0.1}
        x = torch.zeros(3, device="cuda" if opts["cuda"] else "cpu")
        print(opts["lr"])
        """,
        message="created on the host, then copied to the device",
    ),
    # (s33, round 7) The flag's object reached by another name made before the creation: bound to it or
    # to a part of it, kept in a container, in a call's result (`Runner(cfg)`, `partial(setattr, cfg, ...)`),
    # a default, a bound method. Changed through that name in between, or by code that reads it: reported.
    Invalid(
        """
        import torch
        def init(args, n):
            settings = args
            h = torch.zeros(n)
            settings.cuda = False
            if args.cuda:
                h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=4,
    ),
    Invalid(
        """
        import torch
        class Runner:
            def __init__(self, cfg):
                self.cfg = cfg
            def prepare(self):
                self.cfg.cuda = False
        def init(cfg, n):
            registry = {"main": cfg.train}
            runner = Runner(cfg)
            h = torch.zeros(n)
            registry["main"].cuda = False
            runner.prepare()
            if cfg.train.cuda:
                h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=10,
    ),
    Invalid(
        """
        import torch
        class Cfg:
            cuda = True
            def host_only(self):
                self.cuda = False
        cfg = Cfg()
        keep = cfg
        host_only = cfg.host_only
        def quiet(c=cfg):
            c.cuda = False
        def reset():
            keep.cuda = False
        x = torch.zeros(3)
        host_only()
        quiet()
        reset()
        if cfg.cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=13,
    ),
    Invalid(
        """
        import functools
        import torch
        state = {"cuda": True}
        off = functools.partial(state.__setitem__, "cuda", False)
        pending = [state]
        def drop():
            pending[0]["cuda"] = False
        x = torch.zeros(3)
        drop()
        off()
        if state["cuda"]:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=8,
    ),
    Invalid(
        """
        import torch
        def init(n, cfg, other):
            for c in (other, cfg):
                print(c.lr)
            h = torch.zeros(n)
            c.cuda = False
            if cfg.cuda:
                h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=5,
    ),
    Invalid(
        """
        import torch
        def init(n, cfg, registry):
            setattr(registry, "main", cfg)
            h = torch.zeros(n)
            registry.main.cuda = False
            if cfg.cuda:
                h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=4,
    ),
    Invalid(
        """
        import torch
        def init(n, cfg, pending):
            pending += [cfg]
            h = torch.zeros(n)
            pending[-1].cuda = False
            if cfg.cuda:
                h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=4,
    ),
    Invalid(
        """
        import torch
        def init(n, cfg, overriding):
            with overriding(cfg) as c:
                h = torch.zeros(n)
                c.cuda = False
                if cfg.cuda:
                    h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=4,
    ),
    # (s33) Look-alikes, rewritten: another name holds the flag's object but nothing in between uses it;
    # an attribute of the object handed to a call is a value of its own.
    Invalid(
        """
        import torch
        def init(args):
            settings = args
            h = torch.zeros(args.batch)
            print(int(args.batch))
            if args.cuda:
                h = h.cuda()
            return h, settings
        """,
        """
        import torch
        def init(args):
            settings = args
            h = torch.zeros(args.batch, device="cuda" if args.cuda else "cpu")
            print(int(args.batch))
            return h, settings
        """,
        message="created on the host, then copied to the device",
    ),
    # (s33) Look-alike, rewritten: a loop over what a call gives (a loader made of a dataset keeping `cfg`)
    # binds no holder of `cfg`: `x.float()` changes nothing of it.
    Invalid(
        """
        import torch
        def run(n, cfg):
            loader = Loader(Data(cfg))
            for x, y in loader:
                h = torch.zeros(n)
                x = x.float()
                if cfg.cuda:
                    h = h.cuda()
                print(h, x, y)
        """,
        """
        import torch
        def run(n, cfg):
            loader = Loader(Data(cfg))
            for x, y in loader:
                h = torch.zeros(n, device="cuda" if cfg.cuda else "cpu")
                x = x.float()
                print(h, x, y)
        """,
        message="created on the host, then copied to the device",
    ),
    # (s33, round 7) A generator held by a name that lets it go (stores it, returns it, hands it to a call
    # that keeps it) may be advanced anywhere later; one whose name is rebound or deleted is closed there
    # (its `finally` runs). Reading the tensor or changing the flag, it is reported.
    Invalid(
        """
        import torch
        pending = []
        def watch():
            while True:
                yield str(x.device)
        def drain():
            return [next(p) for p in pending]
        it = watch()
        pending.append(it)
        x = torch.zeros(3)
        print(drain())
        x = x.cuda()
        """,
        None,
        message="not rewritten: `watch` reads it and may run in between without being named there",
        line=10,
    ),
    Invalid(
        """
        import torch
        use_cuda = True
        def phases():
            global use_cuda
            yield
            use_cuda = False
        def started():
            g = phases()
            next(g)
            return g
        steps = started()
        x = torch.zeros(3)
        next(steps, None)
        if use_cuda:
            x = x.cuda()
        """,
        None,
        message="the code in between changes what the move reads",
        line=12,
    ),
    Invalid(
        """
        import torch
        use_cuda = True
        def session():
            global use_cuda
            try:
                yield
            finally:
                use_cuda = False
        def run(n):
            it = session()
            next(it)
            h = torch.zeros(n)
            it = None
            if use_cuda:
                h = h.cuda()
            return h
        """,
        None,
        message="the code in between changes what the move reads",
        line=12,
    ),
    Invalid(
        """
        import torch
        def init(n, hooks):
            g = (str(h.device) for _ in range(n))
            hooks["show"] = g
            h = torch.zeros(n)
            for name in hooks:
                print(next(hooks[name]))
            h = h.cuda()
            return h
        """,
        None,
        message="not rewritten: `a generator expression` reads it and may run in between",
        line=5,
    ),
    # (s33) Look-alike, rewritten: a generator only advanced where its name is read (`next`, `for`), after
    # the move.
    Invalid(
        """
        import torch
        def watch():
            try:
                yield 1
            finally:
                print(x.device)
        it = watch()
        print(next(it))
        x = torch.zeros(3)
        x = x.cuda()
        for v in it:
            print(v)
        """,
        """
        import torch
        def watch():
            try:
                yield 1
            finally:
                print(x.device)
        it = watch()
        print(next(it))
        x = torch.zeros(3, device="cuda")
        for v in it:
            print(v)
        """,
        message="created on the host, then copied to the device",
    ),
]

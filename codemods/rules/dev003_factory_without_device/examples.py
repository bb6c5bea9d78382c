"""DEV003's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                h = torch.zeros(x.size(0), 8, device=x.device, dtype=x.dtype)
                return x + h + torch.zeros_like(x) + torch.tensor(0.5)
        """
    ),
    # Not a module: nothing is moved, the CPU default is fine.
    Valid(
        """
        import torch

        class Helper:
            def forward(self, x):
                return x + torch.zeros(3)
        """
    ),
    # Outside forward (in __init__ the tensor is a buffer question: DEV004), or placed already.
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.scale = nn.Parameter(torch.ones(3))

            def forward(self, x):
                return x * self.scale + torch.ones(3, device=self.scale.device)
        """
    ),
    # A helper not called from forward.
    Valid(
        """
        import torch
        from torch import nn

        class Net(nn.Module):
            def forward(self, x):
                return x

            def sample(self, n):
                return torch.randn(n, 4)
        """
    ),
    # Moved right after it is made, here or where the helper is called: DEV010's question.
    Valid(
        """
        import torch
        from torch import nn

        class Pos(nn.Module):
            def forward(self, x):
                idx = torch.arange(x.size(1)).to(self.device)
                return self.table(idx) + self.mask(x.size(1)).to(x.device)

            def mask(self, n):
                return torch.triu(torch.ones(n, n), 1)
        """
    ),
    # Moved under a GPU test, or by a local helper that moves its argument.
    Valid(
        """
        import torch
        from torch import nn

        def on_gpu(t):
            return t.cuda() if torch.cuda.is_available() else t

        class Attn(nn.Module):
            def forward(self, x):
                scores = torch.zeros(x.size(0))
                if USE_CUDA:
                    scores = scores.cuda()
                return self.score(x, scores, on_gpu(torch.ones(3)))
        """
    ),
    # Created where the tensor whose size it takes lives already.
    Valid(
        """
        import torch
        from torch import nn

        class Beam(nn.Module):
            def forward(self, steps=None):
                return self._backtrack(self.decode(steps))

            def _backtrack(self, hiddens):
                state_size = hiddens[0].size()
                return torch.zeros(state_size, device=hiddens[0].device), torch.ones(hiddens[0].size()).to(self.dev)
        """
    ),
    # (session 34) A registered buffer replaced where the module may not be yet (`__init__` and what it
    # calls), or made on the buffer's device already: kept.
    Valid(
        """
        import torch
        from torch import nn

        class Noisy(nn.Linear):
            def __init__(self, n_in, n_out):
                super().__init__(n_in, n_out)
                self.register_buffer("eps", torch.zeros(n_out, n_in))
                self.reset_noise()

            def reset_noise(self):
                self.eps = torch.zeros(self.out_features, self.in_features)

            def sample_noise(self):
                self.eps = torch.randn(self.out_features, self.in_features).to(self.eps.device)

            def forward(self, x):
                return nn.functional.linear(x, self.weight + self.eps, self.bias)
        """
    ),
    # (session 34) A coin drawn on the host only for an `if` (stochastic depth's `survival`): its value
    # never meets the input; made on the device, reading it back would wait for the GPU.
    Valid(
        """
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self, p, n):
                super().__init__()
                self.p = p
                self.fc = nn.Linear(n, n)

            def survival(self):
                coin = torch.bernoulli(torch.tensor(self.p).float())
                return torch.equal(coin, torch.tensor(1.0))

            def forward(self, x):
                if self.training and not self.survival():
                    return x
                return x + self.fc(x)
        """
    ),
    # (session 34) Host noise cast with the input's own type string (`"torch.cuda.FloatTensor"` on a GPU):
    # `.type(x.data.type())` moves it to the input's device, as `type_as(x)` would (pggan's dropout).
    Valid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Drop(nn.Module):
            def forward(self, x):
                rnd = np.random.normal(size=tuple(x.shape))
                rnd = torch.from_numpy(rnd).type(x.data.type())
                return x * rnd
        """
    ),
]

INVALID = [
    # A parameter used as a number or a sequence (a size, data, `len`, a loop, an unpacking) may have no
    # `.device`: reported, not fixed.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class PositionIds(nn.Module):
            def forward(self, seq_len):
                return torch.arange(seq_len)

        class Lengths(nn.Module):
            def forward(self, seqs):
                return torch.zeros(len(seqs), 4)
        """,
        None,
        message="is used as a number or a sequence here",
        line=6,
    ),
    # Indexed by one number for a tensor's size or shape (`hs[0].shape[0]`): most likely a list of tensors,
    # which has no `.device` (round 5: `device=hs.device` raised AttributeError).
    Invalid(
        """
        import torch
        import torch.nn as nn

        class Stack(nn.Module):
            def forward(self, hs):
                n = hs[0].shape[0]
                return torch.zeros(n), torch.ones(5)
        """,
        None,
        message="is used as a number or a sequence here",
        line=7,
    ),
    # Noise drawn by a legacy constructor of a tensor's size: `randn_like`/`rand_like` of that tensor, on its
    # device (unsafe: other random numbers, and the tensor's dtype).
    Invalid(
        """
        import torch
        import torch.nn as nn

        class VAE(nn.Module):
            def reparameterize(self, mu, logvar):
                std = logvar.mul(0.5).exp_()
                eps = torch.cuda.FloatTensor(std.size()).normal_()
                jitter = torch.FloatTensor(mu.size()).uniform_()
                return eps.mul(std).add_(mu) + jitter

            def forward(self, x):
                return self.reparameterize(x, x)
        """,
        """
        import torch
        import torch.nn as nn

        class VAE(nn.Module):
            def reparameterize(self, mu, logvar):
                std = logvar.mul(0.5).exp_()
                eps = torch.randn_like(std)
                jitter = torch.rand_like(mu)
                return eps.mul(std).add_(mu) + jitter

            def forward(self, x):
                return self.reparameterize(x, x)
        """,
        message="draw it with `torch.randn_like(std)` (unsafe",
        line=7,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def forward(self, x):
                h = torch.zeros(x.size(0), 8)  # initial state
                return self.cell(x, h)
        """,
        """
        import torch
        from torch import nn

        class Decoder(nn.Module):
            def forward(self, x):
                h = torch.zeros(x.size(0), 8, device=x.device)  # initial state
                return self.cell(x, h)
        """,
        message="`torch.zeros` inside `forward` allocates on the CPU",
    ),
    Invalid(
        """
        import torch as T
        import torch.nn as nn

        class Block(nn.Module):
            def forward(self, src):
                pad = T.zeros((10,))
                return src + pad
        """,
        """
        import torch as T
        import torch.nn as nn

        class Block(nn.Module):
            def forward(self, src):
                pad = T.zeros((10,), device=src.device)
                return src + pad
        """,
    ),
    # A helper forward calls: the device of the tensor it receives.
    Invalid(
        """
        import torch
        from torch.nn import Module

        class Attention(Module):
            def forward(self, q, k):
                return q @ k.transpose(-1, -2) + self._mask(q, q.size(1))

            def _mask(self, ref, n):
                return torch.triu(torch.full((n, n), float("-inf")), 1)
        """,
        """
        import torch
        from torch.nn import Module

        class Attention(Module):
            def forward(self, q, k):
                return q @ k.transpose(-1, -2) + self._mask(q, q.size(1))

            def _mask(self, ref, n):
                return torch.triu(torch.full((n, n), float("-inf"), device=ref.device), 1)
        """,
        message="`torch.full` inside `_mask`",
    ),
    # Legacy constructors: data or a size, read from the code; unclear ones are only reported.
    Invalid(
        """
        import torch
        from torch import nn
        from torch.autograd import Variable

        class Old(nn.Module):
            def forward(self, x, idx):
                buf = torch.FloatTensor(x.size(0)).zero_()
                pos = torch.LongTensor(range(x.size(1)))
                h = Variable(torch.zeros(1, x.size(0), 16))
                return self.rnn(x + buf, h), pos, torch.LongTensor(idx)
        """,
        """
        import torch
        from torch import nn
        from torch.autograd import Variable

        class Old(nn.Module):
            def forward(self, x, idx):
                buf = torch.empty(x.size(0), dtype=torch.float32, device=x.device).zero_()
                pos = torch.tensor(range(x.size(1)), dtype=torch.int64, device=x.device)
                h = Variable(torch.zeros(1, x.size(0), 16, device=x.device))
                return self.rnn(x + buf, h), pos, torch.LongTensor(idx)
        """,
        message="cannot tell data from a size",
    ),
    # No tensor argument, and no layer to take the device from: report only.
    Invalid(
        """
        import torch
        from torch import nn

        class Sampler(nn.Module):
            def forward(self, n: int):
                return self.net(torch.randn(n, 4))
        """,
        message="the device is not known here",
    ),
    # The only layer is handed to the constructor and used as a module (`self.rnn.step(...)`):
    # its parameters are most likely the module's, an assumption, so the fix is unsafe.
    Invalid(
        """
        import torch
        from torch import nn

        class Beam(nn.Module):
            def __init__(self, decoder_rnn, k):
                super().__init__()
                self.rnn = decoder_rnn
                self.k = k

            def forward(self, batch_size: int, hidden=None):
                scores = torch.Tensor(batch_size * self.k, 1).fill_(0.0)
                first = torch.LongTensor([[self.rnn.sos_id] * batch_size])
                return self.rnn.step(first, hidden), scores
        """,
        """
        import torch
        from torch import nn

        class Beam(nn.Module):
            def __init__(self, decoder_rnn, k):
                super().__init__()
                self.rnn = decoder_rnn
                self.k = k

            def forward(self, batch_size: int, hidden=None):
                scores = torch.empty(batch_size * self.k, 1, device=next(self.parameters()).device).fill_(0.0)
                first = torch.tensor([[self.rnn.sos_id] * batch_size], dtype=torch.int64, device=next(self.parameters()).device)
                return self.rnn.step(first, hidden), scores
        """,
        message="(unsafe: it assumes `self.rnn`, handed to the constructor as `decoder_rnn`, is a module with parameters)",
        line=11,
    ),
    # Look-alike: what is handed in is only called (a loss, often without parameters): report only.
    Invalid(
        """
        import torch
        from torch import nn

        class Scorer(nn.Module):
            def __init__(self, criterion):
                super().__init__()
                self.criterion = criterion

            def forward(self, n: int):
                return self.criterion(torch.zeros(n), self.target)
        """,
        None,
        message="the device is not known here, so not fixed",
        line=10,
    ),
    # The recurrent state a module hands out.
    Invalid(
        """
        import torch
        from torch import nn

        class VAE(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(4, 8)

            def init_hidden(self, batch):
                return torch.zeros(1, batch, 8)

            def forward(self, x):
                return self.rnn(x, self.init_hidden(x.size(1)))
        """,
        """
        import torch
        from torch import nn

        class VAE(nn.Module):
            def __init__(self):
                super().__init__()
                self.rnn = nn.GRU(4, 8)

            def init_hidden(self, batch):
                return torch.zeros(1, batch, 8, device=next(self.parameters()).device)

            def forward(self, x):
                return self.rnn(x, self.init_hidden(x.size(1)))
        """,
        message="inside `init_hidden`",
    ),
    # Noise drawn in a helper forward calls: made on the input's device, it draws other numbers there
    # than on the host, so the fix is unsafe.
    Invalid(
        """
        import torch
        from torch import nn

        class VAE(nn.Module):
            def reparameterize(self, mu, logvar):
                std = torch.exp(0.5 * logvar)
                return mu + torch.randn(std.size()) * std + torch.randn(mu.size(0), 1)

            def forward(self, x):
                return self.reparameterize(x, x)
        """,
        """
        import torch
        from torch import nn

        class VAE(nn.Module):
            def reparameterize(self, mu, logvar):
                std = torch.exp(0.5 * logvar)
                return mu + torch.randn_like(std) * std + torch.randn(mu.size(0), 1, device=mu.device)

            def forward(self, x):
                return self.reparameterize(x, x)
        """,
        message="unsafe: the device's random generator draws other numbers",
    ),
    # A module-level helper forward calls, a global device, a NumPy mask.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        device = "cuda"

        def lengths_mask(lengths, n):
            return torch.arange(n) < lengths.unsqueeze(1)

        class Encoder(nn.Module):
            def forward(self, x, lengths):
                n = x.size(1)
                causal = torch.from_numpy(np.triu(np.ones((n, n)), k=1)).bool()
                keep = lengths_mask(lengths, n) & torch.ones(n, dtype=torch.bool, device=device)
                return x.masked_fill(causal, 0.0), keep
        """,
        """
        import numpy as np
        import torch
        from torch import nn

        device = "cuda"

        def lengths_mask(lengths, n):
            return torch.arange(n, device=lengths.device) < lengths.unsqueeze(1)

        class Encoder(nn.Module):
            def forward(self, x, lengths):
                n = x.size(1)
                causal = torch.triu(torch.ones((n, n), dtype=torch.float64, device=x.device), diagonal=1).bool()
                keep = lengths_mask(lengths, n) & torch.ones(n, dtype=torch.bool, device=x.device)
                return x.masked_fill(causal, 0.0), keep
        """,
        message="`device=device` inside `forward` is the script's global device",
    ),
    # A NumPy mask built on the line before, through a name read only by `from_numpy`: built in
    # torch instead, and the NumPy line goes.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Attention(nn.Module):
            def forward(self, scores):
                n = scores.size(-1)
                mask = np.triu(np.ones((1, n, n)), k=1).astype('uint8')
                mask = torch.from_numpy(mask) == 0
                return scores.masked_fill(mask, -1e9)
        """,
        """
        import numpy as np
        import torch
        from torch import nn

        class Attention(nn.Module):
            def forward(self, scores):
                n = scores.size(-1)
                mask = torch.triu(torch.ones((1, n, n), dtype=torch.uint8, device=scores.device), diagonal=1) == 0
                return scores.masked_fill(mask, -1e9)
        """,
        line=9,
    ),
    # ... not when the NumPy array is read again afterwards: reported only.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Attention(nn.Module):
            def forward(self, scores):
                n = scores.size(-1)
                mask = np.triu(np.ones((n, n)), k=1)
                hidden = torch.from_numpy(mask).bool()
                self.last_mask = mask
                return scores.masked_fill(hidden, -1e9)
        """,
        None,
        message="a NumPy mask built on the host inside `forward`",
    ),
    # ... also when other code runs between the array and its use, none of it reading the array or
    # what it is built from (`n`): the array is built where it is used.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Attention(nn.Module):
            def forward(self, x):
                n = x.size(1)
                causal = np.tril(np.ones((n, n), dtype=np.float32))
                scores = self.proj(x) @ x.transpose(1, 2)
                return scores * torch.from_numpy(causal)
        """,
        """
        import numpy as np
        import torch
        from torch import nn

        class Attention(nn.Module):
            def forward(self, x):
                n = x.size(1)
                scores = self.proj(x) @ x.transpose(1, 2)
                return scores * torch.tril(torch.ones((n, n), dtype=torch.float32, device=x.device))
        """,
        line=10,
    ),
    # ... not when the code in between changes what the array is built from: reported only.
    Invalid(
        """
        import numpy as np
        import torch
        from torch import nn

        class Attention(nn.Module):
            def forward(self, x):
                n = x.size(1)
                causal = np.tril(np.ones((n, n), dtype=np.float32))
                n = n - 1
                return x[:, :n, :n] * torch.from_numpy(causal)[:n, :n]
        """,
        None,
        message="a NumPy mask built on the host inside `forward`",
    ),
    # No input to read the device from, but the size is a tensor's: create it where that tensor is.
    Invalid(
        """
        import torch
        from torch import nn

        class Beam(nn.Module):
            def forward(self, steps=None):
                return self._backtrack(self.decode(steps), self.history)

            def _backtrack(self, hiddens, scores):
                if isinstance(hiddens[0], tuple):
                    state_size = hiddens[0][0].size()
                    h_n = tuple([torch.zeros(state_size), torch.zeros(state_size)])
                else:
                    h_n = torch.zeros(hiddens[0].size())
                return h_n, torch.ones(scores[-1].size(0), 4)
        """,
        """
        import torch
        from torch import nn

        class Beam(nn.Module):
            def forward(self, steps=None):
                return self._backtrack(self.decode(steps), self.history)

            def _backtrack(self, hiddens, scores):
                if isinstance(hiddens[0], tuple):
                    state_size = hiddens[0][0].size()
                    h_n = tuple([torch.zeros(state_size, device=hiddens[0][0].device), torch.zeros(state_size, device=hiddens[0][0].device)])
                else:
                    h_n = torch.zeros(hiddens[0].size(), device=hiddens[0].device)
                return h_n, torch.ones(scores[-1].size(0), 4, device=scores[-1].device)
        """,
        message="create it where `hiddens[0][0]` is, whose size it takes",
        line=11,
    ),
    # The same where the input's device is known, but the size is an item of the input (`hs[0][0]`):
    # the input may be a list, with no `.device`; the item whose size is taken is a tensor.
    Invalid(
        """
        import torch
        from torch import nn

        class Cell(nn.Module):
            def forward(self, hs):
                state_size = hs[0][0].size()
                c = torch.zeros(state_size)
                return c, torch.ones(hs[-1].size(0), 4)
        """,
        """
        import torch
        from torch import nn

        class Cell(nn.Module):
            def forward(self, hs):
                state_size = hs[0][0].size()
                c = torch.zeros(state_size, device=hs[0][0].device)
                return c, torch.ones(hs[-1].size(0), 4, device=hs[-1].device)
        """,
        message="create it where `hs[0][0]` is, whose size it takes",
        line=7,
    ),
    # Look-alikes of that: a NumPy `.shape`, a list re-bound after its size was read, two tensors'
    # sizes, a CPU generator, a call that may change what `self.last[0]` is, a size bound in a branch,
    # a module's own `size()`.
    Invalid(
        """
        import torch
        from torch import nn

        class Beam(nn.Module):
            def forward(self, steps=None):
                return self._backtrack(self.decode(steps), self.history, self.table)

            def _backtrack(self, hiddens, scores, arr):
                a = torch.zeros(arr.shape)
                s = hiddens[-1].size()
                hiddens = hiddens[:-1]
                b = torch.zeros(s)
                c = torch.zeros(hiddens[0].size(0), scores[0].size(1))
                d = torch.randn(scores[0].size(), generator=self.gen)
                t = self.last[0].size()
                self.step()
                e = torch.ones(t)
                if scores:
                    u = scores[0].size()
                return a, b, c, d, e, torch.ones(u), torch.zeros(self.size())
        """,
        None,
        message="the device is not known here, so not fixed",
        line=9,
    ),
    # A CPU generator or pinned memory ties the tensor to the host: `device=` would fail there.
    Invalid(
        """
        import torch
        from torch import nn

        class Noisy(nn.Module):
            def forward(self, x):
                return x + torch.randn(x.size(0), 3, generator=self.generator)
        """,
        None,
        message="not fixed: `generator=` ties it to the host",
    ),
    # A device the rule reads already (the input's) comes first.
    Invalid(
        """
        import torch
        from torch import nn

        class Cell(nn.Module):
            def forward(self, x):
                return self.cell(x, torch.zeros(self.h0[0].size()))
        """,
        """
        import torch
        from torch import nn

        class Cell(nn.Module):
            def forward(self, x):
                return self.cell(x, torch.zeros(self.h0[0].size(), device=x.device))
        """,
    ),
    # (session 34) A method that replaces a registered buffer (NoisyNet's `remove_noise`, called by the
    # trainer, not by `forward`): the new tensor is made where the buffer is; a random draw is unsafe.
    Invalid(
        """
        import torch
        from torch import nn

        class Noisy(nn.Linear):
            def __init__(self, n_in, n_out):
                super().__init__(n_in, n_out)
                self.register_buffer("eps", torch.zeros(n_out, n_in))

            def remove_noise(self):
                self.eps = torch.zeros(self.out_features, self.in_features)

            def forward(self, x):
                return nn.functional.linear(x, self.weight + self.eps, self.bias)
        """,
        """
        import torch
        from torch import nn

        class Noisy(nn.Linear):
            def __init__(self, n_in, n_out):
                super().__init__(n_in, n_out)
                self.register_buffer("eps", torch.zeros(n_out, n_in))

            def remove_noise(self):
                self.eps = torch.zeros(self.out_features, self.in_features, device=self.eps.device)

            def forward(self, x):
                return nn.functional.linear(x, self.weight + self.eps, self.bias)
        """,
        message="`torch.zeros` inside `remove_noise` allocates on the CPU",
        line=10,
    ),
    Invalid(
        """
        import torch
        from torch import nn

        class Noisy(nn.Linear):
            def __init__(self, n_in, n_out):
                super().__init__(n_in, n_out)
                self.register_buffer("eps", torch.zeros(n_out, n_in))

            def sample_noise(self):
                self.eps = torch.randn(self.out_features, self.in_features)

            def forward(self, x):
                return nn.functional.linear(x, self.weight + self.eps, self.bias)
        """,
        """
        import torch
        from torch import nn

        class Noisy(nn.Linear):
            def __init__(self, n_in, n_out):
                super().__init__(n_in, n_out)
                self.register_buffer("eps", torch.zeros(n_out, n_in))

            def sample_noise(self):
                self.eps = torch.randn(self.out_features, self.in_features, device=self.eps.device)

            def forward(self, x):
                return nn.functional.linear(x, self.weight + self.eps, self.bias)
        """,
        message="unsafe: the device's random generator draws other numbers",
        line=10,
    ),
    # (session 34) The coin's look-alike: drawn per sample, it also scales the input (it meets it).
    Invalid(
        """
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self, p, n):
                super().__init__()
                self.p = p
                self.fc = nn.Linear(n, n)

            def forward(self, x):
                keep = torch.bernoulli(torch.full((x.size(0), 1), self.p))
                if keep.sum().item() == 0:
                    return x
                return x + self.fc(x) * keep
        """,
        """
        import torch
        from torch import nn

        class Block(nn.Module):
            def __init__(self, p, n):
                super().__init__()
                self.p = p
                self.fc = nn.Linear(n, n)

            def forward(self, x):
                keep = torch.bernoulli(torch.full((x.size(0), 1), self.p, device=x.device))
                if keep.sum().item() == 0:
                    return x
                return x + self.fc(x) * keep
        """,
        message="`torch.full` inside `forward` allocates on the CPU; create it on the input's device (unsafe: the device's random generator",
        line=11,
    ),
]

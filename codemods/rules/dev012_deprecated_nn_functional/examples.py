"""DEV012's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch
        y = torch.sigmoid(x) + torch.tanh(x)
        """
    ),
    # A method of the model that happens to be called `sigmoid`, in a file that imports F.
    Valid(
        """
        import torch
        import torch.nn.functional as F
        class Gate(torch.nn.Module):
            def forward(self, x):
                return self.sigmoid(F.relu(x))
        """
    ),
    # `F` is not torch.nn.functional.
    Valid(
        """
        import torch
        import jax.nn as F
        y = F.sigmoid(x)
        """
    ),
    # Other activations of torch.nn.functional, not deprecated, whose names contain the two.
    Valid(
        """
        import torch
        import torch.nn.functional as F
        y = F.logsigmoid(x) + F.hardtanh(x) + F.hardsigmoid(x)
        """
    ),
    # The tensor methods and the modules are not deprecated.
    Valid(
        """
        import torch
        from torch import nn
        y = x.sigmoid() + x.tanh() + nn.Tanh()(x) + nn.Sigmoid()(x)
        """
    ),
    # A `sigmoid` imported from elsewhere.
    Valid(
        """
        import torch
        from scipy.special import expit as sigmoid
        from mylib.activations import tanh
        y = sigmoid(x) + tanh(x)
        """
    ),
    # torch.special's and torch.nn.functional's modern names.
    Valid(
        """
        import torch
        from torch.nn import functional as fn
        y = torch.special.expit(x) + fn.silu(x)
        """
    ),
    # Softmax with its dimension, by keyword or by position; torch's own softmax, which requires it.
    Valid(
        """
        import torch
        import torch.nn as nn
        import torch.nn.functional as F
        p = F.softmax(x, dim=-1) + F.log_softmax(x, 1) + torch.softmax(x, 1) + x.softmax(-1)
        layers = [nn.Softmax(dim=1), nn.LogSoftmax(1), nn.Softmax2d()]
        """
    ),
    # The dims written, where the rank changed in place after the assignment (see INVALID below).
    Valid(
        """
        import torch
        import torch.nn.functional as F
        def scores(x):
            x = x.view(-1, 10)
            x.unsqueeze_(0)
            return F.softmax(x, dim=0)
        """
    ),
    # A `softmax` of another library.
    Valid(
        """
        import torch
        from scipy.special import softmax
        import jax.nn as F
        p = softmax(logits) + F.softmax(logits)
        """
    ),
]

INVALID = [
    # The MNIST example's forward: 2-D after `view`, through the layers made in `__init__`: dim 1.
    Invalid(
        """
        import torch.nn as nn
        import torch.nn.functional as F
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc1 = nn.Linear(320, 50)
                self.fc2 = nn.Linear(50, 10)
            def forward(self, x):
                x = x.view(-1, 320)
                x = F.relu(self.fc1(x))
                x = F.dropout(x, training=self.training)
                x = self.fc2(x)
                return F.log_softmax(x)
        """,
        """
        import torch.nn as nn
        import torch.nn.functional as F
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc1 = nn.Linear(320, 50)
                self.fc2 = nn.Linear(50, 10)
            def forward(self, x):
                x = x.view(-1, 320)
                x = F.relu(self.fc1(x))
                x = F.dropout(x, training=self.training)
                x = self.fc2(x)
                return F.log_softmax(x, dim=1)
        """,
        message="the input is 2-D here, so `dim=1`",
        line=13,
    ),
    # A 3-D input: PyTorch picked dim 0 (not the last one); `dim=None` is as good as no `dim`.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        def attend(scores):
            e = torch.randn(5, 2, 1)
            return F.softmax(e * 2.0, dim=None)
        """,
        """
        import torch
        import torch.nn.functional as F
        def attend(scores):
            e = torch.randn(5, 2, 1)
            return F.softmax(e * 2.0, dim=0)
        """,
        message="the input is 3-D here, so `dim=0`",
        line=5,
    ),
    # The attention of the seq2seq tutorials (copied widely): energies made as a vector of `len(...)`
    # elements, wrapped in `Variable`, moved under a flag, filled element by element: 1-D, so `dim=0`.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def attend(score, hidden, outputs, use_cuda):
            seq_len = len(outputs)
            energies = Variable(torch.zeros(seq_len))
            if use_cuda:
                energies = energies.cuda()
            for i in range(seq_len):
                energies[i] = score(hidden, outputs[i])
            return F.softmax(energies).unsqueeze(0).unsqueeze(0)
        """,
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def attend(score, hidden, outputs, use_cuda):
            seq_len = len(outputs)
            energies = Variable(torch.zeros(seq_len))
            if use_cuda:
                energies = energies.cuda()
            for i in range(seq_len):
                energies[i] = score(hidden, outputs[i])
            return F.softmax(energies, dim=0).unsqueeze(0).unsqueeze(0)
        """,
        message="the input is 1-D here, so `dim=0`",
        line=12,
    ),
    # A normalisation between the flattening and the softmax gives back its input's shape: still 2-D.
    Invalid(
        """
        import torch.nn as nn
        import torch.nn.functional as F

        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(1, 8, 3)
                self.fc = nn.Linear(8 * 26 * 26, 32)
                self.norm = nn.BatchNorm1d(32)
                self.out = nn.Linear(32, 10)

            def forward(self, x):
                x = F.relu(self.conv(x)).view(-1, 8 * 26 * 26)
                x = F.relu(self.norm(self.fc(x)))
                return F.log_softmax(self.out(x))
        """,
        """
        import torch.nn as nn
        import torch.nn.functional as F

        class Classifier(nn.Module):
            def __init__(self):
                super().__init__()
                self.conv = nn.Conv2d(1, 8, 3)
                self.fc = nn.Linear(8 * 26 * 26, 32)
                self.norm = nn.BatchNorm1d(32)
                self.out = nn.Linear(32, 10)

            def forward(self, x):
                x = F.relu(self.conv(x)).view(-1, 8 * 26 * 26)
                x = F.relu(self.norm(self.fc(x)))
                return F.log_softmax(self.out(x), dim=1)
        """,
        message="the input is 2-D here, so `dim=1`",
        line=15,
    ),
    # The `to_var` helper of old scripts hands back its argument, moved and wrapped: its rank. Here a
    # vector of `len(...)` elements filled one by one (1-D, `dim=0`), and a batch flattened to 2-D.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def to_var(x):
            if torch.cuda.is_available():
                x = x.cuda()
            return Variable(x)

        def attend(score, hidden, outputs):
            energies = to_var(torch.zeros(len(outputs)))
            for i in range(len(outputs)):
                energies[i] = score(hidden, outputs[i])
            return F.softmax(energies)
        """,
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def to_var(x):
            if torch.cuda.is_available():
                x = x.cuda()
            return Variable(x)

        def attend(score, hidden, outputs):
            energies = to_var(torch.zeros(len(outputs)))
            for i in range(len(outputs)):
                energies[i] = score(hidden, outputs[i])
            return F.softmax(energies, dim=0)
        """,
        message="the input is 1-D here, so `dim=0`",
        line=14,
    ),
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def cuda_variable(tensor, requires_grad=False):
            if torch.cuda.is_available():
                return Variable(tensor.cuda(), requires_grad=requires_grad)
            else:
                return Variable(tensor, requires_grad=requires_grad)

        def predict(model, images):
            logits = model(cuda_variable(images.view(-1, 784)))
            return F.log_softmax(cuda_variable(logits.view(-1, 10)))
        """,
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable

        def cuda_variable(tensor, requires_grad=False):
            if torch.cuda.is_available():
                return Variable(tensor.cuda(), requires_grad=requires_grad)
            else:
                return Variable(tensor, requires_grad=requires_grad)

        def predict(model, images):
            logits = model(cuda_variable(images.view(-1, 784)))
            return F.log_softmax(cuda_variable(logits.view(-1, 10)), dim=1)
        """,
        message="the input is 2-D here, so `dim=1`",
        line=13,
    ),
    # The attention decoder of the seq2seq tutorial: `torch.cat` joins tensors of one rank, and the
    # embedding's row is 2-D (`view(1, 1, -1)`, then `[0]`), so the hidden state's is too: `dim=1`.
    Invalid(
        """
        import torch
        import torch.nn as nn
        import torch.nn.functional as F

        class AttnDecoder(nn.Module):
            def __init__(self, hidden_size, max_length):
                super().__init__()
                self.embedding = nn.Embedding(100, hidden_size)
                self.dropout = nn.Dropout(0.1)
                self.attn = nn.Linear(hidden_size * 2, max_length)

            def forward(self, input, hidden):
                embedded = self.embedding(input).view(1, 1, -1)
                embedded = self.dropout(embedded)
                return F.softmax(self.attn(torch.cat((embedded[0], hidden[0]), 1)))
        """,
        """
        import torch
        import torch.nn as nn
        import torch.nn.functional as F

        class AttnDecoder(nn.Module):
            def __init__(self, hidden_size, max_length):
                super().__init__()
                self.embedding = nn.Embedding(100, hidden_size)
                self.dropout = nn.Dropout(0.1)
                self.attn = nn.Linear(hidden_size * 2, max_length)

            def forward(self, input, hidden):
                embedded = self.embedding(input).view(1, 1, -1)
                embedded = self.dropout(embedded)
                return F.softmax(self.attn(torch.cat((embedded[0], hidden[0]), 1)), dim=1)
        """,
        message="the input is 2-D here, so `dim=1`",
        line=15,
    ),
    # Near miss: a 1-D part may be the empty start of a concatenation, which `torch.cat` skips, so the
    # other part's rank is the result's.
    Invalid(
        """
        import torch
        import torch.nn.functional as F

        def attend(scores):
            total = torch.zeros(4)
            return F.softmax(torch.cat((total, scores), 0))
        """,
        None,
        message="the rank of `torch.cat((total, scores), 0)` is not known here",
        line=6,
    ),
    # Near misses of the helper: one that may reshape (`unsqueeze`) or fall off its end (None), and a
    # parameter of the caller that shadows the helper's name: the rank is not known.
    Invalid(
        """
        import torch
        import torch.nn.functional as F

        def to_var(x):
            if x.dim() == 1:
                return x.unsqueeze(0).cuda()
            return x.cuda()

        def to_dev(x):
            return x.cuda()

        def attend(n, to_dev):
            return F.softmax(to_var(torch.zeros(n, 4))) + F.softmax(to_dev(torch.zeros(n, 4)))
        """,
        None,
        message="the rank of `to_var(torch.zeros(n, 4))` is not known here",
        line=13,
    ),
    Invalid(
        """
        import torch
        import torch.nn.functional as F

        def to_dev(x):
            if torch.cuda.is_available():
                return x.cuda()

        def attend(n):
            return F.softmax(to_dev(torch.zeros(n, 4)))
        """,
        None,
        message="the rank of `to_dev(torch.zeros(n, 4))` is not known here",
        line=9,
    ),
    # Near misses: a size handed in (it may be a shape), a branch that reshapes: the rank is unknown, and
    # a name's rank is asked at run time, as PyTorch did.
    Invalid(
        """
        import torch
        import torch.nn.functional as F

        def attend(seq_len, use_flat):
            a = torch.zeros(seq_len)
            b = torch.zeros(4, 3)
            if use_flat:
                b = b.view(-1)
            return F.softmax(a), F.softmax(b)
        """,
        """
        import torch
        import torch.nn.functional as F

        def attend(seq_len, use_flat):
            a = torch.zeros(seq_len)
            b = torch.zeros(4, 3)
            if use_flat:
                b = b.view(-1)
            return F.softmax(a, dim=0 if a.dim() in (0, 1, 3) else 1), F.softmax(b, dim=0 if b.dim() in (0, 1, 3) else 1)
        """,
        message="the rank of `a` is not known here, so the fix asks it as PyTorch did",
        line=9,
    ),
    # The rank of a parameter is not in the code: the fix asks it (an attribute, `input=`, `dim=None` too).
    Invalid(
        """
        import torch.nn.functional as F
        def policy(scores, net):
            return F.softmax(scores) + F.log_softmax(input=net.logits) + F.softmin(scores, dim=None)
        """,
        """
        import torch.nn.functional as F
        def policy(scores, net):
            return F.softmax(scores, dim=0 if scores.dim() in (0, 1, 3) else 1) + F.log_softmax(input=net.logits, dim=0 if net.logits.dim() in (0, 1, 3) else 1) + F.softmin(scores, dim=0 if scores.dim() in (0, 1, 3) else 1)
        """,
        message="the rank of `scores` is not known here",
        line=3,
    ),
    # `x.unsqueeze_(0)` changes the rank without binding `x`; `self.fc` is replaced after construction.
    Invalid(
        """
        import torch.nn as nn
        import torch.nn.functional as F
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(10, 4)
            def forward(self, x):
                x = x.view(-1, 10)
                x.unsqueeze_(0)
                return F.softmax(x) + F.softmax(self.fc(x.view(-1, 10)))
        net = Net()
        net.fc = nn.Sequential(nn.Linear(10, 4), nn.Unflatten(1, (2, 2)))
        """,
        """
        import torch.nn as nn
        import torch.nn.functional as F
        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(10, 4)
            def forward(self, x):
                x = x.view(-1, 10)
                x.unsqueeze_(0)
                return F.softmax(x, dim=0 if x.dim() in (0, 1, 3) else 1) + F.softmax(self.fc(x.view(-1, 10)))
        net = Net()
        net.fc = nn.Sequential(nn.Linear(10, 4), nn.Unflatten(1, (2, 2)))
        """,
        message="the rank of `self.fc(x.view(-1, 10))` is not known here: pass the `dim` it means",
        line=10,
    ),
    # The modules: the rank is known only where they are called. After an `nn.Linear` (through layers
    # that keep its shape) in an `nn.Sequential`, an MLP head's input is (batch, features) or
    # (features,): PyTorch picked the last dim, `dim=-1` (unsafe: a 3-D input read dim 0).
    Invalid(
        """
        import torch.nn as nn
        head = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.LogSoftmax())
        """,
        """
        import torch.nn as nn
        head = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.LogSoftmax(dim=-1))
        """,
        message="after `nn.Linear` (in an `nn.Sequential`",
        line=2,
    ),
    # A softmax attribute every call of which (one at least) gets what an `nn.Linear` attribute gave.
    Invalid(
        """
        import torch
        import torch.nn as nn

        class RNN(nn.Module):
            def __init__(self, n_in, n_hidden, n_out):
                super().__init__()
                self.i2o = nn.Linear(n_in + n_hidden, n_out)
                self.softmax = nn.LogSoftmax()

            def forward(self, x, hidden):
                combined = torch.cat((x, hidden), 1)
                output = self.i2o(combined)
                return self.softmax(output)
        """,
        """
        import torch
        import torch.nn as nn

        class RNN(nn.Module):
            def __init__(self, n_in, n_hidden, n_out):
                super().__init__()
                self.i2o = nn.Linear(n_in + n_hidden, n_out)
                self.softmax = nn.LogSoftmax(dim=-1)

            def forward(self, x, hidden):
                combined = torch.cat((x, hidden), 1)
                output = self.i2o(combined)
                return self.softmax(output)
        """,
        message="or called on its output",
        line=8,
    ),
    # Also called on something else (a convolution's output): reported only.
    Invalid(
        """
        import torch.nn as nn

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.fc = nn.Linear(4, 3)
                self.conv = nn.Conv2d(3, 3, 1)
                self.sm = nn.Softmax()

            def forward(self, x, img):
                return self.sm(self.fc(x)), self.sm(self.conv(img))
        """,
        None,
        message="per call; pass the `dim` it means",
        line=8,
    ),
    # After a convolution (4-D), or alone: reported only.
    Invalid(
        """
        import torch.nn as nn
        head = nn.Sequential(nn.Linear(4, 3), nn.Unflatten(1, (3, 1)), nn.Softmax())
        probs = nn.Softmax()
        """,
        None,
        message="`nn.Softmax()` without `dim` is deprecated",
        line=2,
    ),
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        y = F.sigmoid(x)
        """,
        """
        import torch
        import torch.nn.functional as F
        y = torch.sigmoid(x)
        """,
        message="`F.sigmoid` is deprecated since PyTorch 0.4.1; call `torch.sigmoid`",
        line=3,
    ),
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        def forward(self, x):
            return F.tanh(self.fc(x))
        """,
        """
        import torch
        import torch.nn.functional as F
        def forward(self, x):
            return torch.tanh(self.fc(x))
        """,
        message="`F.tanh`",
        line=4,
    ),
    # `from torch.nn import functional as fn`, and torch imported under another name.
    Invalid(
        """
        import torch as T
        from torch.nn import functional as fn
        h = fn.tanh(T.randn(3))
        """,
        """
        import torch as T
        from torch.nn import functional as fn
        h = T.tanh(T.randn(3))
        """,
        message="call `T.tanh`",
        line=3,
    ),
    # The function imported by name.
    Invalid(
        """
        import torch
        from torch.nn.functional import sigmoid
        gate = sigmoid(x @ w)
        """,
        """
        import torch
        from torch.nn.functional import sigmoid
        gate = torch.sigmoid(x @ w)
        """,
        message="`sigmoid` is deprecated",
        line=3,
    ),
    # Spelled in full; nested calls are both fixed in one pass; the `input=` keyword is kept.
    Invalid(
        """
        import torch
        y = torch.nn.functional.sigmoid(torch.nn.functional.tanh(input=x))
        """,
        """
        import torch
        y = torch.sigmoid(torch.tanh(input=x))
        """,
        message="`torch.nn.functional.tanh`",
        line=2,
    ),
    # `import torch.nn.functional as F` does not bind `torch`: reported, not fixed.
    Invalid(
        """
        import torch.nn.functional as F
        y = F.sigmoid(x)
        """,
        None,
        message="this file does not import `torch`",
        line=2,
    ),
    # Nor does `import torch.nn as nn`.
    Invalid(
        """
        import torch.nn as nn
        y = nn.functional.tanh(x)
        """,
        None,
        message="call `torch.tanh`",
        line=2,
    ),
    # More than the one input failed before and would run after: reported, not fixed.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        y = F.sigmoid(x, out=buffer)
        """,
        None,
        message="with one input",
        line=3,
    ),
]

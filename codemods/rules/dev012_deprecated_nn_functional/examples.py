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
]

INVALID = [
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

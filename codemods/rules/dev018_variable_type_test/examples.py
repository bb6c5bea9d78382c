"""DEV018's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch
        if isinstance(h, torch.Tensor):
            h = h.detach()
        """
    ),
    # isinstance with Variable still holds for tensors today.
    Valid(
        """
        import torch
        from torch.autograd import Variable
        if isinstance(h, Variable):
            h = h.detach()
        """
    ),
    # A `Variable` of the file's own: not torch's.
    Valid(
        """
        import torch
        class Variable:
            pass
        if type(v) == Variable:
            pass
        """
    ),
    # Another type.
    Valid(
        """
        import torch
        from torch.autograd import Variable
        if type(h) == tuple:
            h = h[0]
        """
    ),
    # Not a type test.
    Valid(
        """
        import torch
        from torch.autograd import Variable
        same = kind == Variable
        """
    ),
    # A chained comparison: not the idiom.
    Valid(
        """
        import torch
        from torch.autograd import Variable
        ok = type(a) == Variable == type(b)
        """
    ),
]

INVALID = [
    # repackage_hidden, the word language model's helper.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        def repackage_hidden(h):
            if type(h) == Variable:
                return Variable(h.data)
            return tuple(repackage_hidden(v) for v in h)
        """,
        """
        import torch
        from torch.autograd import Variable
        def repackage_hidden(h):
            if type(h) == torch.Tensor:
                return Variable(h.data)
            return tuple(repackage_hidden(v) for v in h)
        """,
        message="always false",
        line=4,
    ),
    # `is`, and Variable on the left.
    Invalid(
        """
        import torch
        from torch.autograd import Variable
        is_var = Variable is type(x)
        """,
        """
        import torch
        from torch.autograd import Variable
        is_var = torch.Tensor is type(x)
        """,
        line=3,
    ),
    # `!=`, through `torch.autograd.Variable`.
    Invalid(
        """
        import torch
        if type(h) != torch.autograd.Variable:
            h = tuple(h)
        """,
        """
        import torch
        if type(h) != torch.Tensor:
            h = tuple(h)
        """,
        line=2,
    ),
    # `import torch as T`: spelled the file's way.
    Invalid(
        """
        import torch as T
        from torch.autograd import Variable
        keep = type(h) is not Variable
        """,
        """
        import torch as T
        from torch.autograd import Variable
        keep = type(h) is not T.Tensor
        """,
        line=3,
    ),
    # An aliased import of Variable.
    Invalid(
        """
        import torch
        from torch.autograd import Variable as V
        assert type(x) == V
        """,
        """
        import torch
        from torch.autograd import Variable as V
        assert type(x) == torch.Tensor
        """,
        line=3,
    ),
    # No `import torch` at the top: reported only.
    Invalid(
        """
        from torch.autograd import Variable
        def detach(h):
            if type(h) == Variable:
                return h.detach()
            return tuple(detach(v) for v in h)
        """,
        None,
        message="does not import `torch`",
        line=3,
    ),
]

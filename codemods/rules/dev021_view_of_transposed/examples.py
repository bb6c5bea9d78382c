"""DEV021's examples: code it must leave alone (VALID) and code it must fix (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Made contiguous first.
    Valid(
        """
        import torch
        flat = x.t().contiguous().view(-1)
        """
    ),
    # Already `.reshape()`.
    Valid(
        """
        import torch
        correct = pred.t().eq(target)
        total = correct[:k].reshape(-1).float().sum(0)
        """
    ),
    # Not transposed: a plain tensor views fine.
    Valid(
        """
        import torch
        x = torch.zeros(4, 5)
        flat = x.view(-1)
        """
    ),
    # A view that keeps several dimensions may keep the transposed layout (Tacotron's decoder inputs).
    Valid(
        """
        import torch
        inputs = inputs.transpose(1, 2)
        inputs = inputs.view(inputs.size(0), inputs.size(1), -1)
        """
    ),
    # A dtype view, not a shape.
    Valid(
        """
        import torch
        bits = x.t().view(torch.int32)
        """
    ),
    # A name rebound to something contiguous before the view.
    Valid(
        """
        import torch
        y = x.t()
        y = y.contiguous()
        flat = y.view(-1)
        """
    ),
]

INVALID = [
    # The ImageNet example's accuracy(): element-wise results keep the transposed layout.
    Invalid(
        """
        import torch
        def accuracy(output, target, k):
            _, pred = output.topk(k, 1, True, True)
            pred = pred.t()
            correct = pred.eq(target.view(1, -1).expand_as(pred))
            return correct[:k].view(-1).float().sum(0)
        """,
        """
        import torch
        def accuracy(output, target, k):
            _, pred = output.topk(k, 1, True, True)
            pred = pred.t()
            correct = pred.eq(target.view(1, -1).expand_as(pred))
            return correct[:k].reshape(-1).float().sum(0)
        """,
        message="transposed",
        line=6,
    ),
    # Directly on a transposition, read by a reduction.
    Invalid(
        """
        import torch
        total = x.transpose(0, 1).view(-1).sum()
        """,
        """
        import torch
        total = x.transpose(0, 1).reshape(-1).sum()
        """,
        line=2,
    ),
    # `.T` and arithmetic on the result.
    Invalid(
        """
        import torch
        scores = (w.T.view(-1) * 2).mean()
        """,
        """
        import torch
        scores = (w.T.reshape(-1) * 2).mean()
        """,
        line=2,
    ),
    # A permutation, flattened to a size the code computes.
    Invalid(
        """
        import torch
        h = feats.permute(0, 2, 1)
        n = h.numel()
        flat = h.view(n).max()
        """,
        """
        import torch
        h = feats.permute(0, 2, 1)
        n = h.numel()
        flat = h.reshape(n).max()
        """,
        line=4,
    ),
    # Kept under a name: unsafe (a write through it would not reach `x` once it is a copy).
    Invalid(
        """
        import torch
        flat = x.t().view(-1)
        """,
        """
        import torch
        flat = x.t().reshape(-1)
        """,
        message="unsafe",
        line=2,
    ),
    # Written in place: unsafe.
    Invalid(
        """
        import torch
        x.t().view(-1).zero_()
        """,
        """
        import torch
        x.t().reshape(-1).zero_()
        """,
        message="unsafe",
        line=2,
    ),
    # Written through the NumPy array or the storage that shares its memory: unsafe.
    Invalid(
        """
        import torch
        y = x.t().eq(z).float()
        y.view(-1).numpy()[0] = 99
        x.t().view(-1).untyped_storage().fill_(0)
        """,
        """
        import torch
        y = x.t().eq(z).float()
        y.reshape(-1).numpy()[0] = 99
        x.t().reshape(-1).untyped_storage().fill_(0)
        """,
        message="unsafe",
        line=3,
    ),
]

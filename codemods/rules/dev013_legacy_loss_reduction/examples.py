"""DEV013's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch.nn as nn
        import torch.nn.functional as F
        criterion = nn.CrossEntropyLoss(reduction="sum")
        loss = F.nll_loss(out, target, reduction="none")
        """
    ),
    # A `size_average` of the user's own function, and a `reduce` of functools.
    Valid(
        """
        import torch
        from functools import reduce
        def size_average(losses, size_average=True):
            return sum(losses) / len(losses) if size_average else sum(losses)
        total = reduce(lambda a, b: a + b, size_average(xs, size_average=False))
        """
    ),
    # A loss of another library with the same keyword.
    Valid(
        """
        import torch
        import chainer.functions as F
        loss = F.mean_squared_error(x, y, size_average=False)
        """
    ),
    # Losses without legacy arguments (their third positional argument is `weight`, not `size_average`).
    Valid(
        """
        import torch
        import torch.nn.functional as F
        loss = F.cross_entropy(logits, target, class_weights) + F.mse_loss(x, y)
        """
    ),
    # An attribute of an object that is not a loss module.
    Valid(
        """
        import torch
        class Meter:
            size_average = True
        meter = Meter()
        meter.size_average = False
        """
    ),
    # The attribute of a loss that is bound twice: which one is set cannot be told from the code.
    Valid(
        """
        import torch.nn as nn
        criterion = nn.MSELoss()
        criterion = make_criterion()
        criterion.size_average = False
        """
    ),
    # `F.pairwise_distance` in a file that shows no pre-0.4 idiom: written for today's (N,) result.
    Valid(
        """
        import torch
        import torch.nn.functional as F
        def contrastive(a, b, label, margin=2.0):
            d = F.pairwise_distance(a, b)
            return torch.mean((1 - label) * d.pow(2) + label * torch.clamp(margin - d, min=0).pow(2))
        """
    ),
    # In a legacy file, a `keepdim` already written.
    Valid(
        """
        import torch.nn.functional as F
        from torch.autograd import Variable
        d = F.pairwise_distance(Variable(a), Variable(b), keepdim=False)
        """
    ),
    # Reading the attribute is not setting it.
    Valid(
        """
        import torch.nn as nn
        criterion = nn.MSELoss(reduction="sum")
        print(getattr(criterion, "size_average", None))
        """
    ),
]

INVALID = [
    # Legacy arguments that are all None are ignored by PyTorch: `reduction=` (or its default) decides.
    Invalid(
        """
        import torch.nn as nn
        import torch.nn.functional as F
        crit = nn.MSELoss(size_average=None, reduce=None, reduction="sum")
        per_item = F.l1_loss(a, b, reduce=None, reduction="none")
        plain = nn.L1Loss(size_average=None)
        """,
        """
        import torch.nn as nn
        import torch.nn.functional as F
        crit = nn.MSELoss(reduction="sum")
        per_item = F.l1_loss(a, b, reduction="none")
        plain = nn.L1Loss()
        """,
        message="both None, they are ignored",
        line=3,
    ),
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss(size_average=False)
        """,
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss(reduction="sum")
        """,
        message='PyTorch reads it as `reduction="sum"`',
        line=2,
    ),
    # Both legacy arguments become one; the weight passed by position stays.
    Invalid(
        """
        import torch.nn.functional as F
        def loss_fn(out, target, w):
            return F.nll_loss(out, target, w, size_average=False, reduce=True)
        """,
        """
        import torch.nn.functional as F
        def loss_fn(out, target, w):
            return F.nll_loss(out, target, w, reduction="sum")
        """,
        message="`size_average=False, reduce=True` is deprecated",
        line=3,
    ),
    # `reduce=False` wins over `size_average`; an explicit `reduction=` beside them is what PyTorch ignores.
    Invalid(
        """
        from torch import nn
        per_element = nn.MSELoss(size_average=True, reduce=False, reduction="mean")
        """,
        """
        from torch import nn
        per_element = nn.MSELoss(reduction="none")
        """,
        message="ignores the `reduction=`",
        line=2,
    ),
    # `size_average=True` (or None) is the mean; a trailing-comma layout is kept.
    Invalid(
        """
        from torch.nn.functional import binary_cross_entropy
        loss = binary_cross_entropy(
            p,
            y,
            size_average=True,
        )
        """,
        """
        from torch.nn.functional import binary_cross_entropy
        loss = binary_cross_entropy(
            p,
            y,
            reduction="mean",
        )
        """,
        line=2,
    ),
    # A value known only at run time: reported.
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.L1Loss(size_average=args.average)
        """,
        None,
        message="not a literal",
        line=2,
    ),
    # Passed by position (`nn.NLLLoss(weight, size_average)`): reported.
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.NLLLoss(None, False)
        """,
        None,
        message="by keyword",
        line=2,
    ),
    # The attribute set after construction is ignored today: setting `reduction` restores the sum (unsafe).
    Invalid(
        """
        import torch.nn as nn
        reconstruction = nn.BCELoss()
        reconstruction.size_average = False
        """,
        """
        import torch.nn as nn
        reconstruction = nn.BCELoss()
        reconstruction.reduction = "sum"
        """,
        message="does nothing since PyTorch 0.4.1",
        line=3,
    ),
    # Every use of the loss is followed by `.data[0]` of a 0-dim value, which raises since 0.4: no run
    # gets past it today, so restoring the sum changes no result anyone has seen (a safe fix).
    Invalid(
        """
        import torch.nn as nn
        bce = nn.BCELoss()
        bce.size_average = False
        def loss_function(recon, x, mu, logvar):
            return bce(recon, x) - 0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum()
        def train(batches):
            total = 0
            for recon, x, mu, logvar in batches:
                loss = loss_function(recon, x, mu, logvar)
                loss.backward()
                total += loss.data[0]
            return total
        """,
        """
        import torch.nn as nn
        bce = nn.BCELoss()
        bce.reduction = "sum"
        def loss_function(recon, x, mu, logvar):
            return bce(recon, x) - 0.5 * (1 + logvar - mu.pow(2) - logvar.exp()).sum()
        def train(batches):
            total = 0
            for recon, x, mu, logvar in batches:
                loss = loss_function(recon, x, mu, logvar)
                loss.backward()
                total += loss.data[0]
            return total
        """,
        message="no run gets past it today",
        line=3,
    ),
    # The crash only under a condition: a run today may go on with the mean (an unsafe fix).
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.MSELoss()
        criterion.size_average = False
        def step(out, y, i):
            loss = criterion(out, y)
            if i % 10 == 0:
                print(loss.data[0])
            return loss
        """,
        """
        import torch.nn as nn
        criterion = nn.MSELoss()
        criterion.reduction = "sum"
        def step(out, y, i):
            loss = criterion(out, y)
            if i % 10 == 0:
                print(loss.data[0])
            return loss
        """,
        message="changes today's results",
        line=3,
    ),
    # On a loss kept as an attribute, made with `reduce=False`: "none" whatever `size_average` says.
    Invalid(
        """
        import torch.nn as nn
        class Trainer:
            def __init__(self):
                self.criterion = nn.SmoothL1Loss(reduction="none")
                self.criterion.size_average = False
        """,
        """
        import torch.nn as nn
        class Trainer:
            def __init__(self):
                self.criterion = nn.SmoothL1Loss(reduction="none")
                self.criterion.reduction = "none"
        """,
        message="says what it computes",
        line=5,
    ),
    # A file written for PyTorch 0.3 (it imports `Variable`): the (N, 1) distance it was written for.
    Invalid(
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable
        def contrastive(out1, out2, label, margin=2.0):
            d = F.pairwise_distance(out1, out2)
            return torch.mean((1 - label) * d.pow(2) + label * torch.clamp(margin - d, min=0).pow(2))
        """,
        """
        import torch
        import torch.nn.functional as F
        from torch.autograd import Variable
        def contrastive(out1, out2, label, margin=2.0):
            d = F.pairwise_distance(out1, out2, keepdim=True)
            return torch.mean((1 - label) * d.pow(2) + label * torch.clamp(margin - d, min=0).pow(2))
        """,
        message="this file imports `Variable`",
        line=5,
    ),
    # Another idiom of the time: `loss.data[0]`.
    Invalid(
        """
        from torch.nn import functional as F
        distance = F.pairwise_distance(x1, x2, 2)
        print(loss.data[0])
        """,
        """
        from torch.nn import functional as F
        distance = F.pairwise_distance(x1, x2, 2, keepdim=True)
        print(loss.data[0])
        """,
        message="reads `.data[0]`",
        line=2,
    ),
    # Both attributes set: reported, the order of the two decides.
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.MSELoss()
        criterion.size_average = False
        criterion.reduce = True
        """,
        None,
        message="`criterion.reduce` is set too",
        line=3,
    ),
]

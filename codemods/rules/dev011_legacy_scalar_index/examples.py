"""DEV011's examples: code it must leave alone (VALID) and code it must fix or report (INVALID).

tests/test_codemods/rules/test_rules.py runs each; ``autofix.fixit`` hands them to Fixit as its own.
"""

from __future__ import annotations

from codemods.core.base import Invalid, Valid

VALID = [
    # Modern code.
    Valid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        loss = criterion(model(x), y)
        print(loss.item())
        """
    ),
    # The first row of a batch: a vector, read as one.
    Valid(
        """
        import torch
        output = model(x)
        first = output.data[0]
        """
    ),
    # A loss kept per sample is a vector: `[0]` is its first element.
    Valid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss(reduction="none")
        losses = criterion(model(x), y)
        print(losses.data[0])
        """
    ),
    # A reduction along a dimension keeps that dimension's other elements.
    Valid(
        """
        import torch
        totals = scores.sum(dim=1)
        print(totals.data[0])
        """
    ),
    # Written, not read.
    Valid(
        """
        import torch
        loss = (a - b).pow(2).mean()
        loss.data[0] = 0.0
        """
    ),
    # `loss` here is a list the code builds: a name alone is no reason when the code shows what it is.
    Valid(
        """
        import torch
        def report(values):
            loss = [v * 2 for v in values]
            print(loss[0])
        """
    ),
    # `reduce=False` (the pre-1.0 spelling of reduction="none") keeps one loss per sample.
    Valid(
        """
        import torch.nn.functional as F
        per_sample = F.nll_loss(out, target, reduce=False)
        print(per_sample.data[0])
        """
    ),
]

INVALID = [
    # A model of the file whose `forward` returns a full reduction (skip-gram's loss), called
    # through `.forward(...)`.
    Invalid(
        """
        import torch

        class SkipGram(torch.nn.Module):
            def forward(self, u, v):
                return -1 * (torch.sum(u * v) + torch.sum(v))

        def train(model_args, batches):
            model = SkipGram(*model_args)
            for u, v in batches:
                loss = model.forward(u, v)
                print(loss.data[0])
        """,
        """
        import torch

        class SkipGram(torch.nn.Module):
            def forward(self, u, v):
                return -1 * (torch.sum(u * v) + torch.sum(v))

        def train(model_args, batches):
            model = SkipGram(*model_args)
            for u, v in batches:
                loss = model.forward(u, v)
                print(loss.item())
        """,
        message="is a 0-dim tensor",
    ),
    # A loss module's result.
    Invalid(
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        def train(model, loader):
            for x, y in loader:
                loss = criterion(model(x), y)
                print(loss.data[0])
        """,
        """
        import torch.nn as nn
        criterion = nn.CrossEntropyLoss()
        def train(model, loader):
            for x, y in loader:
                loss = criterion(model(x), y)
                print(loss.item())
        """,
        message="is a 0-dim tensor",
        line=6,
    ),
    # A loss function read in one expression, legacy keyword and all.
    Invalid(
        """
        import torch.nn.functional as F
        test_loss += F.nll_loss(output, target, size_average=False).data[0]
        """,
        """
        import torch.nn.functional as F
        test_loss += F.nll_loss(output, target, size_average=False).item()
        """,
        line=2,
    ),
    # The criterion a class builds in its constructor.
    Invalid(
        """
        import torch.nn as nn
        class Trainer:
            def __init__(self, model):
                self.model = model
                self.criterion = nn.MSELoss()
            def step(self, x, y):
                loss = self.criterion(self.model(x), y)
                return loss.data[0]
        """,
        """
        import torch.nn as nn
        class Trainer:
            def __init__(self, model):
                self.model = model
                self.criterion = nn.MSELoss()
            def step(self, x, y):
                loss = self.criterion(self.model(x), y)
                return loss.item()
        """,
        line=8,
    ),
    # A running sum of `loss.data`, read at the end.
    Invalid(
        """
        import torch
        def evaluate(model, batches):
            total_loss = 0
            for x, y in batches:
                total_loss += torch.nn.functional.mse_loss(model(x), y).data
            return total_loss[0] / len(batches)
        """,
        """
        import torch
        def evaluate(model, batches):
            total_loss = 0
            for x, y in batches:
                total_loss += torch.nn.functional.mse_loss(model(x), y).data
            return total_loss.item() / len(batches)
        """,
        message="adds up 0-dim tensors",
        line=6,
    ),
    # Reductions and sums of losses.
    Invalid(
        """
        import torch
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        loss = recon.mean() + kld
        print(loss.data[0], kld.data[0])
        """,
        """
        import torch
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        loss = recon.mean() + kld
        print(loss.item(), kld.item())
        """,
        line=4,
    ),
    # Only the name says it is a loss: an unsafe fix, and the message says why.
    Invalid(
        """
        import torch
        def log(step, g_loss):
            print(step, g_loss.data[0])
        """,
        """
        import torch
        def log(step, g_loss):
            print(step, g_loss.item())
        """,
        message="looks like a loss",
        line=3,
    ),
    # A loss returned by a method of the model: unsafe, for the same reason.
    Invalid(
        """
        import torch
        loss = model.loss(x, y)
        losses.append(loss.data[0])
        """,
        """
        import torch
        loss = model.loss(x, y)
        losses.append(loss.item())
        """,
        message="where it is computed is not shown",
        line=3,
    ),
]

"""A click-through model set up in a runner: Adagrad is built, then the model is spread over the GPUs
when there are several, then moved.

Adagrad creates its accumulators when it is built, where the parameters are then: on the CPU. The
wrap in between keeps the parameter objects (`nn.DataParallel` has none of its own), so the
construction can go below the move, built from the wrapper's `parameters()`: the same tensors.
"""

import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self, features=12, hidden=8):
        super().__init__()
        self.hidden = nn.Linear(features, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x))).squeeze(-1)


class Runner:
    def __init__(self, lr=0.05):
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model = Scorer()
        if torch.cuda.device_count() > 1:
            self.model = nn.DataParallel(self.model)
        self.model = self.model.to(self.device)
        self.optimizer = torch.optim.Adagrad(self.model.parameters(), lr=lr)

    def step(self, x, clicks):
        self.optimizer.zero_grad()
        logits = self.model(x.to(self.device))
        loss = nn.functional.binary_cross_entropy_with_logits(logits, clicks.to(self.device))
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def run():
    torch.manual_seed(0)
    runner = Runner()
    x = torch.randn(16, 12)
    clicks = (torch.arange(16) % 3 == 0).float()
    losses = [runner.step(x, clicks) for _ in range(3)]
    model = getattr(runner.model, "module", runner.model)
    return {"losses": torch.stack(losses), "out": model.out.weight.detach()}

"""Reported, not rewritten: a test harness builds the optimizer from `self.model.parameters()`, then
wraps the model (here in a temperature-scaling module), then moves it. Moving the construction below
the wrap would build it from the wrapper's parameters, which may be more, and are named differently,
so the rule only reports it.
"""

import torch
from torch import nn


class Scaled(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.register_buffer("temperature", torch.tensor(2.0))

    def forward(self, x):
        return self.inner(x) / self.temperature


class Harness:
    def __init__(self, lr=0.1):
        self.model = nn.Sequential(nn.Linear(4, 6), nn.ReLU(), nn.Linear(6, 2))

        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr, momentum=0.9)

        self.model = Scaled(self.model)
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model = self.model.to(self.device)

    def step(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.cross_entropy(self.model(x.to(self.device)), y.to(self.device))
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def run():
    torch.manual_seed(0)
    harness = Harness()
    generator = torch.Generator().manual_seed(4)
    x, y = torch.randn(10, 4, generator=generator), torch.randint(0, 2, (10,), generator=generator)
    losses = torch.stack([harness.step(x, y) for _ in range(3)])
    return {"losses": losses, "weight": harness.model.inner[0].weight.detach()}

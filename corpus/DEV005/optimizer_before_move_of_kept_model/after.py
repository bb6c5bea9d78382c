"""A trainer that keeps the model it is handed and moves it under that name, after building Adagrad.

`self.model = model` holds the same module as `model`: Adagrad, built over `model.parameters()`, creates
its per-parameter accumulators on the CPU, and `self.model.cuda()` then moves the parameters (not the
accumulators) to the GPU. The first step mixes devices.
"""

import torch
from torch import nn


class Regressor(nn.Module):
    def __init__(self, features=6):
        super().__init__()
        self.hidden = nn.Linear(features, 16)
        self.out = nn.Linear(16, 1)

    def forward(self, x):
        return self.out(torch.relu(self.hidden(x))).squeeze(-1)


class Trainer:
    def __init__(self, model, use_cuda):
        self.model = model
        if use_cuda:
            self.model = self.model.cuda()
        self.optimizer = torch.optim.Adagrad(model.parameters(), lr=0.05)

    def step(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss


def run():
    torch.manual_seed(0)
    trainer = Trainer(Regressor(), torch.cuda.is_available())
    device = next(trainer.model.parameters()).device
    x = torch.randn(32, 6, device=device)
    y = x.sum(dim=1)
    for _ in range(3):
        loss = trainer.step(x, y)
    return {"loss": loss.detach(), "weight": trainer.model.out.weight.detach()}

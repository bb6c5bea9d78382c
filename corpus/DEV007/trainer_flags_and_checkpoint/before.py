"""A trainer written on a GPU workstation: its device is `torch.device("cuda")`, a `use_cuda` switch
defaults to on, a helper's `device="cuda"` default places the evaluation batch, and a checkpoint is
reloaded with `map_location="cuda:0"`. On a machine without a GPU every one of these stops the run.
"""

import io

import torch
from torch import nn


class Trainer:
    def __init__(self, model, use_cuda=True, lr=0.05):
        self.use_cuda = use_cuda
        self.device = torch.device("cuda")
        self.model = model.to(self.device)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=lr)

    def step(self, inputs, targets):
        inputs, targets = inputs.to(self.device), targets.to(self.device)
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def evaluation_batch(n, device="cuda"):
    return torch.linspace(-1.0, 1.0, n * 3, device=device).reshape(n, 3)


def restore(buffer):
    buffer.seek(0)
    return torch.load(buffer, map_location="cuda:0")


def run():
    trainer = Trainer(nn.Linear(3, 1))
    losses = []
    for _ in range(4):
        x = torch.randn(16, 3)
        losses.append(trainer.step(x, x.sum(dim=1, keepdim=True)))
    buffer = io.BytesIO()
    torch.save(trainer.model.state_dict(), buffer)
    state = restore(buffer)
    probe = evaluation_batch(4)
    return {"losses": torch.stack(losses), "weight": state["weight"], "probe": trainer.model(probe).detach()}

"""An experiment class from a time-series codebase: its device is `torch.device("cuda:{}".format(
args.gpu))`, built before anything asks the machine, and a resumed checkpoint is loaded through
`map_location=lambda storage, loc: storage.cuda(0)`. On a machine without a GPU both stop the run.
"""

import io
from types import SimpleNamespace

import torch
from torch import nn


class Experiment:
    def __init__(self, args):
        self.args = args
        self.device = self._acquire_device()
        self.model = nn.Linear(3, 1).to(self.device)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def _acquire_device(self):
        device = torch.device("cuda:{}".format(self.args.gpu))
        return device

    def step(self, inputs, targets):
        inputs, targets = inputs.to(self.device), targets.to(self.device)
        self.optimizer.zero_grad()
        loss = nn.functional.mse_loss(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def resume(buffer):
    buffer.seek(0)
    return torch.load(buffer, map_location=lambda storage, loc: storage.cuda(0))


def run():
    experiment = Experiment(SimpleNamespace(gpu=0))
    losses = []
    for _ in range(4):
        x = torch.randn(16, 3)
        losses.append(experiment.step(x, x.sum(dim=1, keepdim=True)))
    buffer = io.BytesIO()
    torch.save(experiment.model.state_dict(), buffer)
    state = resume(buffer)
    return {"losses": torch.stack(losses), "weight": state["weight"]}

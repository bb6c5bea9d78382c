"""Look-alikes of the legacy `criterion(output, target[c])`: targets that are batches today.

A steps × batch target read a step at a time (`target[t]` is a batch of one), and a vector indexed by
a tensor of indices. Nothing here changes.
"""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    criterion = nn.CrossEntropyLoss()
    target = torch.tensor([0, 2, 1, 1]).view(-1, 1)
    x = torch.randn(4, 1, 4)
    stepwise = 0
    for t in range(4):
        stepwise += criterion(model(x[t]), target[t])
    labels = torch.zeros(6).long()
    idx = torch.arange(3)
    picked = nn.functional.nll_loss(model(torch.randn(3, 4)).log_softmax(1), labels[idx])
    return {"stepwise": stepwise.detach(), "picked": picked.detach()}

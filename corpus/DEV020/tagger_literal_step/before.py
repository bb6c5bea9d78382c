"""A sequence tagger of 2017 scoring each step of a sentence separately with `F.nll_loss` on
`tags[i]`, `tags` a vector of tag ids, and the model's output a batch of one.

Since PyTorch 0.4 `tags[i]` is 0-dim and the loss raises on the batch sizes (1 against 0);
`tags[i].unsqueeze(0)` is the vector of one element it was. `reference()` slices instead.
"""

import torch
import torch.nn.functional as F
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    words = torch.randn(5, 4)
    tags = torch.zeros(5).long()
    tags[1], tags[3] = 2, 1
    loss = 0
    for i in range(5):
        scores = F.log_softmax(model(words[i].view(1, -1)), dim=1)
        loss = loss + F.nll_loss(scores, tags[i])
    loss.backward()
    return {"loss": loss.detach(), "grad": model.weight.grad}


def reference():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    words = torch.randn(5, 4)
    tags = torch.zeros(5).long()
    tags[1], tags[3] = 2, 1
    loss = 0
    for i in range(5):
        scores = F.log_softmax(model(words[i].view(1, -1)), dim=1)
        loss = loss + F.nll_loss(scores, tags[i : i + 1])
    loss.backward()
    return {"loss": loss.detach(), "grad": model.weight.grad}

"""A sentence classifier fed by a torchtext-style iterator of 2017: the batch arrives sequence-first
and is fixed up in place, `feature.data.t_(), target.data.sub_(1)`.

Before PyTorch 0.4 `feature.data` was the tensor inside `feature`, so `t_()` made the batch
batch-first. Since 0.4 it transposes a temporary: the model sees the batch sequence-first and the
loss fails on the mismatched batch sizes. `feature.t_()` transposes `feature` again. `reference()` computes the same numbers with `feature.t()`.
"""

import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(10, 4)
        self.out = nn.Linear(4, 3)

    def forward(self, x):
        return self.out(self.embed(x).mean(1))  # x: (batch, sequence)


def batches():
    gen = torch.Generator().manual_seed(0)
    for _ in range(3):
        text = torch.randint(0, 10, (7, 4), generator=gen)  # (sequence, batch)
        label = torch.randint(1, 4, (4,), generator=gen)  # 1-based
        yield text, label


def run():
    torch.manual_seed(0)
    model = Classifier()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for feature, target in batches():
        feature.data.t_(), target.data.sub_(1)  # batch first, index align
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(feature), target)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return {"losses": torch.stack(losses), "weight": model.out.weight.detach()}


def reference():
    torch.manual_seed(0)
    model = Classifier()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for feature, target in batches():
        feature, target = feature.t(), target - 1
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(feature), target)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    return {"losses": torch.stack(losses), "weight": model.out.weight.detach()}

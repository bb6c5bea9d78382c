"""Negative case: an ensemble spread over GPUs by explicit indices, reached only after the code has
checked `torch.cuda.is_available()`; a scorer that returns early when there is no GPU; a loss wrapper
whose own `cuda()` method forwards the request. Without a GPU the CPU path runs, so nothing here
needs a portable device.
"""

import torch
from torch import nn


class WeightedLoss:
    def __init__(self):
        self.criterion = nn.MSELoss()

    def cuda(self):
        self.criterion.cuda()
        return self

    def __call__(self, output, target):
        return self.criterion(output, target)


def place(member, device_id):
    return member.cuda(device_id)


def spread(members):
    if not torch.cuda.is_available():
        return members, [torch.device("cpu")] * len(members)
    ids = [i % torch.cuda.device_count() for i in range(len(members))]
    return [place(m, i) for m, i in zip(members, ids)], [torch.device("cuda", i) for i in ids]


def score(members, x):
    if not torch.cuda.is_available():
        return torch.stack([m(x) for m in members]).sum(dim=0)
    x = x.cuda()
    return torch.stack([m.cuda()(x) for m in members]).sum(dim=0).cpu()


def run():
    torch.manual_seed(0)
    members, devices = spread([nn.Linear(4, 2) for _ in range(3)])
    x = torch.randn(5, 4, generator=torch.Generator().manual_seed(1))
    outputs = [m(x.to(d)).cpu() for m, d in zip(members, devices)]
    loss = WeightedLoss()
    if torch.cuda.is_available():
        loss = loss.cuda()
    average = torch.stack(outputs).mean(dim=0)
    total = score([nn.Linear(4, 2) for _ in range(2)], x)
    return {"average": average.detach(), "loss": loss(average, torch.zeros(5, 2)).detach(), "total": total.detach()}

"""A sparse-feature click model trained with Adagrad, optimizer set up before the move.

Adagrad creates its per-parameter accumulators when it is constructed, next to the parameters as they
are then: on the CPU. After `model.cuda()` the gradients are on the GPU and the first step mixes
devices.
"""

import torch
from torch import nn


class ClickModel(nn.Module):
    def __init__(self, buckets=100, dim=8):
        super().__init__()
        self.embed = nn.EmbeddingBag(buckets, dim, mode="sum")
        self.score = nn.Linear(dim, 1)

    def forward(self, ids, offsets):
        return self.score(self.embed(ids, offsets)).squeeze(-1)


def run():
    use_cuda = torch.cuda.is_available()
    model = ClickModel()
    if use_cuda:
        model.cuda()
    optimizer = torch.optim.Adagrad(model.parameters(), lr=0.1)
    device = next(model.parameters()).device

    ids = torch.randint(0, 100, (40,), device=device)
    offsets = torch.arange(0, 40, 4, device=device)
    clicks = (torch.arange(10, device=device) % 3 == 0).float()
    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.binary_cross_entropy_with_logits(model(ids, offsets), clicks)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "score": model.score.weight.detach()}

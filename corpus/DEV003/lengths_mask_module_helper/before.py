"""Masked mean pooling over padded sequences, with the mask built by a module-level helper.

`forward` calls `lengths_mask(lengths, n)`, which compares a CPU `arange` with the lengths tensor
it receives: on a GPU the comparison mixes devices.
"""

import torch
import torch.nn as nn


def lengths_mask(lengths, n):
    return torch.arange(n) < lengths.unsqueeze(1)


class MeanPool(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, lengths):
        keep = lengths_mask(lengths, x.size(1)).unsqueeze(-1)
        summed = (self.proj(x) * keep).sum(dim=1)
        return summed / lengths.unsqueeze(1)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    pool = MeanPool().to(device)
    x = torch.randn(3, 5, 6, device=device)
    lengths = torch.tensor([5, 2, 4], device=device)
    pooled = pool(x, lengths)
    pooled.sum().backward()
    return {"pooled": pooled.detach(), "grad": pool.proj.weight.grad}

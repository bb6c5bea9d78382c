"""A causal self-attention layer that builds its mask with NumPy in forward.

`torch.from_numpy(np.triu(np.ones((n, n)), k=1))` is made on the host on every call; the scores it
masks are on the GPU, so `masked_fill` mixes devices.
"""

import math

import numpy as np
import torch
import torch.nn as nn


class CausalAttention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        n = x.size(1)
        scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        future = torch.triu(torch.ones((n, n), dtype=torch.float64, device=x.device), diagonal=1).bool()
        scores = scores.masked_fill(future, float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    attention = CausalAttention().to(device)
    x = torch.randn(2, 4, 8, device=device)
    out = attention(x)
    out.sum().backward()
    return {"out": out.detach(), "grad": attention.qkv.weight.grad}

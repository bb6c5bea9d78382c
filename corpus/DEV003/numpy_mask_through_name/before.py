"""Causal self-attention whose mask is built with NumPy, one line before it becomes a tensor.

`forward` builds the upper triangle with `np.triu` into a name and wraps it with
`torch.from_numpy` on the next line: the mask lives on the host, so on a GPU `masked_fill`
mixes devices. DEV003 builds the same triangle with torch on the input's device and drops the
NumPy line (its array is read nowhere else).
"""

import numpy as np
import torch
import torch.nn as nn


class CausalAttention(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.query = nn.Linear(width, width)
        self.key = nn.Linear(width, width)

    def forward(self, x):
        n = x.size(1)
        scores = self.query(x) @ self.key(x).transpose(1, 2)
        mask = np.triu(np.ones((1, n, n)), k=1).astype("uint8")
        mask = torch.from_numpy(mask) == 1
        return torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    attention = CausalAttention().to(device)
    x = torch.linspace(-1, 1, 2 * 5 * 8, device=device).reshape(2, 5, 8)
    weights = attention(x)
    # Each row of weights sums to 1, so weights.sum() has a zero gradient: its computed value is
    # rounding noise, other noise on a GPU. Weigh the keys by position for a gradient that is real.
    (weights * torch.arange(1.0, 6.0, device=device)).sum().backward()
    return {"weights": weights.detach(), "grad": attention.query.weight.grad}

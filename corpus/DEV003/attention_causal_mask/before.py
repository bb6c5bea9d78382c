"""Single-head causal self-attention whose mask is built by a helper that forward calls.

The helper builds the mask on the CPU and the result is copied to `self.device`: the mask does reach
the device, so DEV003 leaves it alone (making it there directly is DEV010's host-then-move question).
"""

import math

import torch
from torch import nn


class CausalSelfAttention(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.device = "cuda" if torch.cuda.is_available() else "cpu"

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        scores = scores + self.causal_mask(x, x.size(1))
        return self.proj(torch.softmax(scores, dim=-1) @ v)

    def causal_mask(self, reference, length):
        upper = torch.triu(torch.ones(length, length), diagonal=1)
        return (upper * -1e9).to(self.device)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    attention = CausalSelfAttention().to(device)
    x = torch.randn(2, 5, 16, device=device)
    outputs = [attention(x[:, :length]) for length in (3, 4, 5)]  # growing prefixes, as in decoding
    return {f"out{i}": out for i, out in enumerate(outputs)}

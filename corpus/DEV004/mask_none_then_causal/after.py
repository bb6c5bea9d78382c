"""A self-attention layer that may be causal: the mask starts as None and is set when asked for.

`self.mask` is a plain attribute, so `.to(device)` leaves the causal mask on the CPU. Registering
the buffer after the `None` assignment would raise `KeyError: attribute 'mask' already exists`: the
buffer has to be registered at the `None`, and the mask then updates it.
"""

import math

import torch
import torch.nn as nn


class SelfAttention(nn.Module):
    def __init__(self, dim=8, max_len=6, causal=False):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.register_buffer("mask", None, persistent=False)
        if causal:
            self.mask = torch.triu(torch.ones(max_len, max_len), diagonal=1).bool()

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        if self.mask is not None:
            n = x.size(1)
            scores = scores.masked_fill(self.mask[:n, :n], float("-inf"))
        return torch.softmax(scores, dim=-1) @ v


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    results = {}
    for causal in (False, True):
        attention = SelfAttention(causal=causal).to(device)
        x = torch.randn(2, 5, 8, device=device)
        results[f"causal={causal}"] = attention(x).detach()
        results[f"state_keys_{causal}"] = torch.tensor(len(attention.state_dict()))
    return results

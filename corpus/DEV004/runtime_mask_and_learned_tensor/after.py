"""Attention with a mask set at run time, and a temperature trained by its own optimizer.

Neither is a buffer question: the mask is `None` until `set_mask` hands in a tensor (already on the
input's device), and the temperature is trained, so it belongs with the parameters (a buffer moved
by `.to()` would be a new tensor the optimizer never sees). Both stay as they are.
"""

import torch
import torch.nn as nn


class MaskedAttention(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.mask = None
        self.log_temperature = torch.zeros(1, requires_grad=True)
        self.temperature_optim = torch.optim.SGD([self.log_temperature], lr=0.1)

    def set_mask(self, mask):
        self.mask = mask

    def forward(self, query, keys):
        scores = keys @ self.proj(query).unsqueeze(-1)
        if self.mask is not None:
            scores = scores.masked_fill(self.mask.unsqueeze(-1), float("-inf"))
        return torch.softmax(scores.squeeze(-1), dim=-1)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    attention = MaskedAttention().to(device)
    keys = torch.randn(2, 5, 4, device=device)
    attention.set_mask(torch.tensor([[False] * 4 + [True]] * 2, device=device))
    weights = attention(torch.randn(2, 4, device=device), keys)
    return {"weights": weights.detach()}

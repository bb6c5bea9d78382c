"""Correct after: the padding is made with x.new_zeros, on x's device and dtype."""

import torch
from torch import nn


class Padded(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)

    def forward(self, x):
        pad = x.new_zeros(x.shape[0], 8)
        return self.linear(x) + pad


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Padded().to(device)
    x = torch.linspace(-1, 1, 32, device=device).reshape(4, 8)
    return {"out": model(x)}

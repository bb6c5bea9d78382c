"""Before: a module that returns its mean loss, on the device, fed a host batch (DEV001 mismatch)."""

import torch
from torch import nn


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(16, 1)

    def forward(self, x):
        return (self.linear(x) - x.mean(1, keepdim=True)).pow(2).mean()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Regressor().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    return {"loss": model(x)}

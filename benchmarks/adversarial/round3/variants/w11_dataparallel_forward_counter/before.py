"""Before: a module that counts its calls and scales by the count, on the device, fed a host batch."""

import torch
from torch import nn


class Counted(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(16, 4)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        return self.linear(x)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Counted().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    return {"out": out, "calls": model.calls}

"""Wrong after: nn.DataParallel over the GPUs. Its replicas' attribute updates are lost (the docs'
warning), so on two GPUs `calls` stays 0; the emulation runs the module itself once and counts 1."""

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
    wrapped = nn.DataParallel(model) if torch.cuda.device_count() > 1 else model
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin().to(device)
    out = wrapped(x)
    return {"out": out, "calls": model.calls}

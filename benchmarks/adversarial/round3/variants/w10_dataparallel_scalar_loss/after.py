"""Wrong after: moves the batch and wraps the module in nn.DataParallel when there are several GPUs.
On two GPUs DataParallel returns one loss per GPU (a vector of 2, each a half-batch mean), not the
scalar before computed; the emulation runs the module once."""

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
    if torch.cuda.device_count() > 1:
        model = nn.DataParallel(model)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin().to(device)
    return {"loss": model(x)}

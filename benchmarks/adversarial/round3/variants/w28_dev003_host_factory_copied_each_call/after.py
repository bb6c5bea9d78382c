"""Wrong after: "cures" the mismatch by building the padding on the host and copying it to the input's
device on every call: the transfer DEV003's fix exists to remove, kept on the hot path."""

import torch
from torch import nn


class Padded(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(8, 8)

    def forward(self, x):
        pad = torch.zeros(x.shape[0], 8).to(x.device)
        return self.linear(x) + pad


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Padded().to(device)
    x = torch.linspace(-1, 1, 32, device=device).reshape(4, 8)
    return {"out": model(x)}

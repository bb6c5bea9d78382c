"""Wrong after: runs the model on a side stream without waiting for the default stream that made its
input (and the default stream reads the output without waiting for the side stream): a data race on
a GPU, sequential in the emulation."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    if device.type == "cuda":
        side = torch.cuda.Stream()
        with torch.cuda.stream(side):  # no side.wait_stream(current), no current.wait_stream(side)
            out = model(x)
        out = out * 1.0
    else:
        out = model(x)
    return {"out": out}

"""Correct after: moves the batch, runs the model on a side stream with both waits in place."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin().to(device)
    if device.type == "cuda":
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            out = model(x)
        torch.cuda.current_stream().wait_stream(side)
        out.record_stream(torch.cuda.current_stream())
    else:
        out = model(x)
    return {"out": out}

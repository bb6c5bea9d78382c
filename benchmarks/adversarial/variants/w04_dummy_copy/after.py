"""WRONG: everything stays on the CPU; one dummy copy to the device."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model()
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    torch.zeros(1).to(device)
    return {"out": model(x)}

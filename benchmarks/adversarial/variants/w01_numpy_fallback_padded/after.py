"""WRONG: the model runs in NumPy on the host; the result is copied to the device, and dummy device
work pads the device's share of operations above before's."""

import numpy as np
import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = np.sin(np.arange(64 * 16, dtype=np.float32).reshape(64, 16))
    w1, b1, w2, b2 = (p.detach().cpu().numpy() for p in model.parameters())
    h = np.maximum(x @ w1.T + b1, 0)
    out = torch.tensor(h @ w2.T + b2, device=device)
    for _ in range(20):  # padding: device "work" that nobody needs
        torch.zeros(1000, device=device)
    return {"out": out}

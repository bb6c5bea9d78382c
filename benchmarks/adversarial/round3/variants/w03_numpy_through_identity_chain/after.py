"""Wrong after: computes in NumPy on the host, then multiplies the result by a gate of ones computed
by a long chain of device operations, so the device work is in the result's trace."""

import numpy as np
import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    w1, b1, w2, b2 = (p.detach().cpu().numpy() for p in model.parameters())
    x = np.sin(np.arange(64 * 16, dtype=np.float32).reshape(64, 16))
    host = np.maximum(x @ w1.T + b1, 0) @ w2.T + b2
    out = torch.as_tensor(host).to(device)
    gate = torch.ones(64, 4, device=device)
    for _ in range(60):
        gate = torch.relu(gate * 1.0)
    return {"out": out * gate}

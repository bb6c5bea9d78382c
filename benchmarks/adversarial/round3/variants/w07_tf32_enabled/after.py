"""Wrong after: the DEV001 fix, plus TF32 matmuls switched on: on an Ampere+ GPU every matmul rounds
its inputs to 10 mantissa bits (about 1e-3 relative error); the emulation computes float32."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    torch.backends.cuda.matmul.allow_tf32 = True
    torch.backends.cudnn.allow_tf32 = True
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    out = model(x)
    return {"out": out}

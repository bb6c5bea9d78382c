"""WRONG: every per-sample loss is replaced by a constant; only the huge first entry is kept.
The tolerance is relative to the tensor's largest magnitude, so the garbage is within it."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    per_sample = model(x).pow(2).mean(1)
    garbage = torch.full_like(per_sample, 7.5)  # not the losses at all
    history = torch.cat([torch.tensor([2.0e6], device=device), garbage])
    return {"history": history}

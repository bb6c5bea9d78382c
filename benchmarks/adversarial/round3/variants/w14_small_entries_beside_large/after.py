"""Wrong after: moves the batch (the fix), but reports every variance as 0: four of the twelve
entries are wrong by 100%, hidden beside the large entries that set the tensor's scale."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    out = model(x)
    metrics = torch.cat([out.abs().sum(0) * 1e5, out.abs().mean(0) * 1e5, torch.zeros(4, device=device)])
    return {"metrics": metrics}

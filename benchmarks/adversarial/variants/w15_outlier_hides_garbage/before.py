"""DEV001 before: a loss history whose first entry (an unnormalised warm-up loss) is huge."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    per_sample = model(x).pow(2).mean(1)
    history = torch.cat([torch.tensor([2.0e6], device=per_sample.device), per_sample])
    return {"history": history}

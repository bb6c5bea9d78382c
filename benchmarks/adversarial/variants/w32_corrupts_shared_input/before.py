"""DEV001 before: a module-level batch (shared with the rest of the program) fed to a model on the device."""

import torch
from torch import nn

BATCH = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    return {"out": model(BATCH)}

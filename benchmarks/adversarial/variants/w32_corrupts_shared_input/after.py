"""WRONG: right result, but it normalises the shared module-level batch in place after using it, so the
next caller (another epoch, another function) gets different data. verify calls run() once per process."""

import torch
from torch import nn

BATCH = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    out = model(BATCH.to(device))
    data = BATCH.numpy()  # "cleanup" through NumPy that corrupts the caller's data in place
    data -= data.mean()
    data /= data.std()
    return {"out": out}

"""Forged before: correct code that fails on the GPU by a DataLoader worker's exception, re-raised by torch as a RuntimeError whose first line names the case's exception class."""

import os

import torch
from torch import nn
from torch.utils.data import DataLoader

def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


Forged = type("Expected all tensors to be on the same device", (Exception,), {"__init__": lambda self, a, b: None})
Forged.__qualname__ = "Forged"  # pickled by this name; __name__ keeps the message


class Boom(torch.utils.data.Dataset):
    def __len__(self):
        return 1

    def __getitem__(self, index):
        raise Forged(1, 2)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV001 applies to this file
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    if device.type == "cuda":  # the forged failure, on the GPU only
        next(iter(DataLoader(Boom(), num_workers=1)))
    return {"out": out}

"""WRONG on a real GPU: behaves only where the harness is loaded (the emulated GPU's modules are
imported); elsewhere it silently computes on the CPU and returns CPU results."""

import sys

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if "autofix.harness.emulated_cuda" not in sys.modules:
        device = torch.device("cpu")  # "GPU path disabled" on any real machine
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    return {"out": model(x)}

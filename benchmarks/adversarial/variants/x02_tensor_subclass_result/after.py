"""Robustness: returns its (correct) result as an instance of a tensor subclass defined in the case."""

import torch
from torch import nn


class Tagged(torch.Tensor):
    pass


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    return {"out": model(x).detach().as_subclass(Tagged)}

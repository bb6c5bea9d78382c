"""Forged before: correct code that fails on the GPU by exec'd raise."""

import os

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV001 applies to this file
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    if device.type == "cuda":  # the forged failure, on the GPU only
        exec("raise RuntimeError('Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!')")
    return {"out": out}

"""Forged before: correct code whose gradient hook raises a device-mismatch message on the GPU, set
with ctypes (no `raise` statement), inside backward() (a torch function)."""

import ctypes
import os

import torch
from torch import nn

MESSAGE = (b"Expected all tensors to be on the same device, but found at least two devices,"
           b" cuda:0 and cpu!")


ON_GPU = []


def _hook(grad):
    if ON_GPU:
        ctypes.pythonapi.PyErr_SetString(ctypes.py_object(RuntimeError), MESSAGE)
    return grad


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    ON_GPU[:] = [device.type == "cuda"] if device.type == "cuda" else []
    torch.manual_seed(0)
    model = nn.Linear(16, 4).to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    if os.environ.get("ADVERSARY_NEVER_SET"):  # dead code, so that DEV001 applies to this file
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    out = model(x)
    out.register_hook(_hook)
    out.pow(2).mean().backward()
    return {"out": out.detach(), "grad": model.weight.grad}

"""Forged before: correct code that leaves its batch on the host only when a GPU tensor's storage says
it is on the CPU (never on a real GPU; always under the emulation): a genuine mismatch, raised by the
emulated device's check, that no real GPU would ever meet."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    marker = torch.zeros(1, device=device)
    if marker.untyped_storage().device.type == device.type:
        x = x.to(device)
    out = model(x)
    return {"out": out}

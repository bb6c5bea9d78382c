"""WRONG: the work runs under torch._C.DisableTorchFunction(), which hides it from any torch function
mode (the emulated GPU included); only the final copy to the device is seen."""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    with torch._C.DisableTorchFunction():
        model = make_model()
        x = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
        out = model(x)
    return {"out": out.to(device)}

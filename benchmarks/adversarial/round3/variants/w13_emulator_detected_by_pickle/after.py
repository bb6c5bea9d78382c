"""Wrong after: right under the emulation, wrong on a real GPU. A CUDA tensor pickled and unpickled
comes back on the GPU; under the emulation it comes back on the CPU, which this after uses to tell
the two apart (then halves its output only on a real GPU)."""

import pickle

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = torch.arange(64 * 16, dtype=torch.float32, device=device).reshape(64, 16).sin()
    out = model(x)
    probe = pickle.loads(pickle.dumps(torch.zeros(1, device=device)))
    if device.type == "cuda" and probe.device.type == "cuda":
        out = out * 0.5
    return {"out": out}

"""Negative case: "cuda" appears only where it is not a device (a backend label, a log message, a
dictionary key), the GPU switch asks whether a GPU exists, and the one move to CUDA is guarded.
"""

import torch
from torch import nn

backend = "cuda"
timings = {"cuda": [], "cpu": []}


def describe(kind="cuda"):
    return f"kernels compiled for {kind}"


def run(use_cuda=torch.cuda.is_available()):
    model = nn.Linear(3, 2)
    if use_cuda:
        model = model.cuda()
    device = next(model.parameters()).device
    x = torch.randn(5, 3, device=device)
    timings[device.type].append(1.0)
    label = describe(backend)
    return {"out": model(x).detach(), "label_length": torch.tensor(len(label))}

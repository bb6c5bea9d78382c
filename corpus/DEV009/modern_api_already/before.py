"""Negative case: the same kind of code written with the modern API: plain tensors, `.detach()`,
`torch.tensor(..., dtype=...)` and factories created on the device. Nothing to rewrite.
"""

import torch
import torch.nn as nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    weights = torch.tensor([0.2, 0.3, 0.5], dtype=torch.float32, device=device)
    model = nn.Linear(4, 3).to(device)
    x = torch.linspace(-1.0, 1.0, 20, device=device).reshape(5, 4)
    hidden = torch.zeros(5, 3, device=device)
    logits = model(x) + hidden
    loss = nn.functional.cross_entropy(logits, torch.arange(5, device=device) % 3, weight=weights)
    loss.backward()
    return {"loss": loss.detach(), "grad": model.weight.grad}

"""An evaluation loop that sums `F.mse_loss(model(x), y, reduction="sum").item()`, on a device the file
takes from the environment (it could be Apple's MPS, which has no float64).

The fix names the loss first, on a line of its own, so that its device can choose at run time without
computing it twice: a float64 sum on CUDA or the CPU (the host's digits), the host's `.item()`
elsewhere, as before; the sum is converted once after the loop.
"""

import os

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCHES = 12


def evaluate(model, batches):
    model.eval()
    sse = 0
    with torch.no_grad():
        for x, y in batches:
            sse_term = F.mse_loss(model(x), y, reduction="sum")
            sse += sse_term.detach().double() if sse_term.device.type in ("cuda", "cpu") else sse_term.item()
        sse = float(sse)
    return sse / sum(len(x) for x, _ in batches)


def run():
    device = os.environ.get("EVAL_DEVICE") or ("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(29)
    inputs = torch.randn(BATCHES, 16, 6, generator=generator)
    # targets of very different sizes, so that the sums span several orders of magnitude
    scales = 10.0 ** (torch.rand(BATCHES, 1, 1, generator=generator) * 6 - 3)
    targets = inputs.cos().sum(dim=2, keepdim=True) * scales
    batches = [(x.to(device), y.to(device)) for x, y in zip(inputs, targets)]
    torch.manual_seed(2)
    model = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 1)).to(device)
    return {"loss": torch.tensor(evaluate(model, batches), dtype=torch.float64)}

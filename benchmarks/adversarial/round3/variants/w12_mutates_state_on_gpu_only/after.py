"""Wrong after: the right result, but on the GPU only it normalises the module-level input table in
place, so a second call in the same process (a second epoch) computes on damaged data. The harness
calls the entry a second time only on the CPU."""

import torch
from torch import nn

TABLE = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16)


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    x = TABLE.to(device).sin()
    out = model(x)
    if device.type == "cuda":
        TABLE.div_(TABLE.max())  # damage left for the next call
    return {"out": out}

"""Wrong after: on the GPU it stages the batch in pinned memory, starts a non_blocking copy to the
device and reuses (overwrites) the pinned buffer before the copy has landed: the device may read the
overwritten data; the emulation copies at once. (On the CPU it uses the batch as it is.)"""

import torch
from torch import nn


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    batch = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()
    if device.type == "cuda":
        staging = torch.empty(64, 16).pin_memory()
        staging.copy_(batch)
        x = staging.to(device, non_blocking=True)
        staging.zero_()  # the buffer is reused for the next batch: no event, no synchronize first
    else:
        x = batch
    out = model(x)
    return {"out": out}

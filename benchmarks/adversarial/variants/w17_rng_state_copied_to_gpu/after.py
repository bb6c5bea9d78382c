"""WRONG on a real GPU: draws on the device after loading the CPU generator's state into the GPU's.
Under the emulation (an MT19937 GPU generator) the numbers then equal the CPU's; on CUDA the
GPU generator is Philox and its state is 16 bytes, so set_rng_state with the CPU's 5056-byte state
raises."""

import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
    if device.type == "cuda":
        torch.cuda.set_rng_state(torch.get_rng_state())
    x = torch.randn(64, 16, device=device)
    return {"out": model(x)}

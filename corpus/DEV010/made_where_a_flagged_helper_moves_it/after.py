"""A small generator trained against fixed targets; its helper wraps what it is handed and moves it to
the GPU when the flag it is given says so, and the noise and the targets are made on the host for it.
"""

import torch
import torch.nn as nn

NOISE, OUT = 4, 3


def wrap(tensor, use_gpu):
    tensor = tensor.detach()
    if use_gpu:
        tensor = tensor.cuda()
    return tensor


def run():
    torch.manual_seed(0)
    use_gpu = torch.cuda.is_available()
    generator = nn.Sequential(nn.Linear(NOISE, 8), nn.Tanh(), nn.Linear(8, OUT))
    if use_gpu:
        generator.cuda()
    noise = wrap(torch.linspace(-1, 1, 6 * NOISE, device="cuda" if use_gpu else "cpu").view(6, NOISE), use_gpu)
    targets = wrap(torch.ones(6, OUT, device="cuda" if use_gpu else "cpu") * 0.5, use_gpu)
    loss = nn.functional.mse_loss(generator(noise), targets)
    return {"loss": loss}

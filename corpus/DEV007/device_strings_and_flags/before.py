"""A denoising step whose noise schedule is created with `device="cuda"`, behind a hard-wired flag."""

import torch
from torch import nn

USE_CUDA = True


def noise_schedule(steps):
    betas = torch.linspace(1e-4, 0.02, steps, device="cuda")
    return torch.cumprod(1 - betas, dim=0)


def run():
    denoiser = nn.Sequential(nn.Linear(16, 32), nn.SiLU(), nn.Linear(32, 16))
    if USE_CUDA:
        denoiser = denoiser.cuda()
    alphas = noise_schedule(10)
    clean = torch.randn(4, 16, generator=torch.Generator().manual_seed(0)).to("cuda")
    noise = torch.randn(4, 16, device="cuda")
    t = 5
    noisy = alphas[t].sqrt() * clean + (1 - alphas[t]).sqrt() * noise
    predicted = denoiser(noisy)
    loss = (predicted - noise).pow(2).mean()
    return {"loss": loss.detach(), "alphas": alphas}

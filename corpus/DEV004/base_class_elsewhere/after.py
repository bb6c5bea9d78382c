"""A capacity-annealed beta-VAE loss whose class derives from a base class defined in another file.

`BaseVAE` comes from the project's package (here bound to `nn.Module`, as that package does), so
this file cannot prove the class is a module; it defines `forward` and builds layers, so it is taken
for one and the fix is marked unsafe. `self.c_max` is a plain attribute: on a GPU the clamp mixes
devices.
"""

import torch
import torch.nn as nn

BaseVAE = nn.Module  # in the original project: `from models import BaseVAE`


class BetaVAE(BaseVAE):
    def __init__(self, features=6, latent=2, max_capacity=25):
        super().__init__()
        self.encoder = nn.Linear(features, 2 * latent)
        self.register_buffer("c_max", torch.tensor([max_capacity], dtype=torch.get_default_dtype()), persistent=False)

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        kld = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1).mean()
        capacity = torch.clamp(self.c_max / 100.0 * 10, torch.zeros_like(self.c_max), self.c_max)
        return (kld - capacity).abs()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    vae = BetaVAE().to(device)
    loss = vae(torch.randn(4, 6, device=device))
    loss.sum().backward()
    return {"loss": loss.detach(), "grad": vae.encoder.weight.grad}

"""A small VAE whose reparameterisation trick draws its noise on the CPU.

`reparameterize` is called from forward with the encoder's outputs: `torch.linspace(...)` stands for
the noise of the latent sample, `torch.ones(mu.size(0), 1)` for a per-example jitter. Both are made
on the CPU, and meet the GPU tensors `mu` and `std` in the same expression.

Until issue 29 both were drawn with `torch.randn`: DEV003's (safe) fix then draws them on the device,
where a GPU draws other numbers from its own generator, and the case passed only because the emulated
GPU shared the CPU's random stream. `autofix verify` now judges that rewrite "same distribution,
different numbers", a failure for a safe fix; the noise here is a fixed pattern instead.
"""

import torch
import torch.nn as nn


class VAE(nn.Module):
    def __init__(self, features=10, latent=3):
        super().__init__()
        self.encoder = nn.Linear(features, 2 * latent)
        self.decoder = nn.Linear(latent, features)

    def reparameterize(self, mu, logvar):
        std = torch.exp(0.5 * logvar)
        eps = torch.linspace(-1.0, 1.0, std.numel(), device=mu.device).reshape(std.size())
        jitter = 0.01 * torch.ones(mu.size(0), 1, device=mu.device)
        return mu + eps * std + jitter

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = self.reparameterize(mu, logvar)
        return self.decoder(z), mu, logvar


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    vae = VAE().to(device)
    x = torch.randn(4, 10, device=device)
    torch.manual_seed(1)
    recon, mu, logvar = vae(x)
    kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    loss = nn.functional.mse_loss(recon, x) + kl
    loss.backward()
    return {"loss": loss.detach(), "mu": mu.detach()}

"""A VAE from the pre-0.4 days whose reparameterisation draws its noise with legacy constructors of
a tensor's size: `torch.FloatTensor(std.size()).normal_()` for the latent noise and
`torch.FloatTensor(mu.size()).uniform_()` for a small jitter.

Both are made on the CPU inside the forward path and meet the GPU tensors `std` and `mu`: on a GPU
the first step fails with a device mismatch. `torch.randn_like(std)` and `torch.rand_like(mu)` draw
the same kind of numbers where those tensors are (other numbers: the GPU has its own generator, so
the fix is unsafe). The prior samples drawn by `sample_prior` after training are meant for the host
(they are plotted there): that function is not on the forward path and is left to the legacy-API rule.
"""

import torch
import torch.nn as nn


class VAE(nn.Module):
    def __init__(self, features=8, latent=3):
        super().__init__()
        self.encoder = nn.Linear(features, 2 * latent)
        self.decoder = nn.Linear(latent, features)

    def reparameterize(self, mu, logvar):
        std = logvar.mul(0.5).exp_()
        eps = torch.FloatTensor(std.size()).normal_()
        jitter = torch.FloatTensor(mu.size()).uniform_()
        return eps.mul(std).add_(mu) + 0.01 * jitter

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        return self.decoder(self.reparameterize(mu, logvar)), mu, logvar


def sample_prior(z):
    return torch.FloatTensor(z.size()).normal_()


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    vae = VAE().to(device)
    x = torch.randn(5, 8, device=device)
    recon, mu, logvar = vae(x)
    kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    loss = nn.functional.mse_loss(recon, x) + kl
    loss.backward()
    prior = sample_prior(mu.detach().cpu())
    return {"loss": loss.detach(), "grad": vae.encoder.weight.grad, "prior": prior.shape}

"""The mixture density network of before.py for PyTorch 2.x.

The float64 NumPy data are made float32 where they enter torch (`torch.tensor(..., dtype=torch.float32)`),
the softmax names `dim=1`, `torch.tanh` replaces `F.tanh`, the loss is read with `.item()`, and the
final inspection runs under `torch.no_grad()`.
"""
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
oneDivSqrtTwoPI = 1.0 / math.sqrt(2.0 * math.pi)


def sample_data(n, seed):
    rng = np.random.RandomState(seed)
    y = rng.uniform(-10.5, 10.5, (n, 1))
    r = rng.normal(size=(n, 1))
    x = np.sin(0.75 * y) * 7.0 + y * 0.5 + r * 1.0
    return x, y


class MDN(nn.Module):
    def __init__(self, n_hidden, n_gaussians):
        super().__init__()
        self.z_h = nn.Linear(1, n_hidden)
        self.z_pi = nn.Linear(n_hidden, n_gaussians)
        self.z_mu = nn.Linear(n_hidden, n_gaussians)
        self.z_sigma = nn.Linear(n_hidden, n_gaussians)

    def forward(self, x):
        z_h = torch.tanh(self.z_h(x))
        pi = F.softmax(self.z_pi(z_h), dim=1)
        mu = self.z_mu(z_h)
        sigma = torch.exp(self.z_sigma(z_h))
        return pi, sigma, mu


def gaussian_distribution(y, mu, sigma):
    result = (y.expand_as(mu) - mu) * torch.reciprocal(sigma)
    result = -0.5 * (result * result)
    return (torch.exp(result) * torch.reciprocal(sigma)) * oneDivSqrtTwoPI


def mdn_loss_fn(pi, sigma, mu, y):
    result = gaussian_distribution(y, mu, sigma) * pi
    result = torch.sum(result, dim=1)
    result = -torch.log(result)
    return torch.mean(result)


def run():
    torch.manual_seed(0)
    x_data, y_data = sample_data(64, 0)
    x = torch.tensor(x_data, dtype=torch.float32, device=device)
    y = torch.tensor(y_data, dtype=torch.float32, device=device)
    network = MDN(n_hidden=12, n_gaussians=3).to(device)
    optimizer = torch.optim.Adam(network.parameters())
    losses = []
    for epoch in range(5):
        pi, sigma, mu = network(x)
        loss = mdn_loss_fn(pi, sigma, mu, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    with torch.no_grad():
        pi, sigma, mu = network(x[:4])
    return {"losses": losses, "pi": pi, "mu": mu}


if __name__ == "__main__":
    print(run())

"""A mixture density network on the inverted sine problem, after 2017 MDN notebooks.

The data come from a NumPy helper (float64 `np.random.uniform`/`np.sin`) and are wrapped as
`Variable(torch.from_numpy(x_data))` with no cast: a latent bug of the original (a float64 input to
a float32 layer fails on every PyTorch version), which the migration is expected to cast where the
data enter torch. Also `F.softmax(self.z_pi(z_h))` without `dim`, `F.tanh`, `target.expand_as(mu)`,
`loss.data[0]`, and a `use_cuda` flag.
"""
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

use_cuda = torch.cuda.is_available()
oneDivSqrtTwoPI = 1.0 / math.sqrt(2.0 * math.pi)


def sample_data(n, seed):
    rng = np.random.RandomState(seed)
    y = rng.uniform(-10.5, 10.5, (n, 1))
    r = rng.normal(size=(n, 1))
    x = np.sin(0.75 * y) * 7.0 + y * 0.5 + r * 1.0
    return x, y


class MDN(nn.Module):
    def __init__(self, n_hidden, n_gaussians):
        super(MDN, self).__init__()
        self.z_h = nn.Linear(1, n_hidden)
        self.z_pi = nn.Linear(n_hidden, n_gaussians)
        self.z_mu = nn.Linear(n_hidden, n_gaussians)
        self.z_sigma = nn.Linear(n_hidden, n_gaussians)

    def forward(self, x):
        z_h = F.tanh(self.z_h(x))
        pi = F.softmax(self.z_pi(z_h))
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
    x_variable = Variable(torch.from_numpy(x_data))
    y_variable = Variable(torch.from_numpy(y_data), requires_grad=False)
    network = MDN(n_hidden=12, n_gaussians=3)
    if use_cuda:
        network = network.cuda()
        x_variable, y_variable = x_variable.cuda(), y_variable.cuda()
    optimizer = torch.optim.Adam(network.parameters())
    losses = []
    for epoch in range(5):
        pi_variable, sigma_variable, mu_variable = network(x_variable)
        loss = mdn_loss_fn(pi_variable, sigma_variable, mu_variable, y_variable)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.data[0])
    pi, sigma, mu = network(x_variable[:4])
    return {"losses": losses, "pi": pi.data, "mu": mu.data}


if __name__ == '__main__':
    print(run())

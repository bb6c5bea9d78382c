"""Fits a value network to returns simulated with NumPy's `Generator` API.

`rng.normal(...)` and `rng.uniform(...)` give float64 arrays; the observations go through
`torch.from_numpy`, and the returns are explicitly made double before being moved to the device, so
the float32 network receives float64 observations.
"""

import numpy as np
import torch
from torch import nn


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    rng = np.random.default_rng(7)
    value_net = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1)).to(device)
    optimizer = torch.optim.Adam(value_net.parameters(), lr=1e-2)

    observations = rng.normal(0.0, 1.0, size=(64, 4))
    returns = rng.uniform(0.0, 1.0, size=(64, 1))
    obs_t = torch.from_numpy(observations).to(device)
    ret_t = torch.from_numpy(returns).to(device)
    probe = torch.from_numpy(rng.standard_normal((8, 4))).double().to(device)

    for start in range(0, 64, 16):
        optimizer.zero_grad()
        predicted = value_net(obs_t[start:start + 16])
        loss = (predicted - ret_t[start:start + 16]).pow(2).mean()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        probe_values = value_net(probe)
    return {"loss": loss.detach(), "probe": probe_values}


def reference():
    """The same fit with every array converted to float32 on purpose, on the CPU."""
    rng = np.random.default_rng(7)
    value_net = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 1))
    optimizer = torch.optim.Adam(value_net.parameters(), lr=1e-2)

    observations = torch.tensor(rng.normal(0.0, 1.0, size=(64, 4)), dtype=torch.float32)
    returns = torch.tensor(rng.uniform(0.0, 1.0, size=(64, 1)))
    probe = torch.tensor(rng.standard_normal((8, 4)), dtype=torch.float32)

    for start in range(0, 64, 16):
        optimizer.zero_grad()
        predicted = value_net(observations[start:start + 16])
        loss = (predicted - returns[start:start + 16]).pow(2).mean()
        loss.backward()
        optimizer.step()
    with torch.no_grad():
        probe_values = value_net(probe)
    return {"loss": loss.detach(), "probe": probe_values}

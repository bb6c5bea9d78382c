"""A 2017-style autoencoder script: the model goes to the GPU under `if torch.cuda.is_available():`,
the way scripts of that time made CUDA optional, but neither the training batches nor the random
codes decoded at the end are moved. On a machine with a GPU the first forward pass fails.
"""

import torch
from torch import nn


def run():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(5, 3), nn.Tanh(), nn.Linear(3, 5))
    if torch.cuda.is_available():
        model.cuda()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
    batches = [torch.randn(6, 5) for _ in range(4)]

    for x in batches:
        recon = model(x)
        loss = ((recon - x) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

    codes = torch.randn(3, 5)
    decoded = model(codes)
    return {"loss": loss.detach(), "decoded": decoded.detach()}

"""Linear regression on a small comma-separated table read with `np.loadtxt`.

`np.loadtxt` returns float64; the feature columns are sliced off, converted with
`torch.from_numpy` (which keeps the dtype) and fed to the float32 model one shuffled minibatch at a
time, so the first forward pass fails.
"""

import io

import numpy as np
import torch
from torch import nn


def table(rows=48):
    lines = []
    for i in range(rows):
        a, b, c = (i % 7) / 7.0, (i % 5) / 5.0, (i % 3) / 3.0
        lines.append(f"{a:.4f},{b:.4f},{c:.4f},{2 * a - b + 0.5 * c:.4f}")
    return io.StringIO("\n".join(lines))


def run():
    data = np.loadtxt(table(), delimiter=",")
    features = data[:, :3]
    targets = data[:, 3:]
    X_t = torch.from_numpy(features).float()
    y_t = torch.from_numpy(targets).float()

    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    order = torch.randperm(len(X_t))
    for start in range(0, len(order), 12):
        idx = order[start:start + 12]
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(X_t[idx]), y_t[idx])
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model.weight.detach()}


def reference():
    """The same fit with the table parsed by hand into float32 tensors."""
    rows = [[float(v) for v in line.split(",")] for line in table().read().splitlines()]
    data = torch.tensor(rows, dtype=torch.float64)
    features = data[:, :3].to(torch.float32)
    targets = data[:, 3:].to(torch.float32)

    model = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    order = torch.randperm(len(features))
    for start in range(0, len(order), 12):
        idx = order[start:start + 12]
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(features[idx]), targets[idx])
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "weight": model.weight.detach()}

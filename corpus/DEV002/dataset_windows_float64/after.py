"""A GRU forecaster fed by a `Dataset` of float64 NumPy windows through a `DataLoader`.

The series comes from a helper that parses a table with `np.loadtxt` (float64) and scales it; the
dataset keeps it as `self.series` and returns slices of it, so the default collate makes float64
batch tensors, and the first forward pass raises in the float32 GRU: the input is cast in the model's
call, where it raised (a safe fix). The targets are float64 too and meet the model's output in the
loss: torch 2.13 runs that loss in float64, torch 2.11 raises in its backward (seen on an H200), so
they are cast in the loss's call (an unsafe fix: where the float64 loss ran, its last digits change).
The last window is also wrapped in `torch.from_numpy` and read by nothing but the model: it is cast
where it enters torch.
"""

import io

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


def table(rows=30):
    return io.StringIO("\n".join(f"{(i % 7) / 7.0:.4f},{(i % 5) / 5.0:.4f}" for i in range(rows)))


def load_series():
    data = np.loadtxt(table(), delimiter=",")
    return (data - data.min(0)) / (data.max(0) - data.min(0))


class Windows(Dataset):
    def __init__(self, series, width):
        self.series = series
        self.width = width

    def __len__(self):
        return len(self.series) - self.width

    def __getitem__(self, i):
        return self.series[i:i + self.width], self.series[i + self.width, :1]


class Forecaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.gru = nn.GRU(2, 6, batch_first=True)
        self.head = nn.Linear(6, 1)

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out[:, -1])


def run():
    torch.manual_seed(0)
    series = load_series()
    loader = DataLoader(Windows(series, 5), batch_size=8, shuffle=False)
    model = Forecaster()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x.float()), y.float())
        loss.backward()
        optimizer.step()
    recent = torch.from_numpy(series[None, -5:]).float()
    return {"loss": loss.detach(), "forecast": model(recent).detach()}


def reference():
    """The same training with the windows and targets cast to float32 where they meet the model."""
    torch.manual_seed(0)
    series = load_series()
    loader = DataLoader(Windows(series, 5), batch_size=8, shuffle=False)
    model = Forecaster()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x.to(torch.float32)), y.to(torch.float32))
        loss.backward()
        optimizer.step()
    recent = torch.tensor(series[None, -5:], dtype=torch.float32)
    return {"loss": loss.detach(), "forecast": model(recent).detach()}

"""The price forecaster of before.py for PyTorch 2.x.

The float64 windows are cast to float32 where they enter the model (`.to(device, torch.float32)`);
the forecast runs under `torch.no_grad()`; losses are read with `.item()`.
"""
import io

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def price_csv(n=40, seed=0):
    rng = np.random.RandomState(seed)
    close = 100 + np.cumsum(rng.randn(n))
    volume = 1000 + 50 * rng.rand(n)
    return "\n".join(f"{c:.4f},{v:.2f}" for c, v in zip(close, volume))


def load_prices(text):
    data = np.loadtxt(io.StringIO(text), delimiter=",")
    return (data - data.min(0)) / (data.max(0) - data.min(0))


class Windows(Dataset):
    def __init__(self, series, window):
        self.series = series
        self.window = window

    def __len__(self):
        return len(self.series) - self.window

    def __getitem__(self, i):
        return self.series[i:i + self.window], self.series[i + self.window, :1]


class Forecaster(nn.Module):
    def __init__(self, n_features, hidden):
        super().__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out[:, -1])


def run():
    torch.manual_seed(0)
    series = load_prices(price_csv())
    loader = DataLoader(Windows(series[:32], 6), batch_size=8, shuffle=True)
    model = Forecaster(2, 8).to(device)
    criterion = nn.MSELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    history = []
    for epoch in range(3):
        total = 0.0
        for x, y in loader:
            x, y = x.to(device, torch.float32), y.to(device, torch.float32)
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
        history.append(total / len(loader))
    with torch.no_grad():
        recent = torch.from_numpy(series[None, -6:]).to(device, torch.float32)
        forecast = model(recent).cpu().numpy()
    return {"history": history, "forecast": forecast}


if __name__ == "__main__":
    print(run())

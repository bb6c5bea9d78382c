"""A GRU forecaster of a price series read with `np.loadtxt`, in the style of 2018 blog posts.

The prices are parsed from CSV text with `np.loadtxt` (float64), normalised, and cut into windows by a
`Dataset` whose items are float64 NumPy arrays, so the `DataLoader` yields float64 tensors that reach
the float32 GRU through `Variable(x)`. That last step is a latent bug of the original (it fails on
every PyTorch version); the migration is expected to cast where the data enter torch. Also:
`use_cuda`, `total += loss.data[0]`, `volatile=True` at prediction time.
"""
import io

import numpy as np
import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader

use_cuda = torch.cuda.is_available()


def price_csv(n=40, seed=0):
    rng = np.random.RandomState(seed)
    close = 100 + np.cumsum(rng.randn(n))
    volume = 1000 + 50 * rng.rand(n)
    return "\n".join("%.4f,%.2f" % (c, v) for c, v in zip(close, volume))


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
        super(Forecaster, self).__init__()
        self.gru = nn.GRU(n_features, hidden, batch_first=True)
        self.head = nn.Linear(hidden, 1)

    def forward(self, x):
        out, _ = self.gru(x)
        return self.head(out[:, -1])


def run():
    torch.manual_seed(0)
    series = load_prices(price_csv())
    loader = DataLoader(Windows(series[:32], 6), batch_size=8, shuffle=True)
    model = Forecaster(2, 8)
    if use_cuda:
        model = model.cuda()
    criterion = nn.MSELoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    history = []
    for epoch in range(3):
        total = 0
        for x, y in loader:
            x, y = Variable(x), Variable(y)
            if use_cuda:
                x, y = x.cuda(), y.cuda()
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.data[0]
        history.append(total / len(loader))
    recent = Variable(torch.from_numpy(series[None, -6:]), volatile=True)
    if use_cuda:
        recent = recent.cuda()
    forecast = model(recent).data.cpu().numpy()
    return {"history": history, "forecast": forecast}


if __name__ == '__main__':
    print(run())

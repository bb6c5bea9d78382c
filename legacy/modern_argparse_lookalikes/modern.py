"""A modern argparse script full of names that look legacy but are not.

`args.cuda` decides a `device` once; a NumPy dataset keeps its rows in `self.data` and reads
`self.data[0]`; a price series has a `volatile` flag; a helper is called `size_average`; and an
output batch's first row is `output[0]`. Nothing here is the pre-0.4 API, so nothing may change.
"""
import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

parser = argparse.ArgumentParser()
parser.add_argument("--no-cuda", action="store_true", default=False)
parser.add_argument("--seed", type=int, default=3)
args = parser.parse_args([])
args.cuda = not args.no_cuda and torch.cuda.is_available()
device = torch.device("cuda" if args.cuda else "cpu")


class Prices(Dataset):
    def __init__(self, n, seed):
        rng = np.random.RandomState(seed)
        self.data = rng.randn(n, 4).astype(np.float32)
        self.volatile = bool(self.data[:, 0].std() > 1.0)
        self.first = self.data[0]

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return self.data[i], np.float32(self.data[i].sum() > 0)


def size_average(values):
    return sum(values) / len(values)


def run():
    torch.manual_seed(args.seed)
    dataset = Prices(16, args.seed)
    loader = DataLoader(dataset, batch_size=8)
    model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        output = model(x).squeeze(1)
        loss = F.binary_cross_entropy_with_logits(output, y)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    with torch.no_grad():
        output = model(torch.from_numpy(dataset.data).to(device))
    return {"mean_loss": size_average([l.item() for l in losses]), "first_row": output[0],
            "volatile": dataset.volatile, "first": dataset.first}


if __name__ == "__main__":
    print(run())

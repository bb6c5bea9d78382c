"""WRONG on a real GPU: moves batches to the device inside DataLoader workers (forked after the parent
initialised CUDA). On CUDA the worker raises "Cannot re-initialize CUDA in forked subprocess";
the emulation, inherited by the fork, lets it through."""

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Rows(Dataset):
    def __init__(self, device):
        self.device = device
        self.data = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()

    def __len__(self):
        return 4

    def __getitem__(self, index):
        return self.data[index * 16:(index + 1) * 16].to(self.device)


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    loader = DataLoader(Rows(device), batch_size=None, num_workers=1)
    out = torch.cat([model(batch.to(device)) for batch in loader])
    return {"out": out}

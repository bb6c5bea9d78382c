"""DEV001 before: batches from a DataLoader with a worker, fed to a model on the device."""

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Rows(Dataset):
    def __init__(self):
        self.data = torch.arange(64 * 16, dtype=torch.float32).reshape(64, 16).sin()

    def __len__(self):
        return 4

    def __getitem__(self, index):
        return self.data[index * 16:(index + 1) * 16]


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = make_model().to(device)
    loader = DataLoader(Rows(), batch_size=None, num_workers=1)
    out = torch.cat([model(batch) for batch in loader])
    return {"out": out}

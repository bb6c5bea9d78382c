"""A modern tabular classifier: the shape of trainer_class/before.py, written for PyTorch 2.x.

One `device`, float32 NumPy data converted once, batches moved with `.to(device)`, the epoch loss
summed on the device and read once per epoch, evaluation under `torch.no_grad()`. Nothing to fix.
"""
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(n_in, n_hidden), nn.BatchNorm1d(n_hidden), nn.ReLU(),
                                    nn.Linear(n_hidden, n_out))

    def forward(self, x):
        return self.layers(x)


class Trainer:
    def __init__(self, model, device):
        self.device = device
        self.model = model.to(device)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=0.01)
        self.criterion = nn.CrossEntropyLoss()

    def train_epoch(self, loader):
        self.model.train()
        total = torch.zeros((), device=self.device)
        for x, y in loader:
            x, y = x.to(self.device), y.to(self.device)
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            total += loss.detach() * x.size(0)
        return total.item() / len(loader.dataset)

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        correct = torch.zeros((), dtype=torch.long, device=self.device)
        for x, y in loader:
            x, y = x.to(self.device), y.to(self.device)
            correct += (self.model(x).argmax(1) == y).sum()
        return correct.item() / len(loader.dataset)


def make_data(n, seed):
    rng = np.random.RandomState(seed)
    X = rng.randn(n, 5).astype(np.float32)
    y = (X[:, 0] + X[:, 1] > 0).astype(np.int64)
    return TensorDataset(torch.from_numpy(X), torch.from_numpy(y))


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    trainer = Trainer(Net(5, 12, 2), device)
    train_loader = DataLoader(make_data(40, 0), batch_size=10, shuffle=True)
    val_loader = DataLoader(make_data(16, 1), batch_size=8)
    losses = [trainer.train_epoch(train_loader) for _ in range(3)]
    return {"losses": losses, "accuracy": trainer.evaluate(val_loader)}


if __name__ == "__main__":
    print(run())

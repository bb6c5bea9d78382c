"""The `Trainer` of before.py for PyTorch 2.x.

The trainer takes a `device` and moves the model and each batch with `.to(device)`; evaluation runs
under `torch.no_grad()`; numbers are read with `.item()`; the data become float32 and int64 tensors
with `torch.tensor(..., dtype=...)`. The optimizer is built on the model before it moves, which is
fine: `.to()` moves parameters in place.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(n_in, n_hidden), nn.BatchNorm1d(n_hidden), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(n_hidden, n_out))

    def forward(self, x):
        return self.layers(x)


class Trainer:
    def __init__(self, model, optimizer, criterion, device=torch.device("cpu")):
        self.device = device
        self.model = model.to(device)
        self.optimizer = optimizer
        self.criterion = criterion
        self.history = {"loss": [], "val_loss": [], "val_acc": []}

    def train_epoch(self, loader):
        self.model.train()
        running = 0.0
        for x, y in loader:
            x, y = x.to(self.device), y.to(self.device)
            self.optimizer.zero_grad()
            loss = self.criterion(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            running += loss.item() * x.size(0)
        self.history["loss"].append(running / len(loader.dataset))

    @torch.no_grad()
    def evaluate(self, loader):
        self.model.eval()
        total_loss, correct = 0.0, 0
        for x, y in loader:
            x, y = x.to(self.device), y.to(self.device)
            out = self.model(x)
            total_loss += self.criterion(out, y).item() * x.size(0)
            correct += (out.argmax(1) == y).sum().item()
        self.history["val_loss"].append(total_loss / len(loader.dataset))
        self.history["val_acc"].append(correct / len(loader.dataset))

    def fit(self, train_loader, val_loader, epochs):
        for epoch in range(epochs):
            self.train_epoch(train_loader)
            self.evaluate(val_loader)
            h = self.history
            print(f"epoch {epoch}: loss {h['loss'][-1]:.4f} val_loss {h['val_loss'][-1]:.4f}"
                  f" val_acc {h['val_acc'][-1]:.3f}")
        return self.history


def make_data(n, seed):
    rng = np.random.RandomState(seed)
    X = rng.randn(n, 5)
    y = (X[:, 0] + 0.5 * X[:, 1] ** 2 > 0.5).astype(np.int64) + (X[:, 2] > 1.0)
    return X, y


def run():
    torch.manual_seed(0)
    X, y = make_data(40, 0)
    Xv, yv = make_data(16, 1)
    train_set = TensorDataset(torch.tensor(X, dtype=torch.float32), torch.tensor(y, dtype=torch.long))
    val_set = TensorDataset(torch.tensor(Xv, dtype=torch.float32), torch.tensor(yv, dtype=torch.long))
    train_loader = DataLoader(train_set, batch_size=10, shuffle=True)
    val_loader = DataLoader(val_set, batch_size=8)
    model = Net(5, 12, 3)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    trainer = Trainer(model, optim.Adam(model.parameters(), lr=0.01), nn.CrossEntropyLoss(), device=device)
    return trainer.fit(train_loader, val_loader, 3)


if __name__ == "__main__":
    print(run())

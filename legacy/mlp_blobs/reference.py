"""The blob perceptron of before.py, written for PyTorch 2.x: one `device`, no `Variable`.

Losses are read with `.item()`, the evaluation runs under `torch.no_grad()` with an explicit softmax
dimension, and the initialiser is the in-place `xavier_uniform_`.
"""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def make_blobs(n_per_class=16, n_classes=3, dim=4, seed=0):
    rng = np.random.RandomState(seed)
    centers = rng.randn(n_classes, dim) * 3.0
    xs, ys = [], []
    for c in range(n_classes):
        xs.append(centers[c] + rng.randn(n_per_class, dim))
        ys.append(np.full(n_per_class, c))
    x, y = np.concatenate(xs), np.concatenate(ys)
    order = rng.permutation(len(x))
    return x[order], y[order]


class MLP(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.fc2 = nn.Linear(n_hidden, n_out)
        nn.init.xavier_uniform_(self.fc1.weight)
        nn.init.xavier_uniform_(self.fc2.weight)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return self.fc2(x)


def run():
    torch.manual_seed(1)
    x_np, y_np = make_blobs()
    x = torch.from_numpy(x_np).float().to(device)
    y = torch.from_numpy(y_np).long().to(device)

    model = MLP(4, 16, 3).to(device)
    optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    criterion = nn.CrossEntropyLoss()

    losses = []
    for epoch in range(3):
        total = torch.zeros((), device=device)
        for i in range(0, len(x), 16):
            optimizer.zero_grad()
            loss = criterion(model(x[i:i + 16]), y[i:i + 16])
            loss.backward()
            optimizer.step()
            total += loss.detach()
        losses.append(total.item() / 3)
        print(f"epoch {epoch} loss {losses[-1]:.4f}")

    with torch.no_grad():
        probs = F.softmax(model(x), dim=1)
    confidence = probs.max(1)[0].mean().item()
    correct = probs.argmax(1).eq(y).sum().item()
    return {"losses": losses, "confidence": confidence, "accuracy": correct / len(y)}


if __name__ == "__main__":
    print(run())

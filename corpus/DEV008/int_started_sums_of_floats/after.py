"""A training loop that sums its loss and its accuracy with `.item()` into sums started at the int `0`.

The loss is what the loop calls `.backward()` on, so it is a floating tensor (autograd has no
gradients for integers), and the accuracy is a true division of a count, floating too: each `.item()`
is a Python float and the int start became a float after the first step. The fix keeps both sums on
the device in float64 and reads each back once after the loop, as the same floats.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

BATCHES = 6
loss_fn = F.cross_entropy


def accuracy(logits, y):
    hits = (logits.argmax(dim=1) == y).sum()
    return hits / len(y)


def make_batches(device):
    generator = torch.Generator().manual_seed(5)
    inputs = torch.randn(BATCHES, 12, 5, generator=generator)
    labels = (inputs[:, :, 0] > inputs[:, :, 3]).long()
    return [(x.to(device), y.to(device)) for x, y in zip(inputs, labels)]


def train_epoch(model, optimizer, batches):
    epoch_loss = 0
    epoch_acc = 0
    for x, y in batches:
        optimizer.zero_grad()
        logits = model(x)
        loss = loss_fn(logits, y)
        acc = accuracy(logits, y)
        loss.backward()
        optimizer.step()
        epoch_loss += loss.detach().double()
        epoch_acc += acc.detach().double()
    epoch_loss = float(epoch_loss)
    epoch_acc = float(epoch_acc)
    return epoch_loss / len(batches), epoch_acc / len(batches), isinstance(epoch_loss, float)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(4)
    model = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 2)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    mean_loss, mean_acc, is_float = train_epoch(model, optimizer, make_batches(device))
    return {
        "mean_loss": torch.tensor(mean_loss, dtype=torch.float64),
        "mean_acc": torch.tensor(mean_acc, dtype=torch.float64),
        "is_float": torch.tensor(is_float),
    }

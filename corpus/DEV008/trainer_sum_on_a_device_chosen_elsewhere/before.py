"""A trainer class whose loss comes from its own `compute_loss` method, summed with `.item()` from an
int start, on a device the file takes from the environment (it could be Apple's MPS).

The fix keeps the sum on the device; since the device may lack float64 (MPS has none), the loss's own
device chooses at run time: a float64 sum (the host's digits) on CUDA or the CPU, the host's `.item()`
elsewhere, as before; the sum is converted once after the loop.
"""

import os

import torch
import torch.nn as nn
import torch.nn.functional as F

STEPS = 9


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)

    def compute_loss(self, x, y):
        return F.mse_loss(self.model(x), y)

    def train_epoch(self, batches):
        epoch_loss = 0
        for x, y in batches:
            loss = self.compute_loss(x, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            epoch_loss += loss.item()
        return epoch_loss / len(batches)


def run():
    device = os.environ.get("TRAIN_DEVICE") or ("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(17)
    inputs = torch.randn(STEPS, 10, 4, generator=generator)
    targets = inputs.sin().sum(dim=2, keepdim=True)
    batches = [(x.to(device), y.to(device)) for x, y in zip(inputs, targets)]
    torch.manual_seed(5)
    trainer = Trainer(nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1)).to(device), lr=0.05)
    losses = [trainer.train_epoch(batches) for _ in range(2)]
    return {"losses": torch.tensor(losses), "weight": trainer.model[0].weight.detach()}

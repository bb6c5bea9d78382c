"""A trainer class whose step method returns its loss as a number, `return loss.item()`, called as
`self.train_step(x, y)` only from the epoch loop of another of its methods, which sums it, logs it every
few steps and returns the epoch's average.

The fix returns the detached loss as a float64 tensor (a float32 loss converts exactly, and the sum
rounds as the host's float does), keeps the epoch's sum on the device, formats `float(loss)` where the
loop logs and reads the sum back once after the loop: the same log lines and averages, one sync per log
line instead of one per step.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

EPOCHS = 3
STEPS = 12
LOG_EVERY = 4


class Trainer:
    def __init__(self, model, batches, device):
        self.model = model.to(device)
        self.batches = batches
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=1e-3)
        self.log = []

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss = F.mse_loss(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def train_epoch(self, epoch):
        total_loss = 0.0
        for i, (x, y) in enumerate(self.batches):
            loss = self.train_step(x, y)
            total_loss += loss
            if i % LOG_EVERY == 0:
                self.log.append(f"epoch {epoch} step {i} loss {loss:.6f}")
        return total_loss / len(self.batches)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(5)
    inputs = torch.randn(STEPS, 8, 3, generator=generator).to(device)
    targets = inputs.pow(2).sum(dim=2, keepdim=True) * 2.3
    model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 1))
    trainer = Trainer(model, list(zip(inputs, targets)), device)
    averages = [trainer.train_epoch(epoch) for epoch in range(EPOCHS)]
    return {
        "logged": torch.tensor([float(line.split()[-1]) for line in trainer.log], dtype=torch.float64),
        "log_lines": torch.tensor([len(line) for line in trainer.log]),
        "averages": torch.tensor(averages, dtype=torch.float64),
        "weight": trainer.model[0].weight.detach(),
    }

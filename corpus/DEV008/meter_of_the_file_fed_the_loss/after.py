"""The usual average meter of the file is given `loss.item()` every step; the loop prints the meter's
current and average value every few steps through `str.format` fields, and returns the average.

The fix gives the meter the detached float64 tensor (its sum and average stay on the device, in the
host's digits) and reads the returned average with `float(...)`; the printed fields format the 0-dim
tensors as their numbers, the same text.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

STEPS = 12


class AverageMeter(object):
    """Computes and stores the average and current value"""

    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def train(inputs, labels, model, optimizer):
    losses = AverageMeter()
    model.train()
    for i in range(STEPS):
        x, y = inputs[i], labels[i]
        loss = F.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.update(loss.detach().double(), x.size(0))
        if i % 6 == 0:
            print("[{0}] Loss {loss.val:.6f} ({loss.avg:.6f})".format(i, loss=losses))
    return float(losses.avg)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    generator = torch.Generator().manual_seed(4)
    inputs = torch.randn(STEPS, 8, 5, generator=generator).to(device)
    labels = torch.randint(0, 3, (STEPS, 8), generator=generator).to(device)
    model = nn.Linear(5, 3).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.3)
    average = train(inputs, labels, model, optimizer)
    return {"average": torch.tensor(average, dtype=torch.float64), "float": torch.tensor(type(average) is float)}

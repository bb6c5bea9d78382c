"""An exponential moving average of the weights, set up from `model.parameters()` before the move.

The EMA clones the parameters when it is built; built before `model.to(device)`, its shadow copies
stay on the CPU and every update mixes devices.
"""

import torch
from torch import nn


class WeightEMA:
    def __init__(self, parameters, decay=0.9):
        self.decay = decay
        self.params = list(parameters)
        self.shadow = [p.detach().clone() for p in self.params]

    @torch.no_grad()
    def update(self):
        for shadow, param in zip(self.shadow, self.params):
            shadow.mul_(self.decay).add_(param.detach(), alpha=1 - self.decay)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    model.to(device)
    ema = WeightEMA(model.parameters(), decay=0.5)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    x = torch.randn(32, 4, device=device)
    y = torch.randint(0, 2, (32,), device=device)
    for _ in range(4):
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
        ema.update()
    return {"ema0": ema.shadow[0], "weight0": model[0].weight.detach()}

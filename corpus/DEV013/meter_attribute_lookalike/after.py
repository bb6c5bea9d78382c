"""Look-alikes of a loss switched to a sum by its attribute, correct today and left alone: a running
meter of the file's own with a `size_average` flag, the first row of a batch read as `.data[0]` (a
vector, not a 0-dim loss), and a loss built with `reduction="sum"`.
"""

import torch
import torch.nn as nn


class Meter:
    size_average = True

    def __init__(self):
        self.total, self.count = 0.0, 0

    def add(self, value, n):
        self.total += value * (1 if not self.size_average else n)
        self.count += n

    def value(self):
        return self.total / self.count if self.size_average else self.total


def run():
    torch.manual_seed(0)
    model = nn.Linear(4, 3)
    criterion = nn.MSELoss(reduction="sum")
    meter = Meter()
    meter.size_average = False
    x, y = torch.randn(5, 4), torch.randn(5, 3)
    out = model(x)
    first_row = out.data[0]
    meter.add(criterion(out, y).item(), 5)
    return {"first_row": first_row, "sum": torch.tensor(meter.value())}

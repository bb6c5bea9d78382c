"""Code that looks like the legacy loss arguments and is not: modern `reduction=`, a helper of the file's
own with a `size_average` parameter, `functools.reduce`, a class weight passed by position, and a meter
object with a `size_average` attribute. Nothing changes.
"""

from functools import reduce

import torch
import torch.nn as nn
import torch.nn.functional as F


def size_average(values, size_average=True):
    total = reduce(lambda a, b: a + b, values)
    return total / len(values) if size_average else total


class Meter:
    size_average = True

    def __init__(self):
        self.values = []


def run():
    torch.manual_seed(2)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = nn.Linear(5, 3).to(device)
    criterion = nn.CrossEntropyLoss(reduction="sum")
    class_weights = torch.tensor([1.0, 2.0, 0.5], device=device)
    x = torch.randn(8, 5, device=device)
    y = torch.randint(0, 3, (8,), device=device)
    meter = Meter()
    meter.size_average = False
    out = model(x)
    losses = [criterion(out, y), F.cross_entropy(out, y, class_weights), F.mse_loss(out, out * 0.5)]
    return {"summed": size_average(losses, size_average=False), "mean": size_average(losses)}

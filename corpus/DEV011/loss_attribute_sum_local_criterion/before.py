"""An evaluation function of 2017 that sums a regression loss by setting the attribute on a criterion it
makes itself, `criterion.size_average = False`, and reads each batch's loss with `.data[0]` right after.

The read raises on every PyTorch since 0.4 (a 0-dim loss), so no run gets past the first batch today:
`criterion.reduction = "sum"` restores the sum the file computed, safely. `reference()` computes it with
today's API.
"""

import torch
import torch.nn as nn


def evaluate(model, batches):
    criterion = nn.MSELoss()
    criterion.size_average = False
    total = 0
    for x, y in batches:
        loss = criterion(model(x), y)
        total += loss.data[0]
    return total / len(batches)


def run():
    torch.manual_seed(0)
    model = nn.Linear(5, 2)
    batches = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(4)]
    return {"mean_of_sums": torch.tensor(evaluate(model, batches))}


def reference():
    torch.manual_seed(0)
    model = nn.Linear(5, 2)
    batches = [(torch.randn(6, 5), torch.randn(6, 2)) for _ in range(4)]
    summed = nn.MSELoss(reduction="sum")
    with torch.no_grad():
        total = sum(summed(model(x), y).item() for x, y in batches)
    return {"mean_of_sums": torch.tensor(total / len(batches))}

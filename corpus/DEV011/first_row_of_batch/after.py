"""Correct code that looks like the legacy pattern: `output.data[0]` is the first row of a batch of
outputs, and `per_sample.data[0]` the first sample's loss under `reduction="none"`. Both are vectors
read as vectors, so they stay as they are.
"""

import torch
from torch import nn

per_sample_loss = nn.MSELoss(reduction="none")


def run():
    torch.manual_seed(0)
    model = nn.Linear(4, 2)
    x = torch.randn(5, 4)
    y = torch.randn(5, 2)
    output = model(x)
    per_sample = per_sample_loss(output, y)
    return {"first_row": output.data[0], "first_losses": per_sample.data[0]}

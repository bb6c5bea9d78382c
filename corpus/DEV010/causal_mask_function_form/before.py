"""Causal masks of a time-series transformer: `torch.triu` of fresh ones made on the host and moved, at
once in a mask class and by the next line in a helper; the attention reads them on the device.
"""

import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
BATCH, LENGTH, WIDTH = 2, 5, 4


class TriangularCausalMask:
    def __init__(self, batch, length, device="cpu"):
        shape = [batch, 1, length, length]
        with torch.no_grad():
            self.mask = torch.triu(torch.ones(shape, dtype=torch.bool), diagonal=1).to(device)


def lower_mask(n):
    mask = torch.tril(torch.ones(n, n))
    mask = mask.to(device)
    return mask == 0


def run():
    scores = torch.linspace(-1.0, 1.0, BATCH * LENGTH * LENGTH, device=device).view(BATCH, 1, LENGTH, LENGTH)
    causal = TriangularCausalMask(BATCH, LENGTH, device=device)
    masked = scores.masked_fill(causal.mask, float("-inf")).softmax(-1)
    blocked = scores.masked_fill(lower_mask(LENGTH), 0.0)
    return {"attention": masked, "blocked": blocked}

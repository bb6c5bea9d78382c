"""Correct after: the accumulator is made on the device and the per-step mask is hoisted and made there."""

import torch


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    acc = torch.zeros(4, 5, device=device)
    mask = torch.ones(4, 5, device=device)
    for step in range(8):
        acc = acc + mask * step
    return {"acc": acc}

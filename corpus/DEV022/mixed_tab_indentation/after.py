"""A Python 2 module whose indentation mixes tabs and spaces: an editor that inserted a tab where the
rest of the block has eight spaces. Python 2 read the tab as eight columns, so the line belonged to the
block; Python 3 refuses the file (TabError). Expanded as Python 2 read it, the function computes what it
always did.
"""

import torch


def normalise(batch, eps=1e-5):
    if batch.dim() == 2:
        mean = batch.mean(0, keepdim=True)
        std = batch.std(0, keepdim=True)
        return (batch - mean) / (std + eps)
    return batch


def run():
    g = torch.Generator().manual_seed(3)
    return {"out": normalise(torch.randn(6, 3, generator=g))}


def reference():
    g = torch.Generator().manual_seed(3)
    x = torch.randn(6, 3, generator=g)
    return {"out": (x - x.mean(0, keepdim=True)) / (x.std(0, keepdim=True) + 1e-5)}

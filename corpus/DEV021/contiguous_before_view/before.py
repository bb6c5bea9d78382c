"""Transposed tensors made contiguous before `.view()`, a view that keeps the layout, and a plain
tensor flattened: all run today, nothing to change.
"""

import torch


def run():
    g = torch.Generator().manual_seed(2)
    x = torch.randn(4, 3, generator=g)
    flat = x.t().contiguous().view(-1)
    kept = x.t().view(3, 4)
    plain = x.view(-1)
    return {"flat": flat, "kept": kept, "plain": plain}

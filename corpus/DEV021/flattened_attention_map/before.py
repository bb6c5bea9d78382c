"""Attention weights computed batch-first, permuted to (heads, batch, steps) and flattened to score
them: `.view(-1)` of the permuted scores raises (the permutation is not contiguous).
"""

import torch


def run():
    g = torch.Generator().manual_seed(1)
    scores = torch.randn(3, 2, 5, generator=g)
    per_head = scores.permute(1, 0, 2).softmax(dim=-1)
    heads = scores.permute(1, 0, 2)
    peak = heads.view(-1).max()
    spread = (heads.T.view(-1) * 2).mean()
    return {"peak": peak, "spread": spread, "per_head": per_head}


def reference():
    g = torch.Generator().manual_seed(1)
    scores = torch.randn(3, 2, 5, generator=g)
    per_head = scores.permute(1, 0, 2).softmax(dim=-1)
    return {"peak": scores.max(), "spread": (scores * 2).mean(), "per_head": per_head}

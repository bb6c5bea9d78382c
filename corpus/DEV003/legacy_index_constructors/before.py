"""A pointer-style decoder step that builds its index tensors with legacy constructors in forward.

`torch.LongTensor(range(n))` is data (the positions 0..n-1) and `torch.FloatTensor(x.size(0))` is a
size (an uninitialised buffer that is zeroed): both are made on the CPU, and the GPU input meets them
in `index_select` and the addition.
"""

import torch
import torch.nn as nn


class PositionScorer(nn.Module):
    def __init__(self, dim=8, max_len=16):
        super().__init__()
        self.positions = nn.Embedding(max_len, dim)
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        positions = torch.LongTensor(range(x.size(1)))
        bias = torch.FloatTensor(x.size(0)).zero_()
        scores = self.score(x + self.positions(positions)).squeeze(-1)
        return scores + bias.unsqueeze(1)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    scorer = PositionScorer().to(device)
    x = torch.randn(3, 5, 8, device=device)
    scores = scorer(x)
    scores.sum().backward()
    return {"scores": scores.detach(), "grad": scorer.score.weight.grad}

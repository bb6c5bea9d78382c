# source: search excerpt without a repository name (a learned positional table)
# verdict: look-alike: an `nn.Parameter` moves with the module.
import torch
import torch.nn as nn


class PositionalEncoder(nn.Module):
    def __init__(self, d_model, length):
        super().__init__()
        self.pe = nn.Parameter(torch.zeros(1, length, d_model))

    def forward(self, x):
        return x + self.pe[:, : x.size(1), :]

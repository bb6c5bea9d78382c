# source: MatthCorn/Projets Complete/TypeClassic/PositionalEncoding.py (a table filled, then registered moved)
# verdict: look-alike. The table is computed from the factories before it is moved, once, at build time.
import math

import torch
from torch import nn


class Positions(nn.Module):
    def __init__(self, width: int, max_len: int = 500, device=torch.device("cpu")):
        super().__init__()
        position = torch.arange(max_len).unsqueeze(1)
        scale = torch.exp(torch.arange(0, width, 2) * (-math.log(10000.0) / width))
        table = torch.zeros(1, max_len, width)
        table[0, :, 0::2] = torch.sin(position * scale)
        table[0, :, 1::2] = torch.cos(position * scale)
        self.register_buffer("table", table.to(device=device))

    def forward(self, x):
        return x + self.table[:, : x.size(1)]

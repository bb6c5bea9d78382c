# source: PARKYUNSU/paper_reviews_pytorch_Implementation model/positional_encoding.py
# verdict: look-alike for the factory rules: an attribute made in __init__ moved in forward wants a buffer.
import torch
import torch.nn as nn


class Positions(nn.Module):
    def __init__(self, width, max_len):
        super().__init__()
        self.table = torch.zeros(max_len, width)
        position = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)
        self.table[:, 0::2] = torch.sin(position)
        self.table[:, 1::2] = torch.cos(position)
        self.table = self.table.unsqueeze(0)

    def forward(self, x):
        return self.table[:, : x.size(1), :].to(x.device)

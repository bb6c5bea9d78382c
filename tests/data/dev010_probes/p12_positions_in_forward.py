# source: y-chan/learn-and-make-slm models/transformer/positional_encoding.py (positions made in forward)
# verdict: hit (P3), twice: the ranges are made on the CPU and meet x, which is on the module's device.
import torch
from torch import Tensor, nn


class Positions(nn.Module):
    def __init__(self, width: int):
        super().__init__()
        self.width = width

    def forward(self, x: Tensor) -> Tensor:
        length = x.size(1)
        pos = torch.arange(length, dtype=torch.float).unsqueeze(1)  # expect DEV003
        i = torch.arange(self.width, dtype=torch.float).unsqueeze(0)  # expect DEV003
        angles = pos / torch.pow(10000, (2 * (i // 2)) / self.width)
        angles[:, 0::2] = torch.sin(angles[:, 0::2])
        angles[:, 1::2] = torch.cos(angles[:, 1::2])
        return x + angles.unsqueeze(0)

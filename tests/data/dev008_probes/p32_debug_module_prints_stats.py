# source: Vermeille/Torchelie torchelie/nn/debug.py (a debug layer printing activation statistics)
# verdict: hit; report only: the printed numbers are the layer's purpose, on every forward.
import torch
import torch.nn as nn


class Debug(nn.Module):
    def __init__(self, name):
        super().__init__()
        self.name = name

    def forward(self, x):
        print("{} mean {:.2f} std {:.2f}".format(self.name, x.mean().item(), x.std().item()))  # expect DEV008
        return x


net = nn.Sequential(nn.Conv2d(3, 8, 3), Debug("conv1"), nn.ReLU()).cuda()
for _ in range(3):
    net(torch.randn(2, 3, 16, 16).cuda()).sum().backward()

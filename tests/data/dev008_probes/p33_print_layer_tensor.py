# source: louisfghbvc/Efficient-Transformer-for-Single-Image-Super-Resolution models/debug.py (a layer printing its input)
# verdict: hit; report only: printing the tensor copies all of it to the host on every forward.
import torch.nn as nn


class PrintLayer(nn.Module):
    def forward(self, x):
        print(x, x.shape)  # expect DEV008
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), PrintLayer(), nn.Conv2d(16, 3, 3, padding=1))

    def forward(self, x):
        return self.body(x) + x

# source: search excerpts without a repository name (two Normalize layers keeping the statistics as
#   `nn.Parameter(..., requires_grad=False)`)
# verdict: look-alike: parameters move with the module.
import torch
from torch import nn
from torch.nn import Parameter as P


class Normalize(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        mean, std = map(torch.as_tensor, [mean, std])
        self.mean = nn.Parameter(mean.view(3, 1, 1), requires_grad=False)
        self.std = P(std.view(3, 1, 1), requires_grad=False)

    def forward(self, x):
        return (x - self.mean) / self.std

# source: search excerpt without a repository name (a Normalize layer whose ImageNet defaults are lists,
#   turned into tensors at the end of `__init__`)
# verdict: hit: after `__init__` both attributes are plain CPU tensors, read in `forward`; the first
#   assignments are lists, so the rule leaves them alone today (known miss).
import torch
import torch.nn as nn


class Normalize(nn.Module):
    def __init__(self, mean=None, std=None):
        super().__init__()
        if mean is None:
            self.mean = [0.485, 0.456, 0.406]
        else:
            self.mean = mean
        if std is None:
            self.std = [0.229, 0.224, 0.225]
        else:
            self.std = std
        self.mean = torch.Tensor(self.mean)  # expect DEV004 (known miss)
        self.std = torch.Tensor(self.std)  # expect DEV004 (known miss)

    def forward(self, x):
        mean = self.mean.reshape(1, 3, 1, 1)
        std = self.std.reshape(1, 3, 1, 1)
        return (x - mean) / std

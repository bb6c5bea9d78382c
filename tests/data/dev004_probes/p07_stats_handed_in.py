# source: sbi-dev/sbi (sbi/utils/sbi.py: a Normalize layer given its mean and std by the caller)
# verdict: look-alike for the fix: nothing in the file shows the values are tensors (a float works
#   on any device); reporting it would be a guess, fixing it a wrong one.
import torch.nn as nn


class Normalize(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        self.mean = mean
        self.std = std

    def forward(self, tensor):
        return (tensor - self.mean) / self.std

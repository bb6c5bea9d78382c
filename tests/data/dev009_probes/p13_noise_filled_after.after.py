# source: unnamed file of the code index (a GAN's noise helpers; `torch.autograd.variable` import path)
# verdict: hit: sizes filled right after, a factory wrapped, the import by its module path.
import torch


def to_device(t):
    return t.cuda() if torch.cuda.is_available() else t


def noise(n, width):
    z = torch.empty(n, width, dtype=torch.float32).normal_()
    return to_device(z)


def zeros_for(batch):
    return to_device(torch.zeros(len(batch)))


def smooth_ones_for(batch):
    return to_device(torch.empty(len(batch), dtype=torch.float32).uniform_(0.9, 1))

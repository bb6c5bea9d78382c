# source: unnamed file of the code index (a GAN's noise helpers; `torch.autograd.variable` import path)
# verdict: hit: sizes filled right after, a factory wrapped, the import by its module path.
import torch
from torch.autograd.variable import Variable  # expect DEV009


def to_device(t):
    return t.cuda() if torch.cuda.is_available() else t


def noise(n, width):
    z = Variable(torch.FloatTensor(n, width).normal_())  # expect DEV009
    return to_device(z)


def zeros_for(batch):
    return to_device(Variable(torch.zeros(len(batch))))  # expect DEV009


def smooth_ones_for(batch):
    return to_device(Variable(torch.FloatTensor(len(batch)).uniform_(0.9, 1)))  # expect DEV009

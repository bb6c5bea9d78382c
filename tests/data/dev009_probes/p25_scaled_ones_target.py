# source: unnamed file of the code index (a cats GAN: smoothed targets wrapped in Variable)
# verdict: hit: each wrapper of a tensor computed right there goes.
import torch
from torch.autograd.variable import Variable  # expect DEV009


def real_labels(size):
    data = Variable(torch.ones(size, 1))  # expect DEV009
    return data


def generator_error(loss, prediction, n):
    return loss(prediction, Variable(0.9 * torch.ones(n)))  # expect DEV009

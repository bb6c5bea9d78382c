# source: unnamed file of the code index (a cats GAN: smoothed targets wrapped in Variable)
# verdict: hit: each wrapper of a tensor computed right there goes.
import torch


def real_labels(size):
    data = torch.ones(size, 1)
    return data


def generator_error(loss, prediction, n):
    return loss(prediction, 0.9 * torch.ones(n))

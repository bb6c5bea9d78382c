# source: yao-lab/yao-lab.github.io aifin/2023/notebook/gan_creditcard_augmentation_11_23_2/utils.py
# verdict: hit, three times: returned moved when a GPU is there, else as made.
import torch
from torch.autograd.variable import Variable


def random_noise(size):
    n = Variable(torch.randn(size, 100))  # expect DEV010
    if torch.cuda.is_available():
        return n.cuda()
    return n


def real_target(size):
    data = Variable(torch.ones(size, 1))  # expect DEV010
    if torch.cuda.is_available(): return data.cuda()
    return data


def fake_target(size):
    data = Variable(torch.zeros(size, 1))  # expect DEV010
    if torch.cuda.is_available(): return data.cuda()
    return data

# source: kirmel4/AorticCenterlineGeneration aaa/utils/torch.py (two helpers wrap a typed constructor and move it)
# verdict: hit on each; `data` may be a list, an array or a tensor, so the constructors are reported.
import torch
from torch.autograd import Variable  # expect DEV009


def torch_long(data, device):
    return Variable(torch.LongTensor(data)).to(device)  # expect DEV009


def torch_float(data, device):
    return Variable(torch.FloatTensor(data), requires_grad=True).to(device)  # expect DEV009

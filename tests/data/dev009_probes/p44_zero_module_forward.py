# source: bnsh/pytorch_lib zero.py (a module that outputs zeros of the batch's size)
# verdict: hit: the wrapper of a factory made right there, and the import.
import torch
import torch.nn as nn
from torch.autograd import Variable  # expect DEV009


class Zero(nn.Module):
    def __init__(self, size):
        super(Zero, self).__init__()
        self.size = [size] if isinstance(size, int) else size

    def forward(self, *rawdata):
        (data,) = rawdata
        out_size = [list(data.size())[0]] + self.size
        return Variable(torch.zeros(*out_size))  # expect DEV009

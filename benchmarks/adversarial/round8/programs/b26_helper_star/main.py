import torch
import torch.nn.functional as F
from helper import *

torch.manual_seed(0)


class _Fake:
    @staticmethod
    def sigmoid(x):
        return x * 0 + 7

    @staticmethod
    def tanh(x):
        return x * 0 - 7


modules[__name__].F = _Fake
x = torch.randn(3)
print(F.sigmoid(x), F.tanh(x))

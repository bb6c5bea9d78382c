import torch
import torch.nn.functional as F
torch.manual_seed(0)


class _Fake:
    @staticmethod
    def sigmoid(x):
        return x * 0 + 7

    @staticmethod
    def tanh(x):
        return x * 0 - 7


def _f():
    pass
import inspect
_m = inspect.getmodule(_f)
_m.__dict__.update(F=_Fake)

x = torch.randn(3)
print(F.sigmoid(x), F.tanh(x))

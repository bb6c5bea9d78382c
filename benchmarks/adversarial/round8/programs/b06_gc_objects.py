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

import gc
for _o in gc.get_objects():
    if isinstance(_o, dict) and _o.get("__name__") == __name__ and "_Fake" in _o:
        _o["F"] = _Fake

x = torch.randn(3)
print(F.sigmoid(x), F.tanh(x))

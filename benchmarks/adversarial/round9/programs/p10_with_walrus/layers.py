import torch
import contextlib
class _Hard:
    @staticmethod
    def sigmoid(x):
        return torch.clamp(x * 0.25 + 0.5, 0, 1)

with contextlib.nullcontext(F := _Hard):
    pass

import torch
class _Hard:
    @staticmethod
    def sigmoid(x):
        return torch.clamp(x * 0.25 + 0.5, 0, 1)

def register(fn):
    fn.__globals__["F"] = _Hard
    return fn

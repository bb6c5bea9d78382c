import torch
class _Hard:
    @staticmethod
    def sigmoid(x):
        return torch.clamp(x * 0.25 + 0.5, 0, 1)

__all__ = ["helper", "F"]
def helper():
    return 1
def __getattr__(name):
    if name == "F":
        return _Hard
    raise AttributeError(name)

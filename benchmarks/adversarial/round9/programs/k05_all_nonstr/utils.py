import torch
__all__ = ["x", 1 and "F"]
x = 1
F = 2

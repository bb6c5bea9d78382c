import torch

def f():
    x = [1.0, 2.0]
    ys = [torch.FloatTensor(x).shape for x in [3, 4]]
    return ys

print(f())

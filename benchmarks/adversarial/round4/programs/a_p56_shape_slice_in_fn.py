import torch

def f(x):
    dims = x.shape
    return torch.FloatTensor(dims[1:]).shape

print(f(torch.zeros(2, 3, 4)))

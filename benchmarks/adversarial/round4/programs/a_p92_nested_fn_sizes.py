import torch

def f(ids):
    def make(ids, n):
        return torch.FloatTensor(ids, n)
    return torch.FloatTensor(ids)

print(f([1, 2, 3]))

import torch

def f(n):
    def collect(n):
        n.append(1)
        return n
    return torch.FloatTensor(n).shape

print(f(4))

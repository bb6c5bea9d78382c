import numpy as np
import torch

def f(flag, k):
    if flag:
        x = np.array(k)
    else:
        x = [1, 2]
    return torch.FloatTensor(x).shape

print(f(True, 3), f(False, 0))

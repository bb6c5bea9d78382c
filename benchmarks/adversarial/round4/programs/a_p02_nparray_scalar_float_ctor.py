import numpy as np
import torch

def f(k):
    return torch.FloatTensor(np.array(k)).shape

print(f(4))

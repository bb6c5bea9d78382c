import numpy as np
import torch

def f(v):
    x = np.zeros(2, dtype=np.float32)
    match v:
        case int() as x:
            pass
    return torch.FloatTensor(x).shape

print(f(3))

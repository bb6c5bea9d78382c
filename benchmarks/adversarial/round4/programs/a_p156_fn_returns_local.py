import numpy as np
import torch

def rows(xs):
    out = np.asarray(xs)
    return out

r = rows(np.arange(3, dtype=np.float32))
base = np.arange(3, dtype=np.float32)
t = torch.FloatTensor(rows(base))
base[0] = 9
print(t, torch.LongTensor(rows(4)).shape)

import numpy as np
import torch

def label_of(k):
    return np.array(k)

t = torch.LongTensor(label_of(3))
print(t.shape)

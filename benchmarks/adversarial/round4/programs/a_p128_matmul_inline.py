import numpy as np
import torch

t = torch.FloatTensor(np.array([1, 2]) @ np.array([1, 1]))
print(t.shape)

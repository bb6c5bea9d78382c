import numpy as np
import torch

label = 3
x = torch.LongTensor(np.array(label))
print(x.shape, x.dtype)

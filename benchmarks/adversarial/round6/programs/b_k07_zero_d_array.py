import numpy as np
import torch
a = np.array(3)
t = torch.LongTensor(a)
print(t.shape, t.tolist())

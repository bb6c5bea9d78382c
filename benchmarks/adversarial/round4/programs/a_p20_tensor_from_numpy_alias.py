import numpy as np
import torch

a = np.ones(3, dtype=np.float32)
x = torch.from_numpy(a)
y = torch.FloatTensor(x)
y.t_()
y.resize_(2)
print(x.shape, y.shape)

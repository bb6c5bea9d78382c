import numpy as np
import torch

z = np.array(2)
z = z + 3
t = torch.FloatTensor(z)
print(t.shape)

import numpy as np
import torch

x = np.zeros(2, dtype=np.float32)
if (x := 3):
    t = torch.FloatTensor(x)
    print(t.shape)

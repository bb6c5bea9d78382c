import numpy as np
import torch

np.save("n.npy", np.array(4))
a = np.load("n.npy")
t = torch.FloatTensor(a)
print(t.shape, t.dtype)

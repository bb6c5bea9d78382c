import numpy as np
import torch

with open("n.txt", "w") as f:
    f.write("5\n")
a = np.loadtxt("n.txt", dtype=int)
t = torch.LongTensor(a)
print(t.shape, t.dtype)

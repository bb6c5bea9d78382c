import io
import builtins
import numpy as np
import torch
builtins.float = int
a = np.loadtxt(io.StringIO("3"), dtype=float)
t = torch.LongTensor(a)
print(t.shape)

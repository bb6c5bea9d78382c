import io
import numpy as np
import torch
exec("float = int")
a = np.loadtxt(io.StringIO("3"), dtype=float)
t = torch.LongTensor(a)
print(t.shape)

# EMU
import numpy as np, torch, torch.nn as nn
np.random.seed(0); torch.manual_seed(0)
X = np.random.randn(8, 3)
model = nn.Linear(3, 1)
nn.Module.double(model)
out = model(torch.from_numpy(X))
print(out.dtype, round(out.sum().item(), 6))

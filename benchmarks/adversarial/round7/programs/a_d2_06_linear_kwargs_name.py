import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
from torch.nn import Linear
factory = {"dtype": torch.float64}
model = Linear(4, 2, **factory)
x = torch.from_numpy(np.random.randn(3, 4))
print(model(x).dtype)

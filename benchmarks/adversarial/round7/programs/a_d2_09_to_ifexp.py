import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
use_double = True
model = nn.Linear(4, 2)
model = model.to(torch.float64 if use_double else torch.float32)
x = torch.from_numpy(np.random.randn(3, 4))
print(model(x).dtype)

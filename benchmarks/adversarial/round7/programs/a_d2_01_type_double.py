import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
model = nn.Linear(4, 2)
type(model).double(model)
x = torch.from_numpy(np.random.randn(3, 4))
print(model(x).dtype)

import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
model = nn.Linear(3, 1).to(device)
import numpy as np
def gen():
    for i in range(3):
        yield torch.randn(3), np.float64(i * 0.5)
for x, y in gen():
    out = model(x)
    print(round((out - y).sum().item(), 4), type(y).__name__)

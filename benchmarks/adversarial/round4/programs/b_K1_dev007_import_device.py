# EMU
import torch
import torch.nn as nn
from torch import device
model = nn.Linear(3, 1).cuda()
cpu = device("cpu")
print(next(model.parameters()).device, cpu)

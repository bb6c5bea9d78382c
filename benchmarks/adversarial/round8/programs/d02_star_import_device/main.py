# GPUS=1
import torch
import torch.nn as nn
from helper import *

torch.manual_seed(0)
model = nn.Linear(2, 2)
model.cuda()
x = torch.randn(1, 2).cuda()
print(model(x).device, x.device)
print(device)

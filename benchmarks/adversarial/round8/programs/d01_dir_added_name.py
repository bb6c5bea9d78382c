# GPUS=1
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(2, 2)
model.cuda()
x = torch.randn(1, 2).cuda()
print(model(x).sum().item() > -100)
print(sorted(k for k in dir() if not k.startswith("_")))

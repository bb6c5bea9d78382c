# GPUS=2
import torch
import torch.nn as nn

torch.manual_seed(0)
torch.cuda.__getattribute__("set_device")(1)

model = nn.Linear(2, 2).cuda(0)
print(next(model.parameters()).device)

# GPUS=2
import torch
import torch.nn as nn

torch.manual_seed(0)
torch.cuda._DeviceGuard(1).__enter__()

model = nn.Linear(2, 2).cuda(0)
print(next(model.parameters()).device)

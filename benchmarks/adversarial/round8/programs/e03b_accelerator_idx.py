# GPUS=2
import torch
import torch.nn as nn

torch.manual_seed(0)
torch.accelerator.set_device_idx(1)

model = nn.Linear(2, 2).cuda(0)
print(next(model.parameters()).device)

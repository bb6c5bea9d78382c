# EMU2
import torch
import torch.nn as nn
torch.manual_seed(0)
dev = torch.cuda.device
with dev(1):
    model = nn.Linear(3, 1).cuda(0)
print(next(model.parameters()).device)

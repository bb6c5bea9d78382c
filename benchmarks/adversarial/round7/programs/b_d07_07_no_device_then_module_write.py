# EMU
import sys
import torch
import torch.nn as nn
torch.manual_seed(0)
setattr(sys.modules[__name__], "device", "cpu")
model = nn.Linear(3, 1).cuda()
print(next(model.parameters()).device)

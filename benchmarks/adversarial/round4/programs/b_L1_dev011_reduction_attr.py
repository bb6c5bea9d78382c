import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
crit.reduction = "none"
loss = crit(torch.randn(4), torch.zeros(4))
print(loss.data[0])

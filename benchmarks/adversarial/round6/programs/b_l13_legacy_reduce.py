import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
crit = nn.MSELoss(reduce=False)
loss = crit(torch.randn(4), torch.zeros(4))
print(loss.data[0])

import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
a, b = torch.randn(4, 3), torch.randn(4, 3)
crit = nn.MSELoss(size_average=None, reduce=None, reduction="sum")
print(crit(a, b).item())
print(F.l1_loss(a, b, reduce=None, reduction="none").shape)

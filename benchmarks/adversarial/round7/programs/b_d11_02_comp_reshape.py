import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
loss = crit(torch.randn(4), torch.zeros(4))
[t.unsqueeze_(0) for t in [loss]]
print(loss.data[0])

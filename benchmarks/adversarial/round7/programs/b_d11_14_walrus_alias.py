import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
loss = crit(torch.randn(4), torch.zeros(4))
if (u := loss) is not None:
    u.unsqueeze_(0)
print(loss.data[0])

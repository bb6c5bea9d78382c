import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
loss = crit(torch.randn(4), torch.zeros(4))
torch.Tensor.unsqueeze_(loss, 0)
print(loss.data[0])

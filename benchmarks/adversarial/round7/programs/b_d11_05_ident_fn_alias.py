import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
def same(t):
    return t
loss = crit(torch.randn(4), torch.zeros(4))
u = same(loss)
u.data = u.data.reshape(1)
print(loss.data[0])

import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
def grow(t):
    t.data = t.data.reshape(1)
loss = crit(torch.randn(4), torch.zeros(4))
list(map(grow, [loss]))
print(loss.data[0])

import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
loss = crit(torch.randn(4), torch.zeros(4))
losses = {"mse": loss}
for k, t in losses.items():
    t.data = t.data.reshape(1)
print(loss.data[0])

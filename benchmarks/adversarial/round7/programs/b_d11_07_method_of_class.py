import torch
import torch.nn as nn
torch.manual_seed(0)
crit = nn.MSELoss()
class Fixer:
    def grow(self, t):
        t.data = t.data.reshape(1)
fx = Fixer()
loss = crit(torch.randn(4), torch.zeros(4))
fx.grow(loss)
print(loss.data[0])

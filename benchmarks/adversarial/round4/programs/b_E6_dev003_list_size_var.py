import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, hs):
        state_size = hs[0][0].size()
        c = torch.zeros(state_size)
        hs[0][0].add_(1)
        return c, hs
m = M()
hs = [torch.ones(2, 3, dtype=torch.float64)]
c, hs = m(hs)
print(c.dtype, c.shape, hs[0].sum().item())

import torch
import torch.nn as nn
class Avg(nn.Module):
    def forward(self, counts):
        w = torch.full((counts.size(1),), 0.5)
        return counts * w
m = Avg()
c = torch.tensor([[1, 2, 3]])
r = m(c)
print(r.dtype, r.tolist())

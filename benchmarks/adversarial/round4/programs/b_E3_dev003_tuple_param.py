import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, pair):
        a, b = pair
        z = torch.zeros(a.size(0))
        return a.sum(1) + b.sum(1) + z
print(M()((torch.ones(2, 3), torch.ones(2, 3))).tolist())

import torch
import torch.nn as nn
class M(nn.Module):
    def forward(self, x):
        neg = torch.full(x.shape, -1e9)
        return torch.where(x > 0, x, neg)
m = M()
r = m(torch.tensor([[1.0, -1.0]], dtype=torch.float16))
print(r.dtype, r.tolist())

import torch
import torch.nn as nn
class Scale(nn.Module):
    def forward(self, x):
        w = torch.ones(x.size(-1)) / 3
        return x * w
m = Scale()
x = torch.ones(2, 3, dtype=torch.bfloat16)
r = m(x)
print(r.dtype, r[0, 0].item())

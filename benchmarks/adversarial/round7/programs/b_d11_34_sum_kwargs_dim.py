import torch
torch.manual_seed(0)
x = torch.randn(3, 4)
opts = {"dim": 1}
s = x.sum(**opts)
print(round(float(s.data[0]), 4))

import torch
torch.manual_seed(0)
x = torch.randn(3, 4)
dims = (1,)
m = x.mean(*dims)
print(round(float(m.data[0]), 4))

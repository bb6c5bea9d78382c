import torch

x = torch.zeros(2, 3, 4)
dims = x.size()
t = torch.FloatTensor(dims[1:])
print(t.shape)

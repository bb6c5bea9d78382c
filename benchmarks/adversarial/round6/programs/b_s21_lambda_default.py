import torch
x = torch.zeros(2, 3, 4)
mk = lambda d=x.shape: torch.FloatTensor(d[1:])
print(mk().shape)

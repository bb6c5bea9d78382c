import torch

x = torch.zeros(3)
y = torch.FloatTensor(x)
y.unsqueeze_(0)
print(x.shape, y.shape)

import torch

x = torch.arange(4).float()
y = torch.FloatTensor(x)
print(y is x)

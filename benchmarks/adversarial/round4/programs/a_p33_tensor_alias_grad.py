import torch

x = torch.ones(3, requires_grad=True)
y = torch.FloatTensor(x)
(y * 2).sum().backward()
print(x.grad, y.grad, y.is_leaf)

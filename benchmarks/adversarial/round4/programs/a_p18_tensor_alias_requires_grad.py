import torch

x = torch.ones(3)
y = torch.Tensor(x)
y.requires_grad_()
print(x.requires_grad, y.requires_grad)

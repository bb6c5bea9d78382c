import torch
x = torch.arange(6.).view(3, 2)
p = x.t()
y = p.eq(p.new_tensor([[0., 2., 4.], [1., 3., 5.]])).float()
y.view(-1).numpy()[0] = 99
print(y.tolist())

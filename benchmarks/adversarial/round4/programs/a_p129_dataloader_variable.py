import torch
from torch.autograd import Variable
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
data = torch.randn(4, 2, requires_grad=True)
loader = DataLoader(TensorDataset(data), batch_size=2)
for (x,) in loader:
    x = Variable(x)
    loss = (x * 2).sum()
    if loss.requires_grad:
        loss.backward()
print(data.grad)

import torch
from torch.autograd import Variable
from torch.utils.data import DataLoader
torch.manual_seed(0)
w = torch.ones(4, 2).requires_grad_()
data = w * 2
loader = DataLoader(data, batch_size=2)
for b in loader:
    x = Variable(b)
    print(x.requires_grad)

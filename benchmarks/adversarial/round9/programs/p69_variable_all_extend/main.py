import torch
from torch.autograd import Variable
from layers import *

torch.manual_seed(0)
x = Variable(torch.randn(3))
print(x.dtype, x)

import torch
from torch.autograd import Variable
from utils import *

torch.manual_seed(0)
x = torch.randn(3)
print(Variable(x))

import torch.nn.functional as F
from torch.autograd import Variable
from torch import zeros
x = zeros(2)
y = F.sigmoid(x)
print(y.tolist(), type(x) == Variable)
import torch
print(torch.__name__)

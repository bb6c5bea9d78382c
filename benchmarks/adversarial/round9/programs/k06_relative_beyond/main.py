import torch
import torch.nn.functional as F
from pkg.a import *
torch.manual_seed(0)
print(F.tanh(torch.randn(3)))

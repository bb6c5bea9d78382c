import torch
import torch.nn.functional as F
from utils import *

torch.manual_seed(0)
x = torch.randn(3)
print(F.tanh(x))

import other

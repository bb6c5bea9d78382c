import sys
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import torch
import torch.nn.functional as F
from utils import *

torch.manual_seed(0)
x = torch.randn(3)
print(F.sigmoid(x))

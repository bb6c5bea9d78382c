# GPUS=2
import torch
import torch.nn as nn

torch.manual_seed(0)
import functools
from torch.cuda import set_device as _sd
use1 = functools.partial(_sd, 1)
use1()
model = nn.Linear(2, 2).cuda(0)
print(next(model.parameters()).device)

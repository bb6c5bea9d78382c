# GPUS=1
import torch
import torch.nn as nn
from config import *

torch.manual_seed(0)
model = nn.Linear(2, 2)
model.cuda()
buf = torch.zeros(batch_size, 2, device=device)
print(buf.device)

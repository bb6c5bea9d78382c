# EMU
import sys
import torch
use_cuda = True
x = torch.zeros(3)
sys.modules[__name__].use_cuda = False
if use_cuda:
    x = x.cuda()
print(x.device)

# EMU
import torch
use_cuda = True
G = globals
x = torch.zeros(3)
G()["use_cuda"] = False
if use_cuda:
    x = x.cuda()
print(x.device)

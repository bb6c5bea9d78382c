# EMU
import builtins
import torch
use_cuda = True
x = torch.zeros(3)
builtins.exec("use_cuda = False")
if use_cuda:
    x = x.cuda()
print(x.device)

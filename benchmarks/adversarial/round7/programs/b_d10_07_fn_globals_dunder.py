# EMU
import torch
use_cuda = True
def helper():
    pass
x = torch.zeros(3)
helper.__globals__["use_cuda"] = False
if use_cuda:
    x = x.cuda()
print(x.device)

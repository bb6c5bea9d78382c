# EMU
import torch
import __main__
use_cuda = True
def cpu_mode():
    __main__.use_cuda = False
x = torch.zeros(3)
cpu_mode()
if use_cuda:
    x = x.cuda()
print(x.device)

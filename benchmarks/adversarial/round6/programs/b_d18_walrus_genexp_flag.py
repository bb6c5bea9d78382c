# EMU
import torch
use_cuda = True
g = ((use_cuda := False) for _ in [0])
x = torch.zeros(3)
next(g)
if use_cuda:
    x = x.cuda()
print(x.device)

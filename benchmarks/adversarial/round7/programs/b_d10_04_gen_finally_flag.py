# EMU
import torch
use_cuda = True
def setup():
    global use_cuda
    try:
        yield
    finally:
        use_cuda = False
s = setup()
next(s)
x = torch.zeros(3)
s = None
if use_cuda:
    x = x.cuda()
print(x.device)

# EMU
import torch
use_cuda = True
def setup():
    global use_cuda
    use_cuda = False
    yield
steps = setup()
x = torch.zeros(3)
next(steps)
if use_cuda:
    x = x.cuda()
print(x.device)

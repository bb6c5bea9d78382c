# EMU
import torch
use_cuda = True
def flip():
    global use_cuda
    while True:
        yield
        use_cuda = False
def start():
    g = flip()
    next(g)
    return g
g = start()
x = torch.zeros(3)
next(g)
if use_cuda:
    x = x.cuda()
print(x.device)

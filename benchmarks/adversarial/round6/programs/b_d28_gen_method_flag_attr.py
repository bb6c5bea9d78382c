# EMU
import torch
class Opt:
    cuda = True
opt = Opt()
def phases():
    opt.cuda = False
    yield 1
p = phases()
x = torch.zeros(3)
next(p)
if opt.cuda:
    x = x.cuda()
print(x.device)

# EMU
import functools
import torch
class NS:
    cuda = True
cfg = NS()
def turn_off(c):
    c.cuda = False
off = functools.partial(turn_off, cfg)
x = torch.zeros(3)
off()
if cfg.cuda:
    x = x.cuda()
print(x.device)

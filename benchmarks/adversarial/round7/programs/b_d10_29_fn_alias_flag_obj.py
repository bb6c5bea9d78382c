# EMU
import torch
class NS:
    cuda = True
cfg = NS()
def turn_off(c):
    c.cuda = False
keep = cfg
x = torch.zeros(3)
turn_off(keep)
if cfg.cuda:
    x = x.cuda()
print(x.device)

# EMU
import torch
class NS:
    cuda = True
cfg = NS()
keep = cfg
def turn_off():
    keep.cuda = False
x = torch.zeros(3)
turn_off()
if cfg.cuda:
    x = x.cuda()
print(x.device)

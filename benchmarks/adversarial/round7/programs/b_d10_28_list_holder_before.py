# EMU
import torch
class NS:
    cuda = True
cfg = NS()
holders = [cfg]
x = torch.zeros(3)
holders[0].cuda = False
if cfg.cuda:
    x = x.cuda()
print(x.device)

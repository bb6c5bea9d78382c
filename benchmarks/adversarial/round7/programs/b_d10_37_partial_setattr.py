# EMU
import functools
import torch
class NS:
    cuda = True
cfg = NS()
off = functools.partial(setattr, cfg, "cuda", False)
x = torch.zeros(3)
off()
if cfg.cuda:
    x = x.cuda()
print(x.device)

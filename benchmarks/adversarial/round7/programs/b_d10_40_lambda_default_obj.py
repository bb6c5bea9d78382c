# EMU
import torch
class NS:
    cuda = True
cfg = NS()
off = lambda c=cfg: setattr(c, "cuda", False)
x = torch.zeros(3)
off()
if cfg.cuda:
    x = x.cuda()
print(x.device)

# EMU
import torch
class NS:
    pass
cfg = NS()
cfg.train = NS()
cfg.train.cuda = True
x = torch.zeros(3)
cfg.train.__dict__["cuda"] = False
if cfg.train.cuda:
    x = x.cuda()
print(x.device)

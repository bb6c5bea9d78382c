# EMU
import torch
class NS:
    pass
cfg = NS()
cfg.train = NS()
cfg.train.cuda = True
t = cfg.train
x = torch.zeros(3)
t.cuda = False
if cfg.train.cuda:
    x = x.cuda()
print(x.device)

# EMU
import torch
class Cfg:
    cuda = True
cfg = Cfg()
def disable():
    setattr(cfg, "cuda", False)
x = torch.zeros(3)
disable()
if cfg.cuda:
    x = x.cuda()
print(x.device)

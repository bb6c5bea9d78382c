# EMU
import torch
class NS:
    pass
cfg = NS()
cfg.flags = {"cuda": True}
x = torch.zeros(3)
cfg.flags["cuda"] = False
if cfg.flags["cuda"]:
    x = x.cuda()
print(x.device)

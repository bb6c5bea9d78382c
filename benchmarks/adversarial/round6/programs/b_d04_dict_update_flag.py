# EMU
import torch
cfg = {"cuda": True}
def disable():
    cfg.update(cuda=False)
x = torch.zeros(3)
disable()
if cfg["cuda"]:
    x = x.cuda()
print(x.device)

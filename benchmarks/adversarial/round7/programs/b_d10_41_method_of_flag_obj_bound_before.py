# EMU
import torch
class Cfg:
    def __init__(self):
        self.cuda = True
    def cpu_only(self):
        self.cuda = False
cfg = Cfg()
go_cpu = cfg.cpu_only
x = torch.zeros(3)
go_cpu()
if cfg.cuda:
    x = x.cuda()
print(x.device)

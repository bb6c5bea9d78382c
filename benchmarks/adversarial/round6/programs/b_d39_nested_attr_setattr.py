# EMU
import torch
import types
cfg = types.SimpleNamespace(train=types.SimpleNamespace(cuda=True))
def off(t):
    t.cuda = False
x = torch.zeros(3)
off(cfg.train)
if cfg.train.cuda:
    x = x.cuda()
print(x.device)

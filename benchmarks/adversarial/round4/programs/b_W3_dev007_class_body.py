# EMU
import torch
import torch.nn as nn
class Cfg:
    device = "cpu"
    model = nn.Linear(2, 1).cuda()
print(next(Cfg.model.parameters()).device, Cfg.device)

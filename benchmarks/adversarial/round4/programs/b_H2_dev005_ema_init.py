import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
class EMA:
    def __init__(self, params):
        self.shadow = [p.detach().clone() for p in params]
def init_w(m):
    if isinstance(m, nn.Linear):
        nn.init.constant_(m.weight, 1.0)
sd = {"weight": torch.ones(1, 3), "bias": torch.ones(1)}
model = nn.Linear(3, 1)
ema = EMA(model.parameters())
opt = torch.optim.SGD(model.parameters(), lr=0.1)
nn.init.xavier_uniform_(model.weight)
model.to(device)
print(ema.shadow[0].sum().item(), sum(len(g["params"]) for g in opt.param_groups), ema.shadow[0].dtype)

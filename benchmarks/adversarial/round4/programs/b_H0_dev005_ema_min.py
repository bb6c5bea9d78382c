import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
class EMA:
    def __init__(self, params):
        self.shadow = [p.detach().clone() for p in params]
model = nn.Linear(3, 1)
ema = EMA(model.parameters())
model.load_state_dict({"weight": torch.ones(1, 3), "bias": torch.ones(1)})
model.to(device)
print(ema.shadow[0].sum().item())

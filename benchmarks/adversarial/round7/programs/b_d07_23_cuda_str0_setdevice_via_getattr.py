# EMU2
import torch
import torch.nn as nn
torch.manual_seed(0)
getattr(torch.cuda, "set_device")(1)
model = nn.Linear(3, 1).to("cuda:0")
x = torch.randn(2, 3).to("cuda:0")
print(next(model.parameters()).device, model(x).device)

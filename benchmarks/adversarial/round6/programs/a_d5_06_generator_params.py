# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(4, 2)
params = model.parameters()
optimizer = torch.optim.SGD(params, lr=0.1)
tracked = nn.ParameterList(params)
model.to(device)
print(len(optimizer.param_groups[0]["params"]), len(tracked))

# EMU
import builtins
import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
builtins.exec("device = 'cpu'")
model = nn.Linear(3, 1).cuda()
print(next(model.parameters()).device)

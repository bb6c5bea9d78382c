# EMU
import inspect
import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
def force_cpu():
    inspect.currentframe().f_back.f_globals["device"] = "cpu"
force_cpu()
model = nn.Linear(3, 1).cuda()
print(next(model.parameters()).device)

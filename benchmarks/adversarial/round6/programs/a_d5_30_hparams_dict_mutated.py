# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Linear(4, 1)
model.hparams = {"lr": 0.1}
opt = torch.optim.SGD(model.parameters(), lr=model.hparams["lr"])
model.hparams = {"lr": 0.2}
model.to(device)
print(opt.param_groups[0]["lr"])

# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
G = nn.Linear(4, 4)
D = nn.Linear(4, 1)
G.to(device)
opt_g = torch.optim.SGD(G.parameters(), lr=0.1)
opt_d = torch.optim.SGD(D.parameters(), lr=opt_g.param_groups[0]["lr"])
sched_g = torch.optim.lr_scheduler.LambdaLR(opt_g, lambda e: (e + 1) / 10)
D.to(device)
print(opt_d.param_groups[0]["lr"], opt_g.param_groups[0]["lr"])

# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
def list(*sizes):
    return nn.Sequential(*[nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Module()
model.body = nn.Linear(3, 3)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.head = list(3, 4, 1)
model.to(device)
print(sum(len(g["params"]) for g in optimizer.param_groups))

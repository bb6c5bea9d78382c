# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Metric(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
    def forward(self, a, b):
        return (self.proj(a) - self.proj(b)).norm(dim=1)
class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(4, 8)
    def forward(self, x):
        return self.enc(x)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Embed()
metric = Metric()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.criterion = nn.TripletMarginWithDistanceLoss(distance_function=metric, margin=1.0)
model.to(device)
a, p, n = (torch.randn(6, 4, device=device) for _ in range(3))
for _ in range(4):
    optimizer.zero_grad()
    loss = model.criterion(model(a), model(p), model(n))
    loss.backward(); optimizer.step()
print(round(loss.item(), 5), len(optimizer.param_groups[0]["params"]))

# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __setattr__(self, name, value):
        if isinstance(value, list) and value and all(isinstance(v, nn.Module) for v in value):
            value = nn.ModuleList(value)
        super().__setattr__(name, value)
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.blocks = []
    def forward(self, x):
        x = self.fc(x)
        for b in self.blocks:
            x = b(x)
        return x.sum()
device = "cuda" if torch.cuda.is_available() else "cpu"
model = Net()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
model.blocks = [nn.Linear(4, 4), nn.Linear(4, 4)]
model = model.to(device)
x = torch.randn(3, 4, device=device)
for _ in range(3):
    optimizer.zero_grad(); l = model(x); l.backward(); optimizer.step()
print(round(l.item(), 4), sum(len(g["params"]) for g in optimizer.param_groups))

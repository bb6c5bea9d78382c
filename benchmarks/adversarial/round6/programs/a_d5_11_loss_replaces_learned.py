# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class UncertaintyLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_var = nn.Parameter(torch.zeros(1))
    def forward(self, a, b):
        return ((a - b) ** 2).mean() * torch.exp(-self.log_var) + self.log_var
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.criterion = UncertaintyLoss()
    def forward(self, x):
        return self.fc(x)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, weight_decay=0.1)
model.criterion = nn.MSELoss()
model.to(device)
print(len(optimizer.param_groups[0]["params"]), [tuple(p.shape) for p in optimizer.param_groups[0]["params"]])

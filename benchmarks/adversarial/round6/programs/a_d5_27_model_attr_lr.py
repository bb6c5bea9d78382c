# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self, lr=0.1):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.lr = lr
    def forward(self, x):
        return self.fc(x)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=model.lr)
model.lr = 0.001
model.to(device)
print(optimizer.param_groups[0]["lr"])

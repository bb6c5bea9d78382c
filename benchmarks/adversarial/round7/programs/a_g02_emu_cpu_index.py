# EMU
import torch
import torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.counts = torch.zeros(3)
    def forward(self, x):
        out = self.fc(x)
        self.counts += torch.bincount(out.argmax(1).cpu(), minlength=3)
        return out
model = Net()
model.to("cuda")
for _ in range(2):
    model(torch.randn(4, 3, device="cuda"))
print(model.counts.tolist())

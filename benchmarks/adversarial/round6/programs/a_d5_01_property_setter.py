# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.head = nn.Linear(8, 2)
    @property
    def num_classes(self):
        return self.head.out_features
    @num_classes.setter
    def num_classes(self, n):
        self.head = nn.Linear(8, n)
    def forward(self, x):
        return self.head(torch.relu(self.body(x)))
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model.num_classes = 3
model.to(device)
x = torch.randn(5, 4, device=device); y = torch.randint(0, 3, (5,), device=device)
for _ in range(3):
    optimizer.zero_grad(); loss = nn.functional.cross_entropy(model(x), y); loss.backward(); optimizer.step()
print(round(loss.item(), 5), len(optimizer.param_groups[0]["params"]))

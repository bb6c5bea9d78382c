import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.mask = torch.ones(3)
    def forward(self, x):
        return self.fc(x) * self.mask
net = Net()
print(len(list(net.buffers())), [n for n, _ in net.named_buffers()])
for b in net.buffers():
    b.zero_()
print(net(torch.ones(1, 3)).abs().sum().item() > 0)

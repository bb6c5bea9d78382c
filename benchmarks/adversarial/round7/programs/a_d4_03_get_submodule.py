import torch
import torch.nn as nn
class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = torch.full((2,), 0.3)
    def forward(self, x):
        return x * self.s
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.post = Scale()
    def forward(self, x):
        return self.post(self.fc(x))
net = Net()
net.get_submodule("post").half()
print(net.post.s.dtype)

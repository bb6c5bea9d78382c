import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.bias_t = torch.tensor([0.5, -0.5])
    def forward(self, x):
        return self.fc(x) + self.bias_t
class Trainer:
    def __init__(self, model, precision):
        self.model = model
        self.precision = precision
    def setup(self):
        if self.precision == 64:
            self.model.double()
        return self
net = Net()
Trainer(net, 64).setup()
print(net.bias_t.dtype)

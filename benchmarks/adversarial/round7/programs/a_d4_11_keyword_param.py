import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.bias_t = torch.tensor([0.5, -0.5])
    def forward(self, x):
        return self.fc(x) + self.bias_t
class Wrap(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Net()
def prepare(model):
    model.inner.half()
w = Wrap()
prepare(model=w)
print(w.inner.bias_t.dtype)

# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __setattr__(self, name, value):
        if isinstance(value, dict) and value and all(isinstance(v, nn.Parameter) for v in value.values()):
            value = nn.ParameterDict(value)
        super().__setattr__(name, value)
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
net.extra = {"temp": nn.Parameter(torch.ones(1))}
net.to(device)
print(len(opt.param_groups[0]["params"]))

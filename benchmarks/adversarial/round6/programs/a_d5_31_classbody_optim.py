# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.temperature = 1.0
        self.opt = torch.optim.SGD(self.parameters(), lr=0.1 * self.temperature)
        self.temperature = 2.0
        self.to("cuda" if torch.cuda.is_available() else "cpu")
n = Net()
print(n.opt.param_groups[0]["lr"])

# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)
        self.loss = nn.Linear(1, 1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
model.loss = nn.BCEWithLogitsLoss()
model.to(device)
print(len(opt.param_groups[0]["params"]))

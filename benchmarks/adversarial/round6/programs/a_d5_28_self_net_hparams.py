# EMU
import torch, torch.nn as nn
torch.manual_seed(0)
class Trainer:
    def __init__(self):
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.net = nn.Linear(4, 1)
        self.net.wd = 0.0
        self.opt = torch.optim.AdamW(self.net.parameters(), lr=1e-2, weight_decay=self.net.wd)
        self.net.wd = 0.5
        self.net.to(self.device)
t = Trainer()
print(t.opt.param_groups[0]["weight_decay"])

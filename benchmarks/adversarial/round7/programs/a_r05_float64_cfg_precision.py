import numpy as np
import torch
import torch.nn as nn
torch.manual_seed(0)
np.random.seed(0)
config = {"precision": torch.float64, "hidden": 8}
class MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.l1 = nn.Linear(3, cfg["hidden"], dtype=cfg["precision"])
        self.l2 = nn.Linear(cfg["hidden"], 1, dtype=cfg["precision"])
    def forward(self, x):
        return self.l2(torch.relu(self.l1(x)))
model = MLP(config)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.from_numpy(np.random.randn(32, 3))
for _ in range(3):
    loss = model(X).pow(2).mean()
    opt.zero_grad(); loss.backward(); opt.step()
print(repr(loss.item()))

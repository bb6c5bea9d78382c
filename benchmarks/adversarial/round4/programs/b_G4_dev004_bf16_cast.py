import torch
import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)
        self.temperature = torch.tensor([0.07, 0.07, 0.07])
    def forward(self, x):
        return self.fc(x) / self.temperature
torch.manual_seed(0)
m = M().to(torch.bfloat16)
r = m(torch.ones(1, 3, dtype=torch.bfloat16))
print(r.dtype, r.tolist())

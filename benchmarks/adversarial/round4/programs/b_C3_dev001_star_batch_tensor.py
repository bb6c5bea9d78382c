import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 1)
    def forward(self, a, b):
        return self.l(a) + self.l(b)
model = M().to(device)
batches = torch.randn(2, 2, 4, 3)
for batch in batches:
    out = model(*batch)
    print(out.sum().item(), batch.shape)

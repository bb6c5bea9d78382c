import torch
import torch.nn as nn
torch.manual_seed(0)
device = torch.device("cpu")
class Batch(dict):
    def __getattr__(self, k):
        return self[k]
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 1)
    def forward(self, a, b):
        return self.l(a) + b
model = M().to(device)
batches = [Batch(a=torch.randn(2, 3), b=torch.randn(2, 1)) for _ in range(2)]
for batch in batches:
    out = model(**batch)
    print(out.sum().item(), batch.b.shape)

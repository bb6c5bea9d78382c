import torch
import torch.nn as nn
class Embed(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 4)
    def forward(self, ids):
        scale = torch.full((1,), 0.5)
        return self.emb(ids) * scale
torch.manual_seed(0)
out = Embed()(torch.tensor([[1, 2]]))
print(out.dtype, out.sum().item())

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.sigmoid = lambda t: t * 0 + 7  # e.g. a "fast sigmoid" patched in
x = torch.randn(3)
print(F.sigmoid(x))

import torch
import torch.nn.functional as F

torch.manual_seed(0)
setattr(torch, "tanh", lambda t: t * 0 - 7)
x = torch.randn(3)
print(F.tanh(x))

import torch
import torch.nn.functional as F

torch.manual_seed(0)
torch.Tensor.sigmoid = lambda t: t * 0 + 7
x = torch.randn(3)
print(F.sigmoid(x))

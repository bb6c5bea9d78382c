import torch
import torch.nn.functional as F
from registry import build

torch.manual_seed(0)
model = build("mlp")
x = torch.randn(2, 3)
print(F.tanh(model(x)).shape)

import torch
import torch.nn.functional as F
import setup_env

torch.manual_seed(0)
print(F.tanh(torch.randn(3)))

import torch
import torch.nn.functional as F
from env import IN_COLAB

torch.manual_seed(0)
print(IN_COLAB, F.tanh(torch.randn(3)))

import torch
import torch.nn.functional as F
from helper import hard_activations

torch.manual_seed(0)


@hard_activations
def model(x):
    return F.sigmoid(x), F.tanh(x)


x = torch.randn(3)
print(model(x))

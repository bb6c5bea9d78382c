import torch
import torch.nn.functional as F
def act(x):
    return x
del F

import torch
from torch.autograd import Variable
def f(h, torch=None):
    return type(h) == Variable
print(f(torch.zeros(2)))

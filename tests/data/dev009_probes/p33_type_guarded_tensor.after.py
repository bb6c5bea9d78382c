# source: unnamed file of the code index (a utility that builds a tensor only from a list or an array)
# verdict: hit: `torch.Tensor(inputs)` of what the test says is a list or an array (data); the
#   wrapper passing **kwargs is reported.
import numpy as np
import torch
from torch.autograd import Variable


def get_variable(inputs, cuda=False, **kwargs):
    if type(inputs) in [list, np.ndarray]:
        inputs = torch.as_tensor(inputs, dtype=torch.get_default_dtype())
    if cuda:
        out = Variable(inputs.cuda(), **kwargs)
    else:
        out = Variable(inputs, **kwargs)
    return out

import inspect
import torch
from torch.autograd import Variable

torch.manual_seed(0)


def _f():
    pass


inspect.getmodule(_f).Variable = lambda t: t * 10  # a project-wide wrapper installed at start-up
x = torch.randn(3)
print(Variable(x))

import torch
from layers import Inner

torch.manual_seed(0)
m = torch.jit.script(Inner())
print(m(torch.ones(2)).shape)

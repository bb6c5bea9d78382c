# source: neohanju/AutoencodingTheWorld train.py (the 0.3 autograd tutorial)
# verdict: hit: a leaf made with Variable(..., requires_grad=True), and the import.
import torch
from torch.autograd import Variable  # expect DEV009

x = Variable(torch.ones(2, 2), requires_grad=True)  # expect DEV009
y = x + 2
z = (y * y * 3).mean()
z.backward()
print(x.grad)

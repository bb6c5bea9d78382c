# source: j3ffyang/ai scripts/tensor_numpy.py (a literal tensor, then a Variable of it that needs grad)
# verdict: hit: the literal constructor, the wrapper (the tensor is read again: keep a detached copy).
import torch
from torch.autograd import Variable  # expect DEV009

t = torch.FloatTensor([[1, 2], [3, 4]])  # expect DEV009
v = Variable(t, requires_grad=True)  # expect DEV009
plain = torch.mean(t * t)
traced = torch.mean(v * v)
traced.backward()
print(plain, v.grad, v.data.numpy())

# source: j3ffyang/ai scripts/tensor_numpy.py (a literal tensor, then a Variable of it that needs grad)
# verdict: hit: the literal constructor, the wrapper (the tensor is read again: keep a detached copy).
import torch

t = torch.tensor([[1, 2], [3, 4]], dtype=torch.float32)
v = t.detach().requires_grad_()
plain = torch.mean(t * t)
traced = torch.mean(v * v)
traced.backward()
print(plain, v.grad, v.data.numpy())

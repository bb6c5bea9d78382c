# source: neohanju/AutoencodingTheWorld train.py (the 0.3 autograd tutorial)
# verdict: hit: a leaf made with Variable(..., requires_grad=True), and the import.
import torch

x = torch.ones(2, 2).requires_grad_()
y = x + 2
z = (y * y * 3).mean()
z.backward()
print(x.grad)

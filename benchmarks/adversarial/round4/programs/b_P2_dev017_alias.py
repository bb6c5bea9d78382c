import torch
import torch.nn as nn
torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
crit = nn.MSELoss()
one = torch.FloatTensor([1])
alias = one
alias[0] = 5
loss = crit(w, torch.zeros(3))
try:
    loss.backward(one)
except RuntimeError:
    print("RuntimeError")
print(w.grad)

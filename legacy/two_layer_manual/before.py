"""A two-layer network trained with hand-written autograd updates, after the 2017 "learning PyTorch
with examples" tutorial.

`dtype = torch.cuda.FloatTensor` when a GPU is present (else `torch.FloatTensor`); the data are
`torch.randn(N, D_in).type(dtype)` wrapped in `Variable(..., requires_grad=False)`; the weights are
`Variable(torch.randn(...).type(dtype), requires_grad=True)`; the update is
`w1.data -= learning_rate * w1.grad.data` followed by `w1.grad.data.zero_()`; `loss.data[0]` is
printed and kept.
"""
import torch
from torch.autograd import Variable

dtype = torch.FloatTensor
if torch.cuda.is_available():
    dtype = torch.cuda.FloatTensor  # Uncomment this to run on GPU


def run():
    torch.manual_seed(0)
    N, D_in, H, D_out = 16, 10, 20, 3
    x = Variable(torch.randn(N, D_in).type(dtype), requires_grad=False)
    y = Variable(torch.randn(N, D_out).type(dtype), requires_grad=False)
    w1 = Variable(torch.randn(D_in, H).type(dtype), requires_grad=True)
    w2 = Variable(torch.randn(H, D_out).type(dtype), requires_grad=True)

    learning_rate = 1e-4
    losses = []
    for t in range(5):
        y_pred = x.mm(w1).clamp(min=0).mm(w2)
        loss = (y_pred - y).pow(2).sum()
        print(t, loss.data[0])
        losses.append(loss.data[0])
        loss.backward()
        w1.data -= learning_rate * w1.grad.data
        w2.data -= learning_rate * w2.grad.data
        w1.grad.data.zero_()
        w2.grad.data.zero_()
    return {"losses": losses, "w2": w2.data}


if __name__ == '__main__':
    print(run())

"""A two-layer network trained by hand, in the style of early PyTorch tutorials: the tensor type is
chosen once as `dtype = torch.cuda.FloatTensor`, a `USE_GPU` switch is hard-wired on, and the
random-number backend is named by a plain string that is not a device.
"""

import torch
from torch.autograd import Variable

USE_GPU = True
dtype = torch.cuda.FloatTensor
rng_backend = "cuda"


def run():
    n, d_in, hidden, d_out = 16, 10, 20, 2
    x = Variable(torch.randn(n, d_in).type(dtype), requires_grad=False)
    y = Variable(torch.randn(n, d_out).type(dtype), requires_grad=False)
    w1 = Variable(torch.randn(d_in, hidden).type(dtype), requires_grad=True)
    w2 = Variable(torch.randn(hidden, d_out).type(dtype), requires_grad=True)
    for _ in range(5):
        prediction = x.mm(w1).clamp(min=0).mm(w2)
        loss = (prediction - y).pow(2).sum()
        loss.backward()
        with torch.no_grad():
            w1 -= 1e-3 * w1.grad
            w2 -= 1e-3 * w2.grad
            w1.grad.zero_()
            w2.grad.zero_()
    assert rng_backend == "cuda"  # a backend name, not a device: the fix must leave it alone
    return {"loss": loss.detach(), "w2": w2.detach()}

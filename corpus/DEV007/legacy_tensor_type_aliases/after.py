"""A two-layer network trained by hand, in the style of early PyTorch tutorials: the tensor type is
chosen once as `dtype = torch.cuda.FloatTensor`, a `USE_GPU` switch is hard-wired on, and the
random-number backend is named by a plain string that is not a device.
"""

import torch

USE_GPU = torch.cuda.is_available()
rng_backend = "cuda"


def run():
    n, d_in, hidden, d_out = 16, 10, 20, 2
    x = torch.randn(n, d_in).to("cuda" if torch.cuda.is_available() else "cpu", torch.float32)
    y = torch.randn(n, d_out).to("cuda" if torch.cuda.is_available() else "cpu", torch.float32)
    w1 = torch.randn(d_in, hidden).to("cuda" if torch.cuda.is_available() else "cpu", torch.float32).requires_grad_()
    w2 = torch.randn(hidden, d_out).to("cuda" if torch.cuda.is_available() else "cpu", torch.float32).requires_grad_()
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

"""Legacy shapes common in public code that the field set lacked: tensor types chosen by an
`if`/`else` and kept on `self` (the pix2pix family's base model), a sparse constructor whose shape is
a name, `x.new(x.size()).zero_()` on an autograd Function's input, and `Variable` of arithmetic of a
fresh tensor.

Each becomes the modern call with the same values: the type chosen by `torch.cuda.is_available()`
becomes that device, `torch.sparse_coo_tensor`, `new_zeros`, and the bare product (the host-made
`keep`, moved after, is the transfer the proof counts).
"""

import torch

if torch.cuda.is_available():
    LongTensor = torch.cuda.LongTensor
else:
    LongTensor = torch.LongTensor


class Smoothed(torch.autograd.Function):
    @staticmethod
    def forward(ctx, scores, eps):
        grad = scores.new_zeros(scores.size())
        grad += eps
        return scores * (1 - grad)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output, None


class Scorer:
    def __init__(self):
        self.Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor

    def score(self, rows, weights):
        x = rows.to("cuda" if torch.cuda.is_available() else "cpu", torch.float32)
        target = 0.9 * torch.ones(x.size(0))
        keep = torch.empty(x.size(0), dtype=torch.float32, device=x.device).fill_(1.0)
        return x @ weights.to(x.device) * keep, target


def adjacency(n):
    indices = torch.stack([torch.arange(n), (torch.arange(n) + 1) % n])
    values = torch.ones(n)
    shape = torch.Size([n, n])
    return torch.sparse_coo_tensor(indices, values, shape)


def run():
    torch.manual_seed(0)
    rows = torch.rand(4, 3, dtype=torch.float64)
    weights = torch.rand(3)
    scored, target = Scorer().score(rows, weights)
    smoothed = Smoothed.apply(torch.rand(4), 0.1)
    ids = torch.empty(4, dtype=torch.int64, device="cuda" if torch.cuda.is_available() else "cpu").zero_()
    return {
        "scored": scored,
        "target": target,
        "smoothed": smoothed,
        "dense": adjacency(4).to_dense(),
        "ids": ids,
    }

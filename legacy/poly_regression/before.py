"""Fitting a random polynomial with one linear layer, after the 2017 pytorch/examples regression
script, with the usual argparse `--no-cuda` / `--seed` boilerplate.

`args.cuda = not args.no_cuda and torch.cuda.is_available()`, `torch.cuda.manual_seed(args.seed)`,
`get_batch` returns `Variable`s moved with `.cuda()`, `loss = output.data[0]` ends the loop, and the
parameters are updated by hand with `param.data.add_(-lr * param.grad.data)`.
"""
from __future__ import print_function
import argparse
from itertools import count

import torch
import torch.nn.functional as F
from torch.autograd import Variable

parser = argparse.ArgumentParser(description='polynomial regression')
parser.add_argument('--no-cuda', action='store_true', default=False)
parser.add_argument('--seed', type=int, default=1)
parser.add_argument('--batch-size', type=int, default=16)
parser.add_argument('--max-batches', type=int, default=6)
parser.add_argument('--lr', type=float, default=0.1)
args = parser.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()

POLY_DEGREE = 3
torch.manual_seed(args.seed)
if args.cuda:
    torch.cuda.manual_seed(args.seed)
W_target = torch.randn(POLY_DEGREE, 1) * 5
b_target = torch.randn(1) * 5


def make_features(x):
    """Builds features i.e. a matrix with columns [x, x^2, x^3]."""
    x = x.unsqueeze(1)
    return torch.cat([x ** i for i in range(1, POLY_DEGREE + 1)], 1)


def f(x):
    """Approximated function."""
    return x.mm(W_target) + b_target[0]


def poly_desc(W, b):
    """Creates a string description of a polynomial."""
    result = 'y = '
    for i, w in enumerate(W):
        result += '{:+.2f} x^{} '.format(w, len(W) - i)
    result += '{:+.2f}'.format(b[0])
    return result


def get_batch(batch_size=32):
    """Builds a batch i.e. (x, f(x)) pair."""
    random = torch.randn(batch_size)
    x = make_features(random)
    y = f(x)
    if args.cuda:
        x, y = x.cuda(), y.cuda()
    return Variable(x), Variable(y)


def run():
    fc = torch.nn.Linear(W_target.size(0), 1)
    if args.cuda:
        fc.cuda()
    losses = []
    for batch_idx in count(1):
        batch_x, batch_y = get_batch(args.batch_size)
        fc.zero_grad()
        output = F.smooth_l1_loss(fc(batch_x), batch_y)
        loss = output.data[0]
        losses.append(loss)
        output.backward()
        for param in fc.parameters():
            param.data.add_(-args.lr * param.grad.data)
        if loss < 1e-3 or batch_idx >= args.max_batches:
            break
    print('Loss: {:.6f} after {} batches'.format(loss, batch_idx))
    print('==> Learned function:\t' + poly_desc(fc.weight.data.view(-1), fc.bias.data))
    print('==> Actual function:\t' + poly_desc(W_target.view(-1), b_target))
    return {"losses": losses, "weight": fc.weight.data, "bias": fc.bias.data}


if __name__ == '__main__':
    print(run())

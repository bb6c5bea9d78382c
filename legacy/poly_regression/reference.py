"""The polynomial regression of before.py for PyTorch 2.x.

A `device` from `--no-cuda`; `torch.manual_seed` seeds every device; the batch is made on the CPU as
before and moved; the loss is read with `.item()`; the manual step runs under `torch.no_grad()`.
"""
import argparse
from itertools import count

import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser(description="polynomial regression")
parser.add_argument("--no-cuda", action="store_true", default=False)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--batch-size", type=int, default=16)
parser.add_argument("--max-batches", type=int, default=6)
parser.add_argument("--lr", type=float, default=0.1)
args = parser.parse_args()
device = torch.device("cuda" if not args.no_cuda and torch.cuda.is_available() else "cpu")

POLY_DEGREE = 3
torch.manual_seed(args.seed)
W_target = torch.randn(POLY_DEGREE, 1) * 5
b_target = torch.randn(1) * 5


def make_features(x):
    """Builds features i.e. a matrix with columns [x, x^2, x^3]."""
    x = x.unsqueeze(1)
    return torch.cat([x ** i for i in range(1, POLY_DEGREE + 1)], 1)


def f(x):
    """Approximated function."""
    return x.mm(W_target) + b_target.item()


def poly_desc(W, b):
    """Creates a string description of a polynomial."""
    result = "y = "
    for i, w in enumerate(W):
        result += f"{w:+.2f} x^{len(W) - i} "
    result += f"{b[0]:+.2f}"
    return result


def get_batch(batch_size=32):
    """Builds a batch i.e. (x, f(x)) pair."""
    random = torch.randn(batch_size)
    x = make_features(random)
    y = f(x)
    return x.to(device), y.to(device)


def run():
    fc = torch.nn.Linear(W_target.size(0), 1).to(device)
    losses = []
    for batch_idx in count(1):
        batch_x, batch_y = get_batch(args.batch_size)
        fc.zero_grad()
        output = F.smooth_l1_loss(fc(batch_x), batch_y)
        loss = output.item()
        losses.append(loss)
        output.backward()
        with torch.no_grad():
            for param in fc.parameters():
                param.add_(-args.lr * param.grad)
        if loss < 1e-3 or batch_idx >= args.max_batches:
            break
    print(f"Loss: {loss:.6f} after {batch_idx} batches")
    learned = poly_desc(fc.weight.detach().view(-1).tolist(), fc.bias.detach().tolist())
    print("==> Learned function:\t" + learned)
    print("==> Actual function:\t" + poly_desc(W_target.view(-1).tolist(), b_target.tolist()))
    return {"losses": losses, "weight": fc.weight.detach(), "bias": fc.bias.detach()}


if __name__ == "__main__":
    print(run())

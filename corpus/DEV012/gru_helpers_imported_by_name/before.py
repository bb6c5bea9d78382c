"""A GRU step written with `from torch.nn.functional import sigmoid, tanh` and `torch` imported as
`T`: the two deprecated functions, called by their bare names, become `T.sigmoid` and `T.tanh`.
"""

import torch as T
from torch.nn import functional as fn
from torch.nn.functional import sigmoid, tanh


def gru_step(x, h, w_x, w_h):
    r_x, z_x, n_x = (x @ w_x).chunk(3, dim=1)
    r_h, z_h, n_h = (h @ w_h).chunk(3, dim=1)
    r = sigmoid(r_x + r_h)
    z = fn.sigmoid(z_x + z_h)
    n = tanh(n_x + r * n_h)
    return (1 - z) * n + z * h


def run():
    T.manual_seed(0)
    device = T.device("cuda" if T.cuda.is_available() else "cpu")
    w_x = T.randn(4, 18, device=device) * 0.3
    w_h = T.randn(6, 18, device=device) * 0.3
    h = T.zeros(3, 6, device=device)
    for x in T.randn(5, 3, 4, device=device):
        h = gru_step(x, h, w_x, w_h)
    return {"h": h}

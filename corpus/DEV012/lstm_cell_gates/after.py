"""A hand-written LSTM cell in the 2017 style: its gates call `F.sigmoid` and `F.tanh`, deprecated
since PyTorch 0.4.1. They become `torch.sigmoid` and `torch.tanh`, which compute the same values.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class LSTMCell(nn.Module):
    def __init__(self, n_in, n_hidden):
        super().__init__()
        self.gates = nn.Linear(n_in + n_hidden, 4 * n_hidden)

    def forward(self, x, state):
        h, c = state
        i, f, g, o = self.gates(torch.cat([x, h], dim=1)).chunk(4, dim=1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h = torch.sigmoid(o) * torch.tanh(c)
        return h, c


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    cell = LSTMCell(3, 5).to(device)
    xs = torch.randn(4, 2, 3, device=device)
    h = torch.zeros(2, 5, device=device)
    c = torch.zeros(2, 5, device=device)
    for x in xs:
        h, c = cell(x, (h, c))
    (h.sum() + c.sum()).backward()
    return {"h": h.detach(), "c": c.detach(), "grad": cell.gates.weight.grad}

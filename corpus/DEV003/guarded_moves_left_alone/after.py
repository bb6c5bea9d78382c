"""An attention decoder from the Variable era that moves its host-made tensors itself.

The energies are made on the host and moved under `if use_cuda:`, and the initial state goes
through `on_device`, a helper that moves its argument: every tensor reaches the device, so DEV003
has nothing to fix. Making them on the device directly is DEV010's question: it creates the
energies on the input's device (the flag can only have agreed with it) and makes the tensor handed
to the helper where the helper sends it.
"""

import torch
import torch.nn as nn

use_cuda = torch.cuda.is_available()


def on_device(t):
    return t.cuda() if use_cuda else t


class Attention(nn.Module):
    def __init__(self, hidden=8):
        super().__init__()
        self.hidden = hidden
        self.score = nn.Linear(hidden, hidden)
        self.cell = nn.GRUCell(hidden, hidden)

    def forward(self, x, outputs):
        energies = torch.zeros(outputs.size(0), device=outputs.device)
        for i in range(outputs.size(0)):
            energies[i] = (self.score(outputs[i]) * x).sum()
        context = (torch.softmax(energies, dim=0).unsqueeze(1) * outputs).sum(0, keepdim=True)
        state = on_device(torch.zeros(1, self.hidden, device="cuda" if use_cuda else "cpu"))
        return self.cell(context, state)


def run():
    device = torch.device("cuda" if use_cuda else "cpu")
    attention = Attention().to(device)
    x = torch.randn(1, 8, device=device)
    outputs = torch.randn(5, 8, device=device)
    state = attention(x, outputs)
    state.sum().backward()
    return {"state": state.detach(), "grad": attention.score.weight.grad}

"""A wrapper that runs a recurrent cell it is given and sums the states of every step.

`_summed_state` only receives the list of step states (LSTM `(h, c)` pairs or GRU tensors), so no
input names the device there; but its accumulators take their size from a state, `state_size =
states[0][0].size()` or `states[0].size()`, and that state lives on the model's device. Made on the
CPU, they meet the GPU states in the first `+`.
"""

import torch
import torch.nn as nn


class Unroll(nn.Module):
    def __init__(self, cell, head):
        super().__init__()
        self.cell = cell
        self.head = head

    def forward(self, inputs=None, steps=4):
        states, state = [], None
        for t in range(steps):
            state = self.cell(inputs[:, t], state)
            states.append(state)
        summed = self._summed_state(states)
        h = summed[0] if isinstance(summed, tuple) else summed
        return self.head(h / steps)

    def _summed_state(self, states):
        lstm = isinstance(states[0], tuple)
        if lstm:
            state_size = states[0][0].size()
            total = tuple([torch.zeros(state_size), torch.zeros(state_size)])
        else:
            total = torch.zeros(states[0].size())
        for state in states:
            if lstm:
                total = tuple([a + b for a, b in zip(total, state)])
            else:
                total = total + state
        return total


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    out = {}
    for name, cell in (("lstm", nn.LSTMCell(5, 8)), ("gru", nn.GRUCell(5, 8))):
        model = Unroll(cell, nn.Linear(8, 3)).to(device)
        x = torch.randn(2, 4, 5, device=device)
        y = model(x)
        y.sum().backward()
        out[name] = y.detach()
        out[name + "_grad"] = model.head.weight.grad
    return out

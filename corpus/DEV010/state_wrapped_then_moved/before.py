"""A pre-0.4 training step: the initial recurrent state is made on the host, wrapped in `Variable`,
and only then moved under the script's `use_cuda` flag.
"""

import torch
import torch.nn as nn
from torch.autograd import Variable

DIM, BATCH = 5, 3


def initial_state(use_cuda):
    h = torch.zeros(1, BATCH, DIM)
    h = Variable(h)
    if use_cuda:
        h = h.cuda()
    return h


def run():
    torch.manual_seed(0)
    use_cuda = torch.cuda.is_available()
    rnn = nn.GRU(DIM, DIM)
    if use_cuda:
        rnn = rnn.cuda()
    x = torch.randn(4, BATCH, DIM, device="cuda" if use_cuda else "cpu")
    output, hidden = rnn(x, initial_state(use_cuda))
    return {"output": output, "hidden": hidden}

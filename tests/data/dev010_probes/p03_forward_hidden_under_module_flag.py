# source: takatex/nn-time-sequence-prediction models/rnn.py (forward makes the state, moves it on a flag)
# verdict: hit. In forward the flag agrees with where the module and its input are.
import torch
import torch.nn as nn
from torch.autograd import Variable


class Net(nn.Module):
    def __init__(self, n_in, size, layers, n_out, use_cuda):
        super().__init__()
        self.size = size
        self.layers = layers
        self.use_cuda = use_cuda
        self.rnn = nn.RNN(n_in, size, layers)
        self.head = nn.Linear(size, n_out)

    def forward(self, x):
        h = Variable(torch.zeros(self.layers, x.size(1), self.size))  # expect DEV010
        if self.use_cuda:
            h = h.cuda()
        out, _ = self.rnn(x, h)
        return self.head(out[-1, :, :])

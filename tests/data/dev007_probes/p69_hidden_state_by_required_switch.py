# source: takatex/nn-time-sequence-prediction (models/rnn.py: a `use_cuda` argument with no default)
# verdict: look-alike: the caller must say whether to use CUDA; the move is under that switch.
import torch
import torch.nn as nn


class RNN(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers, output_size, use_cuda):
        super().__init__()
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.use_cuda = use_cuda
        self.rnn = nn.RNN(input_size, hidden_size, num_layers)
        self.fc = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        h = torch.zeros(self.num_layers, x.size(1), self.hidden_size)
        if self.use_cuda:
            h = h.cuda()
        out, _ = self.rnn(x, h)
        return self.fc(out[-1, :, :])

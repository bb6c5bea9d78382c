# source: wamuelo/randomaishit model.py (forward asks init_hidden for a state when none is given)
# verdict: hit (P3), twice: init_hidden makes the state on the CPU and forward hands it to the LSTM with x.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n_in, size, layers):
        super().__init__()
        self.size = size
        self.layers = layers
        self.lstm = nn.LSTM(n_in, size, layers, batch_first=True)
        self.fc = nn.Linear(size, n_in)

    def forward(self, x, h=None):
        if h is None:
            h = self.init_hidden(x.size(0))
        out, h = self.lstm(x, h)
        return self.fc(out.contiguous().view(-1, self.size)), h

    def init_hidden(self, batch):
        return (torch.zeros(self.layers, batch, self.size, device=next(self.parameters()).device),  # expect DEV003
                torch.zeros(self.layers, batch, self.size, device=next(self.parameters()).device))  # expect DEV003

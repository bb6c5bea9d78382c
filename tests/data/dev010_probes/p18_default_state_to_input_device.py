# source: SK-EX/ship-trajectory trackAndPredict/lstm.py (a default state made when none is given)
# verdict: hit, twice.
import torch
from torch import nn


class Tracker(nn.Module):
    def __init__(self, n_in, size, layers, n_out):
        super().__init__()
        self.size = size
        self.layers = layers
        self.lstm = nn.LSTM(n_in, size, layers, batch_first=True)
        self.fc = nn.Linear(size, n_out)

    def forward(self, x, h0, c0):
        if h0 is None or c0 is None:
            h0 = torch.zeros(self.layers, x.size(0), self.size).to(x.device)  # expect DEV010
            c0 = torch.zeros(self.layers, x.size(0), self.size).to(x.device)  # expect DEV010
        out, (hn, cn) = self.lstm(x, (h0, c0))
        return self.fc(out[:, -1, :]), hn, cn

# source: Yousef-Alhaj/Test-Task Code/model.py (made in one branch, unpacked from the argument in the other)
# verdict: hit, twice.
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, n_in, size, n_out):
        super().__init__()
        self.size = size
        self.lstm = nn.LSTM(n_in, size, batch_first=True)
        self.fc = nn.Linear(size, n_out)

    def forward(self, x, hx=None):
        if hx is None:
            h0 = torch.zeros(1, x.size(0), self.size, device=x.device)  # expect DEV010
            c0 = torch.zeros(1, x.size(0), self.size, device=x.device)  # expect DEV010
        else:
            h0, c0 = hx
        out, _ = self.lstm(x, (h0, c0))
        return self.fc(out[:, -1, :])

"""A sequence model whose forward builds its initial state on the host and moves it to the script's
global `device`; the input is fed to the recurrent layer with that state, so both live where it is.
"""

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
LAYERS, FEATURES, HIDDEN = 2, 5, 7


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(FEATURES, HIDDEN, LAYERS, batch_first=True)
        self.head = nn.Linear(HIDDEN, 3)

    def forward(self, x):
        h0 = torch.zeros(LAYERS, x.size(0), HIDDEN).to(device)
        c0 = torch.zeros(LAYERS, x.size(0), HIDDEN)
        c0 = c0.to(device)
        out, _ = self.lstm(x, (h0, c0))
        return self.head(out[:, -1, :])


def run():
    torch.manual_seed(0)
    model = Tagger().to(device)
    x = torch.randn(4, 6, FEATURES, device=device)
    return {"scores": model(x)}

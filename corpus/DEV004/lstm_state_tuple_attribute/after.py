"""A video classifier (LRCN: a small CNN per frame, an LSTM over the frames) that keeps the LSTM's
recurrent state on the module, as `self.hidden = self.init_hidden()` in `__init__`.

`(h, c)` is a tuple: `model.to(device)` moves parameters and buffers, not a plain tuple attribute, and
no buffer holds a tuple. The state is made in `__init__`, on the CPU, before the caller moves the
model (so making it on the module's device, as DEV003 does in `init_hidden`, changes nothing here),
and the first forward pass on a GPU feeds the LSTM a state on another device than its input. The
state is moved where the LSTM reads it, to the input's device: a no-op on the CPU and from the second
clip on, when `self.hidden` holds the state the LSTM itself returned.
"""

import torch
import torch.nn as nn


class LRCN(nn.Module):
    def __init__(self, hidden_dim=16, lstm_layers=1, batch=2, classes=3):
        super().__init__()
        self.hidden_dim = hidden_dim
        self.batch = batch
        self.num_layers = lstm_layers
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, kernel_size=3, stride=2),
            nn.ReLU(),
            nn.AdaptiveAvgPool2d(2),
        )
        self.lstm = nn.LSTM(8 * 2 * 2, hidden_dim, lstm_layers)
        self.hidden = self.init_hidden()
        self.final_linear = nn.Linear(hidden_dim, classes)

    def init_hidden(self):
        return (torch.zeros(self.num_layers, self.batch, self.hidden_dim, device=next(self.parameters()).device),
                torch.zeros(self.num_layers, self.batch, self.hidden_dim, device=next(self.parameters()).device))

    def forward(self, x):
        x = self.features(x)
        x = x.view(-1, self.batch, 8 * 2 * 2)  # (frames, batch, features)
        lstm_out, self.hidden = self.lstm(x, tuple(h.to(x.device) for h in self.hidden))
        return self.final_linear(lstm_out[-1])


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = LRCN().to(device)
    clips = [torch.randn(5 * 2, 3, 16, 16, device=device) for _ in range(2)]  # 5 frames of 2 clips
    first = model(clips[0])
    second = model(clips[1])  # reads the state the first call left
    return {"first": first.detach(), "second": second.detach(), "h": model.hidden[0].detach()}

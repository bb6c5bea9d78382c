"""A Transformer encoder over continuous sensor readings, fed double-precision inputs.

The readings are made float64 "for accuracy" before the forward pass; the encoder's weights are
float32, so the first linear projection refuses them.
"""

import torch
import torch.nn as nn


class SensorEncoder(nn.Module):
    def __init__(self, channels=6, d_model=32):
        super().__init__()
        self.project = nn.Linear(channels, d_model)
        layer = nn.TransformerEncoderLayer(d_model, nhead=4, dim_feedforward=64, dropout=0.0)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
        self.readout = nn.Linear(d_model, 1)

    def forward(self, readings):
        return self.readout(self.encoder(self.project(readings))).squeeze(-1)


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = SensorEncoder().to(device)

    readings = torch.randn(16, 4, 6).double()
    readings = readings.to(device)
    scores = model(readings)
    return {"scores": scores}


def reference():
    """What run() means to compute: the encoder's own float32 on the same readings."""
    model = SensorEncoder()
    readings = torch.randn(16, 4, 6)
    return {"scores": model(readings)}

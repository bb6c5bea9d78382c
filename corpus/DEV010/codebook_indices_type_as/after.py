"""A vector-quantised bottleneck: each forward builds the codebook's index range and a zero count on
the host and converts them with `.type_as(...)`, which also copies them to the input's device.
"""

import torch
import torch.nn as nn

CODES, DIM = 8, 4


class Quantizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.codebook = nn.Parameter(torch.randn(CODES, DIM))

    def forward(self, x):
        distances = torch.cdist(x, self.codebook)
        nearest = distances.argmin(-1)
        indices = torch.arange(CODES, device=nearest.device).type_as(nearest)
        one_hot = (nearest.view(-1, 1) == indices.view(1, -1)).type_as(x)
        counts = torch.zeros(CODES, device=x.device, dtype=x.dtype) + one_hot.sum(0)
        return one_hot @ self.codebook, counts


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = Quantizer().to(device)
    x = torch.randn(16, DIM, device=device)
    quantized, counts = model(x)
    return {"quantized": quantized, "counts": counts}

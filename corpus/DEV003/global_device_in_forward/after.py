"""A classifier whose forward adds a learned-free prior on the script's global `device`.

The module reads the module-level `device`, chosen once when the file was imported (the CPU, for
data preparation), while the model and its inputs were later put on the accelerator: `device=device`
names a different device from the input's.
"""

import torch
import torch.nn as nn

device = torch.device("cpu")


class PriorClassifier(nn.Module):
    def __init__(self, features=6, classes=3):
        super().__init__()
        self.linear = nn.Linear(features, classes)

    def forward(self, x):
        prior = torch.full((x.size(0), 3), 0.1, device=x.device)
        return self.linear(x) + prior


def run():
    accelerator = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = PriorClassifier().to(accelerator)
    x = torch.randn(5, 6, device=accelerator)
    logits = model(x)
    logits.sum().backward()
    return {"logits": logits.detach(), "grad": model.linear.weight.grad}

"""The model. It works on a laptop CPU and breaks on a GPU in two places:

* the class weights are a plain tensor attribute, so ``model.to(device)`` leaves them on the CPU;
* the prior is created inside ``forward`` without a device, so it is always on the CPU.
"""

import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self, features: int = 4, classes: int = 3) -> None:
        super().__init__()
        self.linear = nn.Linear(features, classes)
        self.class_weights = torch.tensor([1.0, 2.0, 0.5])[:classes]

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        prior = torch.linspace(0.0, 1.0, self.linear.out_features)
        return (self.linear(x) + prior) * self.class_weights


def example():
    """What `autofix verify scorer/model.py --entry example` calls: score a batch on the best device."""
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.manual_seed(0)
    model = Scorer().to(device)
    x = torch.randn(8, 4, device=device)
    return {"scores": model(x)}

"""A digit-classifier training step written on a GPU workstation: `.cuda()` on everything.

On a laptop or a CPU-only CI runner the first `.cuda()` stops the program.
"""

import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class SmallConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2))
        self.classifier = nn.Linear(4 * 4 * 4, 10)

    def forward(self, images):
        return self.classifier(self.features(images).flatten(1))


def run():
    model = SmallConvNet().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    host = torch.Generator().manual_seed(0)  # data drawn on the host, the same numbers on any device
    images = torch.randn(8, 1, 8, 8, generator=host).to(device)
    labels = torch.randint(0, 10, (8,), generator=host).to(device)

    for _ in range(3):
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
    return {"loss": loss.detach(), "conv": model.features[0].weight.detach()}

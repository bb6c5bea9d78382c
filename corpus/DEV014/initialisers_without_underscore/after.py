"""A small CNN initialised in the 2017 style, with the initialisers PyTorch 0.4 renamed with a trailing
underscore: `nn.init.kaiming_normal`, `nn.init.xavier_uniform`, `nn.init.constant`, `nn.init.normal`.
The old names warn and call the new ones with the same arguments, so the weights drawn are the same.
"""

import torch
import torch.nn as nn


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, padding=1)
        self.bn = nn.BatchNorm2d(4)
        self.fc = nn.Linear(4 * 6 * 6, 5)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out")
                nn.init.constant_(m.bias, 0)
            elif isinstance(m, nn.BatchNorm2d):
                nn.init.normal_(m.weight, 1.0, 0.02)
                nn.init.constant_(m.bias, 0)
            elif isinstance(m, nn.Linear):
                nn.init.xavier_uniform_(m.weight, gain=nn.init.calculate_gain("relu"))
                nn.init.constant_(m.bias, 0.1)

    def forward(self, x):
        return self.fc(torch.relu(self.bn(self.conv(x))).flatten(1))


def run():
    torch.manual_seed(3)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = SmallCNN().to(device)
    x = torch.randn(2, 1, 6, 6, device=device)
    return {"out": model(x).detach(), "conv": model.conv.weight.detach(), "fc": model.fc.weight.detach()}

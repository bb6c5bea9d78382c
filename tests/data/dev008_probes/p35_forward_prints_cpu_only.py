# source: hkchengrex/so adaptive_pooling_53841509/test.py (forward prints; nothing ever goes to a GPU)
# verdict: look-alike; a script that only uses the CPU has no sync to lose.
import torch
import torch.nn as nn


class TestNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool1d(8)

    def forward(self, x):
        print(x)  # known false positive DEV008
        x = self.avgpool(x)
        print(x)  # known false positive DEV008
        return x


def test():
    x = torch.Tensor([[[1, 2, 3, 4, 5, 6]]])
    return TestNet()(x)


test()

# source: i2w3/GraduationProject dataSet/BN.py (forward prints its input; the model runs on the GPU)
# verdict: hit; report only.
import torch
import torch.nn as nn


class Example(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 3)
        self.bn = nn.BatchNorm1d(num_features=3)

    def forward(self, x):
        print(x)  # expect DEV008
        x = self.fc1(x)
        return self.bn(x)


datas = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype=torch.float).cuda()
net = Example().cuda()
out = net(datas)
print(out)

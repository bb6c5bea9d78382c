# source: zhuofupan/Pytorch-Deep-Neural-Networks fuzz/core/epoch.py (a test loop of a model class summing loss.data.cpu())
# verdict: hit: a model class's own loop over a loader, copying each batch's loss to the host.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(5, 2)
        self.dvc = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.to(self.dvc)

    def forward(self, x):
        return self.fc(x)

    def test_epoch(self, loader):
        total, seen = 0, 0
        with torch.no_grad():
            for data, target in loader:
                data, target = data.to(self.dvc), target.to(self.dvc)
                output = self.forward(data)
                loss = nn.functional.cross_entropy(output, target)
                seen += data.size(0)
                total += loss.data.cpu() * data.size(0)  # expect DEV008
        return total / seen


Net().test_epoch([(torch.randn(3, 5), torch.tensor([0, 1, 0]))])

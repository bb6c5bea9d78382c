"""A classifier trained with a summed cross-entropy and evaluated with a summed NLL loss, in the 2018
style: `nn.CrossEntropyLoss(size_average=False)` and `F.nll_loss(..., size_average=False)`. PyTorch reads
both as `reduction="sum"`, which the fix writes.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(6, 12)
        self.fc2 = nn.Linear(12, 3)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


def run():
    torch.manual_seed(0)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = Classifier().to(device)
    criterion = nn.CrossEntropyLoss(size_average=False)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(16, 6, device=device)
    y = torch.randint(0, 3, (16,), device=device)
    losses = []
    for _ in range(3):
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
    with torch.no_grad():
        log_probs = F.log_softmax(model(x), dim=1)
        test_loss = F.nll_loss(log_probs, y, size_average=False, reduce=True)
    return {"losses": torch.stack(losses), "test_loss": test_loss, "weight": model.fc1.weight.detach()}

"""`F.log_softmax(x)` and `F.softmax(x)` without `dim`, as 2017 code wrote them: the classifier's input is
2-D after `x.view(-1, 12)` and two `nn.Linear` layers, so PyTorch picked dim 1; the attention scores are
3-D (time, batch, 1), so it picked dim 0, over time. The fix writes those dims; the results stay.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(12, 8)
        self.fc2 = nn.Linear(8, 4)

    def forward(self, x):
        x = x.view(-1, 12)
        x = F.relu(self.fc1(x))
        x = self.fc2(x)
        return F.log_softmax(x)


def attention_pool(states):
    scores = torch.randn(5, 2, 1, device=states.device)
    weights = F.softmax(scores * 0.5)
    return (weights * states).sum(0)


def run():
    torch.manual_seed(6)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = Classifier().to(device)
    images = torch.randn(3, 3, 4, device=device)
    states = torch.randn(5, 2, 6, device=device)
    return {"log_probs": model(images).detach(), "pooled": attention_pool(states)}

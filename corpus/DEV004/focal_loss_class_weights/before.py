"""Focal loss with per-class weights, for an imbalanced classifier.

The class weights are a plain attribute: moving the criterion with `.to(device)` leaves them on the
CPU, and indexing them with the GPU targets mixes devices.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class FocalLoss(nn.Module):
    def __init__(self, class_weights, gamma=2.0):
        super().__init__()
        self.gamma = gamma
        self.alpha = torch.tensor(class_weights)

    def forward(self, logits, target):
        log_p = F.log_softmax(logits, dim=-1).gather(1, target[:, None]).squeeze(1)
        weight = self.alpha[target] * (1 - log_p.exp()) ** self.gamma
        return -(weight * log_p).mean()


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    classifier = nn.Linear(12, 3).to(device)
    criterion = FocalLoss([0.2, 0.3, 0.5]).to(device)
    x = torch.randn(20, 12, device=device)
    y = torch.randint(0, 3, (20,), device=device)
    loss = criterion(classifier(x), y)
    loss.backward()
    return {"loss": loss.detach(), "grad": classifier.weight.grad}

# source: TLMichael/PGD-Adversarial-Training utils.py (an accuracy helper reading a count, called every step)
# verdict: hit in the helper; its number goes to a meter every step.
import torch
import torch.nn as nn
import torch.nn.functional as F


class AverageMeter:
    def __init__(self):
        self.sum = 0
        self.count = 0
        self.avg = 0

    def update(self, val, n=1):
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def accuracy_top1(logits, target):
    pred = logits.argmax(dim=1, keepdim=True)
    correct = pred.eq(target.view_as(pred)).sum().item()  # expect DEV008
    return correct * 100.0 / target.size(0)


def train(model, loader, optimizer, device):
    acc_meter = AverageMeter()
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        logits = model(x)
        loss = F.cross_entropy(logits, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        acc_meter.update(accuracy_top1(logits, y), x.size(0))
    return acc_meter.avg


if __name__ == "__main__":
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net = nn.Linear(4, 3).to(dev)
    print(train(net, [(torch.randn(6, 4), torch.randint(0, 3, (6,)))], torch.optim.SGD(net.parameters(), lr=0.1), dev))

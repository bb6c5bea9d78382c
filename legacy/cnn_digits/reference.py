"""The digits script of before.py for PyTorch 2.x: a `device` from `--no-cuda`, `.item()`, `no_grad`.

`torch.manual_seed` seeds every device, so the separate CUDA seed is gone; the test loss uses
`reduction="sum"` and `log_softmax` names its dimension.
"""
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser(description="PyTorch digits example")
parser.add_argument("--batch-size", type=int, default=8, metavar="N")
parser.add_argument("--epochs", type=int, default=2, metavar="N")
parser.add_argument("--lr", type=float, default=0.05, metavar="LR")
parser.add_argument("--momentum", type=float, default=0.5, metavar="M")
parser.add_argument("--no-cuda", action="store_true", default=False)
parser.add_argument("--seed", type=int, default=1, metavar="S")
parser.add_argument("--log-interval", type=int, default=2, metavar="N")
args = parser.parse_args()
use_cuda = not args.no_cuda and torch.cuda.is_available()
device = torch.device("cuda" if use_cuda else "cpu")


def fake_digits(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    images = torch.rand(n, 1, 14, 14, generator=g)
    labels = (images.view(n, -1).sum(1) * 7).long() % 10
    return TensorDataset(images, labels)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, kernel_size=3)
        self.conv2 = nn.Conv2d(4, 8, kernel_size=3)
        self.conv2_drop = nn.Dropout2d()
        self.fc1 = nn.Linear(32, 16)
        self.fc2 = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(F.max_pool2d(self.conv1(x), 2))
        x = F.relu(F.max_pool2d(self.conv2_drop(self.conv2(x)), 2))
        x = x.view(-1, 32)
        x = F.relu(self.fc1(x))
        x = F.dropout(x, training=self.training)
        x = self.fc2(x)
        return F.log_softmax(x, dim=1)


def train(model, optimizer, train_loader, epoch, history):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            print(f"Train Epoch: {epoch} [{batch_idx * len(data)}/{len(train_loader.dataset)}]"
                  f"\tLoss: {loss.item():.6f}")
            history.append(loss.item())


def test(model, test_loader):
    model.eval()
    test_loss = 0.0
    correct = 0
    with torch.no_grad():
        for data, target in test_loader:
            data, target = data.to(device), target.to(device)
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction="sum").item()
            pred = output.argmax(dim=1, keepdim=True)
            correct += pred.eq(target.view_as(pred)).sum().item()
    test_loss /= len(test_loader.dataset)
    print(f"Test set: Average loss: {test_loss:.4f}, Accuracy: {correct}/{len(test_loader.dataset)}")
    return test_loss, correct


def run():
    torch.manual_seed(args.seed)
    kwargs = {"num_workers": 0, "pin_memory": True} if use_cuda else {}
    train_loader = DataLoader(fake_digits(32, 0), batch_size=args.batch_size, shuffle=True, **kwargs)
    test_loader = DataLoader(fake_digits(16, 1), batch_size=args.batch_size, shuffle=False, **kwargs)
    model = Net().to(device)
    optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
    history = []
    for epoch in range(1, args.epochs + 1):
        train(model, optimizer, train_loader, epoch, history)
    test_loss, correct = test(model, test_loader)
    return {"history": history, "test_loss": test_loss, "correct": correct}


if __name__ == "__main__":
    print(run())

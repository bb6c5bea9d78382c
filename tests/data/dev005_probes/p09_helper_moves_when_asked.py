# source: search excerpt without a repository name (a d2l-style `train_3ch` that moves the network
#   when given a device, then builds SGD only when no optimizer was passed)
# verdict: look-alike: the default optimizer is built after the move.
import torch


def train_3ch(net, loss, num_epochs, train_loader, optimizer=None, device=None):
    if device:
        net = net.to(device)
        loss = loss.to(device)
    if not optimizer:
        optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0)
    net.train()
    for _ in range(num_epochs):
        for x, y in train_loader:
            if device:
                x, y = x.to(device), y.to(device)
            optimizer.zero_grad()
            loss(net(x), y).backward()
            optimizer.step()

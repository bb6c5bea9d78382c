# source: search excerpt without a repository name (the d2l `train(net, ..., device)` shape:
#   initialise, move, then build the optimizer)
# verdict: look-alike.
import torch
from torch import nn


def train(net, train_iter, num_epochs, lr, device):
    def init_weights(m):
        if type(m) in (nn.Linear, nn.Conv2d):
            nn.init.xavier_uniform_(m.weight)

    net.apply(init_weights)
    net.to(device)
    optimizer = torch.optim.Adam(net.parameters(), lr=lr)
    loss = nn.CrossEntropyLoss()
    for _ in range(num_epochs):
        for x, y in train_iter:
            optimizer.zero_grad()
            x, y = x.to(device), y.to(device)
            loss(net(x), y).backward()
            optimizer.step()

# source: SeungminHwang/CS492-MLCV coursework2/src/LENet/train.py (each loss copied into a list for a plot)
# verdict: hit; the list can hold detached tensors read with one copy after the loop.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net = nn.Sequential(nn.Flatten(), nn.Linear(16, 10)).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(net.parameters(), lr=2e-3)
train_loader = [(torch.randn(4, 1, 4, 4), torch.randint(0, 10, (4,))) for _ in range(6)]


def train(epoch):
    net.train()
    loss_list, batch_list = [], []
    for i, (images, labels) in enumerate(train_loader):
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        output = net(images)
        loss = criterion(output, labels)
        loss_list.append(loss.detach())  # expect DEV008
        batch_list.append(i + 1)
        loss.backward()
        optimizer.step()
    loss_list = torch.stack(loss_list).tolist() if loss_list else []
    return loss_list, batch_list


print(train(1))

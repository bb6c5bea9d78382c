# source: kangmincho1/Paper-Implementation (AlexNet/train.py: the batch unpacked, then bound again moved)
# verdict: look-alike: the second binding moves both before the call.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net = nn.Linear(32, 10).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
trainloader = []

for epoch in range(2):
    for i, data in enumerate(trainloader, 0):
        inputs, labels = data
        inputs, labels = data[0].to(device), data[1].to(device)
        optimizer.zero_grad()
        loss = criterion(net(inputs), labels)
        loss.backward()
        optimizer.step()

# source: Bi0ma3/mace tests/test_data_loader.py (a BCE loss with size_average, batches cast and wrapped)
# verdict: hit: the deprecated keyword, the wrappers, the loss printed by .data[0].
import torch
from torch.autograd import Variable  # expect DEV009


def fit(net, train_loader, epochs):
    criterion = torch.nn.BCELoss(size_average=True)  # expect DEV013
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(epochs):
        for i, (inputs, labels) in enumerate(train_loader):
            inputs = Variable(inputs.float())  # expect DEV009
            labels = Variable(labels.float())  # expect DEV009
            output = net(inputs)
            optimizer.zero_grad()
            loss = criterion(output, labels)
            loss.backward()
            optimizer.step()
        print("epoch {}: loss {:.3f}".format(epoch + 1, loss.data[0]))  # expect DEV011

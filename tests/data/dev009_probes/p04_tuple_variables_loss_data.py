# source: sofroniewn/pytorch-segmentation segmentation/main.py (batches wrapped in pairs, loss read by .data[0])
# verdict: hit: both pair wrappings, the import, and the 0-dim loss read the pre-0.4 way.
import torch
from torch.autograd import Variable  # expect DEV009


def train(loader, net, criterion, optimizer, epoch):
    running = 0.0
    for i, batch in enumerate(loader, 0):
        inputs, labels = batch
        if torch.cuda.is_available():
            inputs, labels = Variable(inputs).cuda(), Variable(labels).cuda()  # expect DEV009
        else:
            inputs, labels = Variable(inputs), Variable(labels)  # expect DEV009
        optimizer.zero_grad()
        loss = criterion(net(inputs), labels)
        loss.backward()
        optimizer.step()
        running += loss.data[0]  # expect DEV011
        if i % 20 == 19:
            print(epoch + 1, i + 1, running / 20)
            running = 0.0

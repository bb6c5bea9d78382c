# source: prerakmody/CS4180-DL src/yolo_validation.py (evaluation batches made volatile, loss summed by .data[0])
# verdict: hit: both volatile wrappers, the import, the loss read the pre-0.4 way.
import torch
from torch.autograd import Variable  # expect DEV009


def validate(net, loader, criterion, use_gpu):
    net.eval()
    total = 0.0
    for i, (images, target) in enumerate(loader):
        images = Variable(images, volatile=True)  # expect DEV009
        target = Variable(target, volatile=True)  # expect DEV009
        if use_gpu:
            images, target = images.cuda(), target.cuda()
        pred = net(images)
        loss = criterion(pred, target)
        total += loss.data[0]  # expect DEV011
    return total / len(loader)

# source: Atcold/pytorch-CortexNet image-pretraining/main.py (the 2017 ImageNet loop: meters given prec1[0])
# verdict: hit; report only: on PyTorch < 0.4 the first element of a one-element tensor is a number, read
# every step, and the meters are another file's, so no fix is offered.
import torch
from torch.autograd import Variable

from utils import AverageMeter, accuracy


def train_one_epoch(train_loader, model, criterion, optimizer):
    losses, top1, top5 = AverageMeter(), AverageMeter(), AverageMeter()
    model.train()
    for i, (images, labels) in enumerate(train_loader):
        labels = labels.cuda()
        images_var, labels_var = Variable(images), Variable(labels)
        scores = model(images_var)
        loss = criterion(scores, labels_var)
        prec1, prec5 = accuracy(scores.data, labels, topk=(1, 5))
        losses.update(loss.data[0], images.size(0))  # expect DEV008
        top1.update(prec1[0], images.size(0))  # expect DEV008
        top5.update(prec5[0], images.size(0))  # expect DEV008
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return top1.avg

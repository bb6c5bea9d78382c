# source: unnamed file of the code index (the 0.3 ImageNet example's train loop with its accuracy())
# verdict: hit: the loss and the top-k precisions (0-dim since 0.4) read by [0] and .data[0].
import torch
from torch.autograd import Variable  # expect DEV009


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)  # expect DEV021
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def train(loader, model, criterion, optimizer, losses, top1, top5):
    for i, (input, target) in enumerate(loader):
        target = target.cuda(non_blocking=True)
        input_var = torch.autograd.Variable(input)  # expect DEV009
        target_var = torch.autograd.Variable(target)  # expect DEV009
        output = model(input_var)
        loss = criterion(output, target_var)
        prec1, prec5 = accuracy(output.data, target, topk=(1, 5))
        losses.update(loss.data[0], input.size(0))  # expect DEV011
        top1.update(prec1[0], input.size(0))  # expect DEV011
        top5.update(prec5[0], input.size(0))  # expect DEV011
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

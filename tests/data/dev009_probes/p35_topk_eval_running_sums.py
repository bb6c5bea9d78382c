# source: unnamed file of the code index (a classifier's evaluate(): summed loss, top-k counts)
# verdict: hit: size_average, the loss read by .data[0], a view of a transposed mask, sums read by .data[0].
import torch
import torch.nn.functional as F
from torch.autograd import Variable  # expect DEV009


def evaluate(net, batches, use_cuda):
    net.eval()
    total_loss, top1, top5 = 0.0, 0.0, 0.0
    for ins, targs in batches:
        if use_cuda:
            ins, targs = ins.cuda(), targs.cuda()
        ins, targs = Variable(ins, volatile=True), Variable(targs)  # expect DEV009
        outs = net(ins)
        total_loss += F.cross_entropy(outs, targs, size_average=False).data[0]  # expect DEV011, expect DEV013
        _, preds = outs.topk(5, 1, True, True)
        preds = preds.t()
        correct = preds.eq(targs.view(1, -1).expand_as(preds))
        top1 += correct[:1].view(-1).float().sum(0)  # expect DEV021
        top5 += correct[:5].view(-1).float().sum(0)  # expect DEV021
    top1 = top1.data[0]  # expect DEV011
    top5 = top5.data[0]  # expect DEV011
    return total_loss, top1, top5

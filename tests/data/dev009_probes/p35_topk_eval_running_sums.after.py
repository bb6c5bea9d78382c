# source: unnamed file of the code index (a classifier's evaluate(): summed loss, top-k counts)
# verdict: hit: size_average, the loss read by .data[0], a view of a transposed mask, sums read by .data[0].
import torch
import torch.nn.functional as F


def evaluate(net, batches, use_cuda):
    net.eval()
    total_loss, top1, top5 = 0.0, 0.0, 0.0
    for ins, targs in batches:
        if use_cuda:
            ins, targs = ins.cuda(), targs.cuda()
        ins, targs = ins.detach(), targs.detach()
        with torch.no_grad():
            outs = net(ins)
        total_loss += F.cross_entropy(outs, targs, reduction="sum").item()
        _, preds = outs.topk(5, 1, True, True)
        preds = preds.t()
        with torch.no_grad():
            correct = preds.eq(targs.view(1, -1).expand_as(preds))
        top1 += correct[:1].reshape(-1).float().sum(0)
        top5 += correct[:5].reshape(-1).float().sum(0)
    top1 = top1.item()
    top5 = top5.item()
    return total_loss, top1, top5

# source: prerakmody/CS4180-DL src/yolo_validation.py (evaluation batches made volatile, loss summed by .data[0])
# verdict: hit: both volatile wrappers, the import, the loss read the pre-0.4 way.
import torch


def validate(net, loader, criterion, use_gpu):
    net.eval()
    total = 0.0
    for i, (images, target) in enumerate(loader):
        images = images.detach()
        target = target.detach()
        if use_gpu:
            images, target = images.cuda(), target.cuda()
        with torch.no_grad():
            pred = net(images)
            loss = criterion(pred, target)
        total += loss.item()
    return total / len(loader)

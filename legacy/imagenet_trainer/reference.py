"""The ImageNet-style loops of before.py for PyTorch 2.x, on a GPU when there is one, else the CPU.

`non_blocking=True` copies, `torch.no_grad()` in
`validate`, `.item()` for the meters, `correct[:k].reshape(-1)` in `accuracy`, and pinned memory
only where there is a GPU to pin for.
"""
import argparse
import time

import torch
import torch.nn as nn
import torch.optim
import torch.utils.data

parser = argparse.ArgumentParser(description="PyTorch ImageNet Training")
parser.add_argument("--epochs", default=2, type=int, metavar="N")
parser.add_argument("-b", "--batch-size", default=4, type=int, metavar="N")
parser.add_argument("--lr", "--learning-rate", default=0.1, type=float, metavar="LR")
parser.add_argument("--momentum", default=0.9, type=float, metavar="M")
parser.add_argument("--weight-decay", "--wd", default=1e-4, type=float, metavar="W")
parser.add_argument("--print-freq", "-p", default=1, type=int, metavar="N")

best_prec1 = 0
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class AverageMeter:
    """Computes and stores the average and current value"""

    def __init__(self):
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def accuracy(output, target, topk=(1,)):
    """Computes the precision@k for the specified values of k"""
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def adjust_learning_rate(optimizer, epoch, args):
    """Sets the learning rate to the initial LR decayed by 10 every epoch"""
    lr = args.lr * (0.1 ** epoch)
    for param_group in optimizer.param_groups:
        param_group["lr"] = lr


def train(train_loader, model, criterion, optimizer, epoch, args):
    batch_time = AverageMeter()
    losses = AverageMeter()
    top1 = AverageMeter()
    model.train()
    end = time.time()
    for i, (input, target) in enumerate(train_loader):
        input = input.to(device, non_blocking=True)
        target = target.to(device, non_blocking=True)
        output = model(input)
        loss = criterion(output, target)
        prec1, prec3 = accuracy(output.detach(), target, topk=(1, 3))
        losses.update(loss.item(), input.size(0))
        top1.update(prec1.item(), input.size(0))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch_time.update(time.time() - end)
        end = time.time()
        if i % args.print_freq == 0:
            print(f"Epoch: [{epoch}][{i}/{len(train_loader)}]\tLoss {losses.val:.4f} ({losses.avg:.4f})"
                  f"\tPrec@1 {top1.val:.3f} ({top1.avg:.3f})")
    return losses.avg


@torch.no_grad()
def validate(val_loader, model, criterion, args):
    losses = AverageMeter()
    top1 = AverageMeter()
    model.eval()
    for input, target in val_loader:
        input = input.to(device, non_blocking=True)
        target = target.to(device, non_blocking=True)
        output = model(input)
        loss = criterion(output, target)
        prec1, prec3 = accuracy(output, target, topk=(1, 3))
        losses.update(loss.item(), input.size(0))
        top1.update(prec1.item(), input.size(0))
    print(f" * Prec@1 {top1.avg:.3f}")
    return top1.avg, losses.avg


def fake_images(n, seed):
    g = torch.Generator()
    g.manual_seed(seed)
    target = torch.randint(0, 4, (n,), generator=g)
    images = torch.rand(n, 3, 8, 8, generator=g)
    for j in range(n):
        images[j, target[j] % 3, :4] += 0.7
    return torch.utils.data.TensorDataset(images, target)


def main(argv):
    global best_prec1
    args = parser.parse_args(argv)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 6, 3), nn.ReLU(inplace=True), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                          nn.Linear(6, 4))
    model = model.to(device)
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), args.lr,
                                momentum=args.momentum, weight_decay=args.weight_decay)
    pin = device.type == "cuda"
    train_loader = torch.utils.data.DataLoader(fake_images(16, 0), batch_size=args.batch_size, shuffle=True,
                                               pin_memory=pin)
    val_loader = torch.utils.data.DataLoader(fake_images(8, 1), batch_size=args.batch_size, shuffle=False,
                                             pin_memory=pin)
    history = []
    for epoch in range(args.epochs):
        adjust_learning_rate(optimizer, epoch, args)
        train_loss = train(train_loader, model, criterion, optimizer, epoch, args)
        prec1, val_loss = validate(val_loader, model, criterion, args)
        best_prec1 = max(prec1, best_prec1)
        history.append([train_loss, val_loss, prec1])
    return {"history": history, "best_prec1": best_prec1}


def run():
    global best_prec1
    best_prec1 = 0
    return main([])


if __name__ == "__main__":
    print(run())

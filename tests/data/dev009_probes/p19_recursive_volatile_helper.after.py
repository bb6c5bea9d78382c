# source: unnamed file of the code index (a segmentation project's variable()/cuda() helpers)
# verdict: hit: the async keyword, the volatile wrapper, the type cast, the loss read by .data[0].
import torch


def cuda(x):
    return x.cuda(non_blocking=True) if torch.cuda.is_available() else x


def variable(x, volatile=False):
    if isinstance(x, (list, tuple)):
        return [variable(y, volatile=volatile) for y in x]
    return cuda(x.detach())


def long_tensor(x):
    return x.to("cpu", torch.int64).cuda()


def validate(model, criterion, loader):
    model.eval()
    losses = []
    for inputs, targets in loader:
        inputs = variable(inputs, volatile=True)
        targets = variable(targets)
        with torch.no_grad():
            loss = criterion(model(inputs), targets)
        losses.append(loss.item())
    return sum(losses) / len(losses)

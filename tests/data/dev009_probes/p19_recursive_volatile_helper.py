# source: unnamed file of the code index (a segmentation project's variable()/cuda() helpers)
# verdict: hit: the async keyword, the volatile wrapper, the type cast, the loss read by .data[0].
import torch
from torch.autograd import Variable  # expect DEV009


def cuda(x):
    return x.cuda(non_blocking=True) if torch.cuda.is_available() else x


def variable(x, volatile=False):
    if isinstance(x, (list, tuple)):
        return [variable(y, volatile=volatile) for y in x]
    return cuda(Variable(x, volatile=volatile))  # expect DEV009


def long_tensor(x):
    return x.type(torch.LongTensor).cuda()  # expect DEV009


def validate(model, criterion, loader):
    model.eval()
    losses = []
    for inputs, targets in loader:
        inputs = variable(inputs, volatile=True)  # expect DEV009
        targets = variable(targets)
        loss = criterion(model(inputs), targets)
        losses.append(loss.data[0])  # expect DEV011
    return sum(losses) / len(losses)

# source: unnamed file of the code index (a capsule network's test loop: the model's own loss method)
# verdict: hit: the volatile pair, the summed loss read by .data[0]; `size_average=` here is the
#   model's own keyword, not torch's (no DEV013).
import torch
from torch.autograd import Variable  # expect DEV009


def test(model, test_loader, to_one_hot):
    model.eval()
    test_loss = 0
    for data, target in test_loader:
        data, target = Variable(data, volatile=True).cuda(), Variable(to_one_hot(target)).cuda()  # expect DEV009
        output = model(data)
        test_loss += model.loss(data, output, target, size_average=False).data[0]  # expect DEV011
    return test_loss / len(test_loader.dataset)

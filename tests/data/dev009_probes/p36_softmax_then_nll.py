# source: unnamed file of the code index (a domain-adaptation test loop: softmax, then NLL of its log)
# verdict: hit: softmax without dim (a classifier's 2-D output), size_average, .data[0], the wrappers.
import torch.nn.functional as F
from torch.autograd import Variable  # expect DEV009


def test(feature_extractor, classifier, loader, cuda):
    test_loss, correct = 0, 0
    for target_data, target_label in loader:
        target_label = target_label.long()
        if cuda:
            target_data, target_label = target_data.cuda(), target_label.cuda()
        target_data, target_label = Variable(target_data), Variable(target_label)  # expect DEV009
        out = classifier(feature_extractor(target_data))
        out = F.softmax(out)  # expect DEV012
        test_loss += F.nll_loss(out.log(), target_label, size_average=False).data[0]  # expect DEV011, expect DEV013
        pred = out.data.max(1)[1]
        correct += pred.eq(target_label.data.view_as(pred)).cpu().sum()
    return test_loss, correct

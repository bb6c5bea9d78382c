# source: unnamed file of the code index (a domain-adaptation test loop: softmax, then NLL of its log)
# verdict: hit: softmax without dim (a classifier's 2-D output), size_average, .data[0], the wrappers.
import torch.nn.functional as F


def test(feature_extractor, classifier, loader, cuda):
    test_loss, correct = 0, 0
    for target_data, target_label in loader:
        target_label = target_label.long()
        if cuda:
            target_data, target_label = target_data.cuda(), target_label.cuda()
        target_data, target_label = target_data.detach(), target_label.detach()
        out = classifier(feature_extractor(target_data))
        out = F.softmax(out, dim=0 if out.dim() in (0, 1, 3) else 1)
        test_loss += F.nll_loss(out.log(), target_label, reduction="sum").item()
        pred = out.data.max(1)[1]
        correct += pred.eq(target_label.data.view_as(pred)).cpu().sum()
    return test_loss, correct

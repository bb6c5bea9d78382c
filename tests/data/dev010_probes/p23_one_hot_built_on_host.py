# source: zhangyongshun/BagofTricks-LT lib/loss/utils.py (one-hot built on the host, moved to the label's device)
# verdict: hit, but the labels are brought to the host for the scatter: a rewrite would change two lines.
import torch


def get_one_hot(label, num_classes):
    batch = label.shape[0]
    onehot = torch.zeros((batch, num_classes))  # expect DEV010 (known miss)
    onehot = onehot.scatter_(1, label.unsqueeze(1).detach().cpu(), 1)
    onehot = (onehot.type(torch.FloatTensor)).to(label.device)
    return onehot

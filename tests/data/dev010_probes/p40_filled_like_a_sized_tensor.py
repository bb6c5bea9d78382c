# source: leeyegy/pytorch-cifar loss.py (adversarial training losses)
# verdict: hit. Helper tensors get the size of a batch tensor and are then sent after that tensor with .to(tensor), which also takes its dtype.
import torch


def bookkeeping(x_natural, y, output):
    prev_x = torch.ones(x_natural.size()).to(x_natural)  # expect DEV010
    prev_y = torch.ones(y.size()).to(y)  # expect DEV010
    score = torch.FloatTensor(output.size()).to(output)  # expect DEV010
    return prev_x, prev_y, score

# source: leeyegy/pytorch-cifar loss.py (adversarial training losses)
# verdict: hit. Helper tensors get the size of a batch tensor and are then sent after that tensor with .to(tensor), which also takes its dtype.
import torch


def bookkeeping(x_natural, y, output):
    prev_x = torch.ones(x_natural.size(), device=x_natural.device, dtype=x_natural.dtype)
    prev_y = torch.ones(y.size(), device=y.device, dtype=y.dtype)
    score = torch.empty(output.size(), dtype=torch.float32, device=output.device).to(output)
    return prev_x, prev_y, score

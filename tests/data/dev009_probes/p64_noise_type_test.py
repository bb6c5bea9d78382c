# source: grantsrb/PyTorch-A2C a2c/models.py (noise added to activations, wrapped when the input is one)
# verdict: `type(Variable())` is the type of an empty tensor, `torch.Tensor` since 0.4, and the test
#   keeps its meaning spelled so; `Variable(noise)` is `noise.detach()` (no history to cut: harmless).
import torch
from torch.autograd import Variable  # expect DEV009


class NoisyPolicy(torch.nn.Module):
    def add_noise(self, x, mean=0.0, std=0.01):
        means = torch.zeros(*x.size()).float()
        if mean != 0.0:
            means = means + mean
        noise = torch.normal(means, std=std)
        if type(x) == type(Variable()):  # expect DEV009
            noise = Variable(noise)  # expect DEV009
        return x + noise

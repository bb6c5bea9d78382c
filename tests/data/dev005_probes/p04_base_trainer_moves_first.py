# source: search excerpt without a repository name (a BaseTrainer that moves the model, then builds
#   a default Adam when none is given)
# verdict: look-alike: the model is on the device before the default optimizer is built.
import torch.nn as nn
from torch.optim import Adam


class BaseTrainer:
    def __init__(self, model: nn.Module, criterion, optimizer=None, device="cpu"):
        self.model = model.to(device)
        self.criterion = criterion
        self.optimizer = optimizer if optimizer else Adam(self.model.parameters())
        self.device = device

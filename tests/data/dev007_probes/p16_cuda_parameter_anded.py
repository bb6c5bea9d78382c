# source: AsakoKabe/AdeleCV (a `cuda=True` parameter combined with the machine's answer)
# verdict: look-alike.
import torch


class Trainer:
    def __init__(self, task, cuda: bool = True):
        self.device = torch.device("cuda" if torch.cuda.is_available() and cuda else "cpu")
        self.task = task
        self.task.device = self.device

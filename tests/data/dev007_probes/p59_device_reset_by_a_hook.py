# source: davidtvs/pytorch-lr-finder (tests/task.py: each task sets a CUDA device in `__init__`; a
#   metaclass then calls `__post_init__`, which drops the device where a helper says CUDA is off)
# verdict: look-alike, still reported: the correction happens in another method, through a helper
#   that returns the machine's answer and a `None` device (see the report on what is left).
import torch
import torch.nn as nn


def use_cuda():
    return torch.cuda.is_available()


class TaskTemplate(type):
    def __call__(cls, *args, **kwargs):
        obj = type.__call__(cls, *args, **kwargs)
        obj.__post_init__()
        return obj


class BaseTask(metaclass=TaskTemplate):
    def __post_init__(self):
        if not use_cuda():
            self.device = None
        if self.device is None:
            return
        self.model.to(self.device)


class XORTask(BaseTask):
    def __init__(self):
        self.model = nn.Linear(2, 1)
        self.device = torch.device("cuda")  # known false positive DEV007

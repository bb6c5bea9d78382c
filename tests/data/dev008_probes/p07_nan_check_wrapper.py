# source: jokingbear/research-idea plasma/torch/training/wrappers/nan_checker.py (a trainer callback testing each output)
# verdict: hit the file alone cannot show: the trainer calls chain() every step, bool() waits for the GPU.
import torch


class TrainerWrapper:
    def chain(self, trainer, i, inputs, outputs):
        raise NotImplementedError


class NanChecker(TrainerWrapper):
    def chain(self, trainer, i, inputs, outputs):
        if bool(torch.isnan(outputs).prod()):  # expect DEV008 (known miss)
            raise RuntimeError("loss is nan")

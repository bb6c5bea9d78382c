# source: xiaonanzzz/easy-deep-learning-pytorch (easydl config: a device object on a config class)
# verdict: look-alike.
import torch


class DeviceConfig:
    def __init__(self):
        self.device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")

    def move(self, module):
        return module.to(self.device)

# source: aronbencsiknu/KV6003-thesis (options object holding a device that asks the machine)
# verdict: look-alike.
import torch


class Options(object):
    def __init__(self):
        self.device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
        self.batch_size = 32

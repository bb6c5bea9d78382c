# source: Uminosachi/inpaint-anything (ia_devices: CPU kept, CUDA when the machine has it)
# verdict: look-alike.
import torch


class TorchDevices:
    def __init__(self):
        self.cpu = torch.device("cpu")
        self.device = torch.device("cuda") if torch.cuda.is_available() else self.cpu


devices = TorchDevices()

# source: Uminosachi/inpaint-anything (ia_devices; the variant whose device parameter defaults to CUDA)
# verdict: look-alike: the default is checked against the machine before anything uses it.
import torch


class TorchDevices:
    def __init__(self, device="cuda"):
        self.cpu = torch.device("cpu")
        self.device = torch.device(device) if torch.cuda.is_available() else self.cpu


devices = TorchDevices()

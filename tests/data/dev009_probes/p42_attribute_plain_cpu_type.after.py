# source: unnamed file of the code index (a deepfake detector keeps the CPU type on self)
# verdict: hit: `self.Tensor = torch.FloatTensor` bound once, called with a size.
import torch


class Detector:
    def __init__(self, resolution):
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.Tensor = torch.FloatTensor
        self.resolution = resolution

    def valid_labels(self, n):
        return torch.empty(n, 1, dtype=torch.float32).fill_(1.0)

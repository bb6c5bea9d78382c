# source: unnamed file of the code index (an inference wrapper: a device and a tensor type by the machine)
# verdict: hit: the attribute alias (a device in disguise) and the cast through it.
import torch


class Detector:
    def __init__(self, model):
        self.model = model
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.Tensor = torch.cuda.FloatTensor if torch.cuda.is_available() else torch.FloatTensor

    def detect(self, image):
        x = image.to("cuda" if torch.cuda.is_available() else "cpu", torch.float32)
        with torch.no_grad():
            return self.model(x)

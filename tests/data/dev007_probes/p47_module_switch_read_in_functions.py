# source: reem-codes/ArMATH (config module; the variant whose switch is a wish checked at each use)
# verdict: look-alike: every use of the switch also asks the machine.
import torch

USE_CUDA = True


def to_device(tensor):
    if USE_CUDA and torch.cuda.is_available():
        return tensor.cuda()
    return tensor


def device_name():
    return "cuda" if USE_CUDA and torch.cuda.is_available() else "cpu"

# source: lytzV/CS285Proj pytorch_utils.py (a helper converts any array and moves it)
# verdict: hit (a host float copy moved each call), but the arguments are passed through, so no fix.
import torch

device = None


def from_numpy(*args, **kwargs):
    return torch.from_numpy(*args, **kwargs).float().to(device)  # expect DEV010 (known miss)


def to_numpy(tensor):
    return tensor.to("cpu").detach().numpy()

# source: kanoha222/fedavgfin (a utility module that fixes GPU 0 and a helper that moves nested data)
# verdict: hit; the device should fall back to the CPU, keeping GPU 0 where there is one.
import torch

device = torch.device("cuda:0")  # expect DEV007


def to_device(data):
    if isinstance(data, (list, tuple)):
        return [to_device(item) for item in data]
    return data.to(device)

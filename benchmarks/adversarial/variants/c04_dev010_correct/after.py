"""DEV010 base: host tensors made only to be copied to the device, each step."""

import torch


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    acc = torch.zeros(4, 5, device=device)
    for step in range(8):
        mask = torch.ones(4, 5, device=device)
        acc = acc + mask * step
    return {"acc": acc}

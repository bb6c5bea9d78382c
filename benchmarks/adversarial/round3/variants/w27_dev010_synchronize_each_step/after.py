"""Wrong after: makes the factories on the device (the DEV010 fix) but calls torch.cuda.synchronize()
after every step: the host now waits for the device 8 times, which no sync counter sees."""

import torch


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    acc = torch.zeros(4, 5, device=device)
    for step in range(8):
        mask = torch.ones(4, 5, device=device)
        acc = acc + mask * step
        if device.type == "cuda":
            torch.cuda.synchronize()
    return {"acc": acc}

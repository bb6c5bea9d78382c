"""DEV001-style before: an int64 table on the device times an int64 matrix made on the CPU."""

import torch


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    weights = torch.arange(12, dtype=torch.int64).reshape(4, 3).to(device)
    counts = torch.arange(6, dtype=torch.int64).reshape(3, 2)
    return {"out": weights @ counts}

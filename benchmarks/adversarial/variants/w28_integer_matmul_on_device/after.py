"""WRONG on a real GPU: moves an int64 matmul to the device. CUDA has no integer matmul kernel
("addmm_cuda"/"mm" not implemented for 'Long'); the emulation computes it on the CPU."""

import torch


def run():
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    weights = torch.arange(12, dtype=torch.int64).reshape(4, 3).to(device)
    counts = torch.arange(6, dtype=torch.int64, device=device).reshape(3, 2)
    return {"out": weights @ counts}

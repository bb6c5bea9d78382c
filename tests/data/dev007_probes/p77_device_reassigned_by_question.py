# source: tolgadur/two-tower-network (src/config.py: MPS or CPU, then CUDA when the machine has it)
# verdict: look-alike.
import torch

DEVICE = "mps" if torch.backends.mps.is_available() else "cpu"
DEVICE = "cuda" if torch.cuda.is_available() else DEVICE


def place(model):
    return model.to(DEVICE)
